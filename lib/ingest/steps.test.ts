import { describe, expect, it } from "vitest";
import { TEXT_PER_STEP } from "./decode";
import { parseFileSteps } from "./parse-file";

/** How many times the work paused: the points where the server lets other requests run. */
function pauses(steps: Generator<void, unknown, undefined>): number {
  let count = 0;
  while (!steps.next().done) count += 1;
  return count;
}

describe("parsing in steps", () => {
  it("pauses every TEXT_PER_STEP of text however few the lines: a transcript of long lines is not read in one step", () => {
    const output = "x".repeat(300 * 1024);
    const line = (i: number) =>
      JSON.stringify({
        type: "user",
        uuid: `u${i}`,
        parentUuid: null,
        sessionId: "s1",
        message: { role: "user", content: output },
      });
    const file = Buffer.from(Array.from({ length: 20 }, (_, i) => line(i)).join("\n"));
    const megabytes = file.length / TEXT_PER_STEP;
    // Decoded, parsed and redacted: three passes over the text, each pausing at least once a megabyte.
    expect(pauses(parseFileSteps(file, "s1.jsonl"))).toBeGreaterThanOrEqual(3 * (Math.floor(megabytes) - 1));
  });
});
