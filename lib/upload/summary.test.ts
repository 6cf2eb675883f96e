import { describe, expect, it } from "vitest";
import type { FileResult, FinalStatus } from "./answer";
import type { UploadRow } from "./queue";
import { summariseUploads } from "./summary";

const result = (
  format: string,
  accepted: number,
  duplicates = 0,
  rejected = 0,
  sessionIds: string[] = [],
): FileResult => ({
  name: "f",
  format,
  accepted,
  duplicates,
  rejected,
  errors: [],
  sessions: sessionIds.map((id) => ({ id, project: "p", externalId: `uuid-${id}` })),
  project: null,
  waitingFor: null,
});
let nextId = 0;
const row = (status: UploadRow["status"], files: FileResult[] = [], message: string | null = null): UploadRow => ({
  id: ++nextId,
  path: `p${nextId}.jsonl`,
  size: 1,
  status,
  progress: 0,
  outcome: status === "queued" || status === "uploading" ? null : { status: status as FinalStatus, files, message },
});

describe("summariseUploads", () => {
  it("is all zeros for no rows", () => {
    expect(summariseUploads([])).toEqual({
      files: 0,
      finished: 0,
      sessionsStored: 0,
      duplicates: 0,
      rejected: 0,
      failed: 0,
      waiting: { files: 0, sessions: 0, projects: [] },
    });
  });

  it("counts a session once however many of its sub-agent files were stored", () => {
    const rows = [
      row("stored", [result("claude-code", 1, 0, 0, ["7"])]),
      row("stored", [result("claude-code", 1, 0, 0, ["7"])]),
      row("stored", [result("claude-code-agent-meta", 1, 0, 0, ["7"])]),
      row("stored", [result("claude-code", 1, 0, 0, ["8"])]),
      row("stored", [result("claude-code", 1)]),
    ];
    expect(summariseUploads(rows).sessionsStored).toBe(2);
  });

  it("adds up finished rows and leaves out pattern files from sessions", () => {
    const rows = [
      row("stored", [result("claude-code", 1, 0, 0, ["1"])]),
      row("stored", [result("acos-trajectories", 20, 0, 2)]),
      row("stored", [result("acos-patterns", 12)]),
      row("duplicate", [result("claude-code", 0, 1)]),
      row("rejected", [result("unknown", 0, 0, 1)]),
      row("failed", [], "The upload is larger than the 5 MB limit."),
      row("uploading"),
      row("queued"),
    ];
    expect(summariseUploads(rows)).toEqual({
      files: 8,
      finished: 6,
      sessionsStored: 21,
      duplicates: 1,
      rejected: 3,
      failed: 1,
      waiting: { files: 0, sessions: 0, projects: [] },
    });
  });

  it("counts the sub-agents' files waiting for their main transcript, and the sessions they wait for", () => {
    const waiting = (externalId: string, accepted: number, project = "p"): FileResult => ({
      ...result("claude-code", accepted, 1 - accepted),
      waitingFor: { project, externalId },
    });
    const rows = [
      row("waiting", [waiting("s1", 1)]),
      row("waiting", [waiting("s1", 0)]),
      row("waiting", [waiting("s2", 1, "a")]),
      row("stored", [result("claude-code", 1, 0, 0, ["3"])]),
    ];
    expect(summariseUploads(rows)).toMatchObject({
      sessionsStored: 1,
      duplicates: 1,
      waiting: { files: 3, sessions: 2, projects: ["a", "p"] },
    });
  });
});
