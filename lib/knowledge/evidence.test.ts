import { describe, expect, it } from "vitest";
import type { KnowledgeEvidence } from "./contract";
import { retireSuperseded, supersededBy } from "./evidence";

const item = (key: string, firstSeen: number | null, lastSeen: number | null, sessions = 2) => ({
  key,
  group: key.split(":")[0],
  evidence: { sessions, occurrences: sessions, firstSeen, lastSeen, refs: [] } satisfies KnowledgeEvidence,
});
const sameGroup = (a: ReturnType<typeof item>, b: ReturnType<typeof item>) => a.group === b.group;

describe("supersededBy", () => {
  it("names the newer item of the same use that started after the older one was last seen, the latest of several", () => {
    const pip = item("install:pip", 1, 10);
    const poetry = item("install:poetry", 11, 20);
    const uv = item("install:uv", 21, 30);
    const replaced = supersededBy([pip, poetry, uv], sameGroup);
    expect(replaced.get(pip)).toBe(uv);
    expect(replaced.get(poetry)).toBe(uv);
    expect(replaced.has(uv)).toBe(false);
  });

  it("leaves alone forms used side by side, of other uses, or without times", () => {
    const a = item("test:a", 1, 20);
    const b = item("test:b", 10, 30);
    const lint = item("lint:x", 40, 50);
    const untimed = item("test:c", null, null);
    expect(supersededBy([a, b, lint, untimed], sameGroup).size).toBe(0);
  });
});

describe("retireSuperseded", () => {
  it("retires an item the newer one replaced in enough sessions, and marks and ranks below one it replaced in one", () => {
    const old = item("test:jest", 1, 10);
    expect(retireSuperseded([old, item("test:vitest", 11, 20, 2)], sameGroup, (n) => n.key).map((i) => i.key)).toEqual([
      "test:vitest",
    ]);
    const kept = retireSuperseded([old, item("test:vitest", 11, 20, 1)], sameGroup, (n) => n.key);
    expect(kept.map((i) => [i.key, i.olderThan])).toEqual([
      ["test:vitest", undefined],
      ["test:jest", { by: "test:vitest", since: 11 }],
    ]);
  });
});
