import { describe, expect, it } from "vitest";
import { makeSession } from "@/test/factories/session";
import { fileRows, memoryRow, operationRows, sessionMemoryRow, sessionRow } from "@/lib/ingest/session-rows";
import { computeFeatures } from "@/lib/learn/features";
import { sessionMemory } from "@/lib/learn/memory";
import type { Operation } from "@/lib/session";

const session = makeSession({
  externalId: "traj_1",
  startedAt: 1_000,
  endedAt: 61_000,
  toolBreakdown: { Read: 2, Edit: 1 },
  filesRead: ["a.ts"],
  filesModified: ["a.ts", "b.ts"],
  models: ["claude"],
  raw: { id: "traj_1", successScore: 0.9 },
});

describe("sessionRow", () => {
  it("holds the session's columns, its features and its category, with no id until one is kept", () => {
    const { row, features, category } = sessionRow(7, session);
    expect(features).toEqual(computeFeatures(session));
    expect(row).toMatchObject({
      id: null,
      project_id: 7,
      format: "acos",
      external_id: "traj_1",
      domain: features.domain,
      category,
      started_at: 1_000,
      ended_at: 61_000,
      success_score: 0.9,
      success_source: "reported",
      models: '["claude"]',
      tool_breakdown: '{"Read":2,"Edit":1}',
      operation_count: features.operationCount,
      files_modified_count: 2,
      raw: '{"id":"traj_1","successScore":0.9}',
      original_score: null,
      overridden_at: null,
    });
  });

  it("stores a person's override as the score, keeping what the source said and the id it is given", () => {
    const { row, stored } = sessionRow(7, session, { id: 42, override: { score: 0.1, at: 99 } });
    expect(stored.success).toEqual({ score: 0.1, source: "override", signals: [] });
    expect(row).toMatchObject({
      id: 42,
      success_score: 0.1,
      success_source: "override",
      original_score: 0.9,
      original_source: "reported",
      overridden_at: 99,
    });
  });
});

describe("operationRows and fileRows", () => {
  it("list the operations in order, and the files read then modified, each with the session's id", () => {
    const op: Operation = {
      seq: 0,
      tool: "Bash",
      file: null,
      command: "npm test",
      isError: true,
      at: 5,
      delegated: false,
      output: "Exit code 1",
    };
    expect(operationRows(3, makeSession({ operations: [op] }))).toEqual([
      {
        session_id: 3,
        seq: 0,
        tool: "Bash",
        file: null,
        command: "npm test",
        is_error: 1,
        at: 5,
        delegated: 0,
        output: "Exit code 1",
      },
    ]);
    expect(operationRows(3, session)).toEqual([]);
    expect(fileRows(3, session)).toEqual([
      { session_id: 3, role: "read", path: "a.ts" },
      { session_id: 3, role: "modified", path: "a.ts" },
      { session_id: 3, role: "modified", path: "b.ts" },
    ]);
  });
});

describe("memoryRow", () => {
  const draft = { category: "pattern" as const, content: "c", tags: ["a", "b"], confidence: 0.5, source: "s" };

  it("dates a memory from its evidence, never later than now", () => {
    expect(memoryRow(1, draft, { patternId: 4 }, 500, 1_000)).toEqual({
      project_id: 1,
      category: "pattern",
      content: "c",
      tags: "a b",
      confidence: 0.5,
      source: "s",
      session_id: null,
      pattern_id: 4,
      created_at: 500,
    });
    expect(memoryRow(1, draft, {}, 5_000, 1_000).created_at).toBe(1_000);
    expect(memoryRow(1, draft, {}, null, 1_000).created_at).toBe(1_000);
  });

  it("writes a session's memory from the session as stored, linked to its row", () => {
    const stored = sessionRow(7, session);
    const row = sessionMemoryRow(7, "shop", stored, 3);
    const expected = sessionMemory("shop", stored.stored, stored.features, stored.category);
    expect(row).toMatchObject({
      project_id: 7,
      content: expected.content,
      source: expected.source,
      session_id: 3,
      pattern_id: null,
      created_at: 61_000,
    });
  });
});
