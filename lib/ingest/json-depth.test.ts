import { describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH, nestedDeeperThan } from "@/lib/ingest/json-depth";

const arrays = (depth: number) => JSON.parse(`${"[".repeat(depth)}${"]".repeat(depth)}`) as unknown;
const objects = (depth: number) => JSON.parse(`${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`) as unknown;

describe("nestedDeeperThan", () => {
  it("counts arrays and objects nested inside one another, up to the limit and no further", () => {
    expect(nestedDeeperThan(arrays(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(nestedDeeperThan(arrays(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
    expect(nestedDeeperThan(objects(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(nestedDeeperThan(objects(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
    expect(nestedDeeperThan("text", 0)).toBe(false);
    expect(nestedDeeperThan({ wide: Array.from({ length: 10_000 }, () => ({ a: [1] })) }, 4)).toBe(false);
    expect(nestedDeeperThan({ wide: Array.from({ length: 10_000 }, () => ({ a: [1] })) }, 3)).toBe(true);
  });

  it("answers for a value far deeper than the stack could walk (found by fuzzing: 20,000 levels)", () => {
    expect(nestedDeeperThan(arrays(20_000), MAX_JSON_DEPTH)).toBe(true);
  });
});
