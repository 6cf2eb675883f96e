import { describe, expect, it } from "vitest";
import type { Outcome } from "./answer";
import { queueReducer, type UploadRow } from "./queue";

const added = queueReducer([], {
  type: "add",
  files: [
    { id: 1, path: "a/x.jsonl", size: 10 },
    { id: 2, path: "b.json", size: 5 },
  ],
});
const stored: Outcome = {
  status: "stored",
  files: [
    {
      name: "a/x.jsonl",
      format: "claude-code",
      accepted: 1,
      duplicates: 0,
      rejected: 0,
      errors: [],
      sessions: [],
      project: "a",
      waitingFor: null,
    },
  ],
  message: null,
};
const byId = (rows: UploadRow[], id: number) => rows.find((r) => r.id === id)!;

describe("queueReducer", () => {
  it("adds files as queued with no progress", () => {
    expect(added.map((r) => [r.path, r.status, r.progress, r.outcome])).toEqual([
      ["a/x.jsonl", "queued", 0, null],
      ["b.json", "queued", 0, null],
    ]);
  });

  it("tracks progress of an uploading row only, never backwards", () => {
    let rows = queueReducer(added, { type: "start", id: 1 });
    rows = queueReducer(rows, { type: "progress", id: 1, progress: 0.6 });
    rows = queueReducer(rows, { type: "progress", id: 1, progress: 0.4 });
    rows = queueReducer(rows, { type: "progress", id: 2, progress: 0.5 });
    expect(byId(rows, 1)).toMatchObject({ status: "uploading", progress: 0.6 });
    expect(byId(rows, 2)).toMatchObject({ status: "queued", progress: 0 });
  });

  it("finishes a row with the server's outcome and a full bar", () => {
    let rows = queueReducer(added, { type: "start", id: 1 });
    rows = queueReducer(rows, { type: "finish", id: 1, outcome: stored });
    expect(byId(rows, 1)).toMatchObject({ status: "stored", progress: 1, outcome: stored });
  });

  it("fills the bar of a request that failed part way too: a finished row is never left short", () => {
    let rows = queueReducer(added, { type: "start", id: 2 });
    rows = queueReducer(rows, { type: "progress", id: 2, progress: 0.3 });
    rows = queueReducer(rows, {
      type: "finish",
      id: 2,
      outcome: { status: "failed", files: [], message: "Network error" },
    });
    expect(byId(rows, 2)).toMatchObject({ status: "failed", progress: 1 });
  });

  it("resets to an empty list", () => {
    expect(queueReducer(added, { type: "reset" })).toEqual([]);
  });
});
