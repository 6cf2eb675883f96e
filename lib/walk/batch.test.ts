import { describe, expect, it } from "vitest";
import { planBatches, splitBatch } from "./batch";
import type { FileGroup } from "./files";

const group = (label: string, ...sizes: number[]): FileGroup => ({
  label,
  files: sizes.map((size, i) => ({ path: `/x/${label}/${i}`, name: `${label}/${i}`, size, mtimeMs: 0 })),
  subagents: sizes.length - 1,
  session: true,
});

describe("planBatches", () => {
  it("packs groups in order up to the file and byte limits, never splitting a group", () => {
    const batches = planBatches([group("a", 10, 10), group("b", 10), group("c", 10, 10, 10), group("d", 100)], {
      maxFiles: 3,
      maxBytes: 50,
    });
    expect(batches.map((b) => b.groups.map((g) => g.label))).toEqual([["a", "b"], ["c"], ["d"]]);
    expect(batches.map((b) => [b.files, b.bytes])).toEqual([
      [3, 30],
      [3, 30],
      [1, 100],
    ]);
  });

  it("sends a group over the limits alone, and nothing for no groups", () => {
    expect(planBatches([group("big", 1, 1, 1, 1)], { maxFiles: 2, maxBytes: 1 }).map((b) => b.files)).toEqual([4]);
    expect(planBatches([], { maxFiles: 2, maxBytes: 1 })).toEqual([]);
  });
});

describe("splitBatch", () => {
  it("halves a batch by its groups, never splitting one, and cannot split a single group", () => {
    const [batch] = planBatches([group("a", 1, 1), group("b", 2), group("c", 3), group("d", 4, 4)], {
      maxFiles: 10,
      maxBytes: 100,
    });
    const halves = splitBatch(batch!);
    expect(halves?.map((b) => b.groups.map((g) => g.label))).toEqual([
      ["a", "b"],
      ["c", "d"],
    ]);
    expect(halves?.map((b) => [b.files, b.bytes])).toEqual([
      [3, 4],
      [3, 11],
    ]);
    const [odd] = planBatches([group("a", 1), group("b", 1), group("c", 1)], { maxFiles: 10, maxBytes: 100 });
    expect(splitBatch(odd!)?.map((b) => b.files)).toEqual([2, 1]);
    expect(splitBatch(planBatches([group("big", 1, 1, 1)], { maxFiles: 10, maxBytes: 100 })[0]!)).toBeNull();
  });
});
