import { expect } from "vitest";
import type { ParsedFile, RecordError } from "@/lib/ingest/parse-file";
import { toolPatternContract, sessionContract } from "./session-contract";

/** Lines of a file as the parsers count them (1 + the number of `\n`). */
function lineCount(content: Uint8Array | string): number {
  let lines = 1;
  if (typeof content === "string") {
    for (let i = 0; i < content.length; i++) if (content.charCodeAt(i) === 10) lines++;
  } else {
    for (const byte of content) if (byte === 10) lines++;
  }
  return lines;
}

/** Fails unless `error` names a line from 1 to `lines` (or none), a field or none, and why. */
export function expectRecordError(error: RecordError, lines: number): void {
  if (error.line !== null)
    expect(
      Number.isInteger(error.line) && error.line >= 1 && error.line <= lines,
      `error line ${error.line} of ${lines}`,
    ).toBe(true);
  if (error.field !== null) expect(error.field).not.toBe("");
  expect(typeof error.message === "string" && error.message.length > 0, "error message").toBe(true);
}

const isObject = (value: unknown) => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Fails unless `parsed` is a well-formed answer for a file of `content`: what it holds matches its format and
 * the session contract, and each error names a line within the file (or none), a field or none, and why.
 */
export function expectWellFormed(parsed: ParsedFile, content: Uint8Array | string): void {
  const lines = lineCount(content);
  expect(parsed.rejected).toBe(parsed.errors.length);
  for (const error of parsed.errors) expectRecordError(error, lines);

  const oneSession = parsed.format === "gemini" || parsed.format === "opencode" || parsed.format === "antigravity";
  expect(
    parsed.format === "acos-trajectories" || oneSession || parsed.sessions.length === 0,
    "sessions only from a session file or a session file",
  ).toBe(true);
  expect(
    !oneSession || parsed.sessions.length <= 1,
    "a Gemini, OpenCode or Antigravity session file holds one session",
  ).toBe(true);
  expect(parsed.format === "acos-patterns" || parsed.patterns.length === 0, "patterns only from a patterns file").toBe(
    true,
  );
  expect(parsed.transcript !== null, "transcript iff claude-code").toBe(parsed.format === "claude-code");
  expect(parsed.rollout !== null, "rollout iff codex").toBe(parsed.format === "codex");
  expect(
    parsed.agentMeta === null || parsed.format === "claude-code-agent-meta",
    "agent meta only from a meta file",
  ).toBe(true);
  for (const t of parsed.sessions) sessionContract.parse(t);
  for (const p of parsed.patterns) toolPatternContract.parse(p);

  if (parsed.transcript) {
    const { sessionId, agentId, cwd, folder, lineCount: counted, records } = parsed.transcript;
    for (const text of [sessionId, agentId, cwd, folder]) expect(text === null || typeof text === "string").toBe(true);
    expect(
      Number.isInteger(counted) && counted >= records.length,
      `lineCount ${counted} for ${records.length} records`,
    ).toBe(true);
    expect(records.every(isObject), "transcript records are objects").toBe(true);
    expect(() => records.map((r) => JSON.stringify(r))).not.toThrow();
  }
  if (parsed.agentMeta) {
    expect(parsed.agentMeta.agentId).not.toBe("");
    for (const text of [parsed.agentMeta.agentType, parsed.agentMeta.description])
      expect(text === null || typeof text === "string").toBe(true);
  }
}
