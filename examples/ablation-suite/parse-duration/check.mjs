// The task's check, outside the working copy the agent sees: exit 0 when parseDuration is right, 1 when it is not.
import { pathToFileURL } from "node:url";

try {
  const { parseDuration } = await import(pathToFileURL(`${process.cwd()}/src/duration.mjs`).href);
  const cases = [["90s", 90_000], ["15m", 900_000], ["1h30m", 5_400_000], ["2d", 172_800_000], ["1d2h3m4s", 93_784_000]];
  for (const [text, want] of cases) if (parseDuration(text) !== want) throw new Error(`parseDuration(${JSON.stringify(text)}) is ${parseDuration(text)}, want ${want}`);
  for (const bad of ["", "5", "1m1h", "1x", "h"]) {
    let threw = null;
    try {
      parseDuration(bad);
    } catch (error) {
      threw = error;
    }
    if (!(threw instanceof RangeError)) throw new Error(`parseDuration(${JSON.stringify(bad)}) did not throw a RangeError`);
  }
} catch (error) {
  console.error(`not done: ${error.message}`);
  process.exit(1);
}
