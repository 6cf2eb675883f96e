// The task's check, outside the working copy the agent sees: exit 0 when range() is right, 1 when it is not.
import { pathToFileURL } from "node:url";

try {
  const { range } = await import(pathToFileURL(`${process.cwd()}/src/range.mjs`).href);
  const cases = [[0, []], [1, [0]], [3, [0, 1, 2]], [5, [0, 1, 2, 3, 4]]];
  for (const [n, want] of cases) {
    if (JSON.stringify(range(n)) !== JSON.stringify(want)) throw new Error(`range(${n}) is ${JSON.stringify(range(n))}, want ${JSON.stringify(want)}`);
  }
} catch (error) {
  console.error(`not done: ${error.message}`);
  process.exit(1);
}
