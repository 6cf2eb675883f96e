import { describe, expect, it } from "vitest";
import { sampleContent } from "@/test/factories/guidance";
import type { HotSpotItem } from "@/lib/knowledge/contract";
import { citedSessions, itemProvenance } from "./provenance";
import { reviewByDefault } from "./review";

const hotSpot: HotSpotItem = {
  kind: "hot-spot",
  key: "hot-spot:src/a.ts",
  file: "src/a.ts",
  evidence: {
    sessions: 3,
    occurrences: 3,
    lastSeen: null,
    refs: [
      { sessionId: 1, seq: 2 },
      { sessionId: 2, seq: 1 },
      { sessionId: 3, seq: null },
      { sessionId: 1, seq: 5 },
    ],
  },
};
const project = [
  { label: "a@x (token sl_1…)", sessions: 40 },
  { label: null, sessions: 2 },
];

describe("itemProvenance", () => {
  it("names the uploaders of the sessions a knowledge item cites, each session once, most first", () => {
    const cited = new Map<number, string | null>([
      [1, "mallory@x (token sl_9…)"],
      [2, "alice@x"],
      [3, "mallory@x (token sl_9…)"],
    ]);
    expect(itemProvenance({ section: "knowledge", item: hotSpot }, cited, project)).toEqual({
      basis: "cited",
      uploaders: [
        { label: "mallory@x (token sl_9…)", sessions: 2 },
        { label: "alice@x", sessions: 1 },
      ],
    });
    expect(citedSessions([{ section: "knowledge", item: hotSpot }])).toEqual([1, 2, 3]);
  });

  it("gives rules, lessons and checklists the project's sessions per uploader, pinned memories their pinner, cross-project items their projects", () => {
    const content = sampleContent();
    expect(itemProvenance({ section: "rules", item: content.rules[0]! }, new Map(), project)).toEqual({
      basis: "project",
      uploaders: project,
    });
    expect(
      itemProvenance(
        { section: "pinned", item: { id: 1, category: "insight", content: "x", pinnedBy: "o@x" } },
        new Map(),
        project,
      ),
    ).toEqual({ basis: "pinned", by: "o@x" });
    expect(
      itemProvenance({ section: "crossProject", item: content.crossProject[0]! }, new Map(), project),
    ).toMatchObject({ basis: "projects" });
  });
});

describe("reviewByDefault", () => {
  it("is on once more than one member or uploader can put sessions in the project", () => {
    expect(reviewByDefault({ members: 1, uploaders: 1 })).toBe(false);
    expect(reviewByDefault({ members: 0, uploaders: 0 })).toBe(false);
    expect(reviewByDefault({ members: 2, uploaders: 1 })).toBe(true);
    expect(reviewByDefault({ members: 1, uploaders: 2 })).toBe(true);
  });
});
