import { describe, expect, it } from "vitest";
import { parseFile } from "@/lib/ingest/parse-file";

const SESSION = "5ec12e75-0000-4000-8000-00000000abcd";
const base = {
  sessionId: SESSION,
  cwd: "/home/dev/shop",
  version: "2.0.55",
  isSidechain: false,
  userType: "external",
  gitBranch: "main",
};
const user = (uuid: string, content: unknown, extra: object = {}) => ({
  ...base,
  type: "user",
  uuid,
  parentUuid: null,
  timestamp: "2026-01-02T10:00:00.000Z",
  message: { role: "user", content },
  ...extra,
});
const jsonl = (...lines: unknown[]) => lines.map((l) => (typeof l === "string" ? l : JSON.stringify(l))).join("\n");

describe("parseFile: Claude Code transcripts", () => {
  it("keeps the conversation lines, counts every line, and takes session, cwd and folder from lines and name", () => {
    const content = jsonl(
      { type: "summary", summary: "Shop checkout", leafUuid: "u9" },
      { type: "file-history-snapshot", messageId: "m1", snapshot: {}, isSnapshotUpdate: false },
      user("u1", "add a checkout page"),
      { type: "some-future-type", sessionId: SESSION, data: 1 },
      {
        ...base,
        type: "system",
        subtype: "turn_duration",
        uuid: "s1",
        parentUuid: "u1",
        timestamp: "2026-01-02T10:00:09.000Z",
      },
    );
    const parsed = parseFile(content, `-home-dev-shop/${SESSION}.jsonl`);
    expect(parsed).toMatchObject({ format: "claude-code", sessions: [], rejected: 0, errors: [], agentMeta: null });
    expect(parsed.transcript).toEqual({
      sessionId: SESSION,
      agentId: null,
      cwd: "/home/dev/shop",
      folder: "-home-dev-shop",
      lineCount: 5,
      records: [JSON.parse(jsonl(user("u1", "add a checkout page"))), expect.objectContaining({ type: "system" })],
      content,
    });
  });

  it("reports a line that is not JSON, or not an object, with its line number and keeps the others", () => {
    const parsed = parseFile(
      jsonl('{"type":"user","uuid":"u0",', user("u1", "hi"), "[1, 2]", user("u2", "again")),
      `${SESSION}.jsonl`,
    );
    expect(parsed.format).toBe("claude-code");
    expect(parsed.errors).toEqual([
      { line: 1, field: null, message: expect.stringMatching(/^invalid JSON at column \d+/) },
      { line: 3, field: null, message: "expected a JSON object (one transcript line)" },
    ]);
    expect(parsed.rejected).toBe(2);
    expect(parsed.transcript).toMatchObject({ lineCount: 4, records: [{ uuid: "u1" }, { uuid: "u2" }] });
  });

  it("accepts a summary-only file: no conversation lines, and a session only if the name gives one", () => {
    const summary =
      '{"type":"summary","summary":"AI Music Generation","leafUuid":"4c7d4d5a-7dd4-428c-bd81-077617558182"}';
    expect(parseFile(summary)).toMatchObject({
      format: "claude-code",
      rejected: 0,
      transcript: { sessionId: null, records: [], lineCount: 1, folder: null },
    });
    expect(parseFile(summary, `-Users-chip-dev-ai-music/${SESSION}.jsonl`).transcript).toMatchObject({
      sessionId: SESSION,
      folder: "-Users-chip-dev-ai-music",
      records: [],
    });
  });

  it("names a sub-agent from its lines, else from its file name", () => {
    const named = user("u1", "explore", { isSidechain: true, agentId: "c8d9b115" });
    expect(parseFile(jsonl(named), "-src-app/agent-c8d9b115.jsonl").transcript).toMatchObject({
      sessionId: SESSION,
      agentId: "c8d9b115",
      folder: "-src-app",
    });
    const unnamed = user("u1", "explore", { isSidechain: true });
    expect(
      parseFile(jsonl(unnamed), `-src-app/${SESSION}/subagents/agent-a4ca7529859c158c2.jsonl`).transcript,
    ).toMatchObject({ agentId: "a4ca7529859c158c2" });
  });

  it("reads a sub-agent's meta file, whose id is only in its name", () => {
    const meta =
      '{"agentType":"general-purpose","worktreePath":"/r/.claude/worktrees/agent-a4ca7529","description":"Research plan mode"}';
    expect(parseFile(meta, `-r/${SESSION}/subagents/agent-a4ca7529859c158c2.meta.json`)).toEqual({
      format: "claude-code-agent-meta",
      sessions: [],
      patterns: [],
      transcript: null,
      rollout: null,
      agentMeta: { agentId: "a4ca7529859c158c2", agentType: "general-purpose", description: "Research plan mode" },
      workflow: null,
      hookEvent: null,
      rejected: 0,
      errors: [],
      errorCount: 0,
    });
    expect(parseFile('{"agentType":"Explore"}', "agent-x.meta.json").agentMeta).toEqual({
      agentId: "x",
      agentType: "Explore",
      description: null,
    });
    expect(parseFile(meta)).toMatchObject({
      format: "claude-code-agent-meta",
      agentMeta: null,
      rejected: 1,
      errors: [{ message: expect.stringMatching(/agent-<id>\.meta\.json/) }],
    });
  });

  it("redacts secrets in every record before keeping it", () => {
    const aws = "AKIAZ7QWERTY12345678";
    const parsed = parseFile(jsonl(user("u1", `deploy with ${aws} <private>my diary</private>`)), `${SESSION}.jsonl`);
    expect(JSON.stringify(parsed)).not.toMatch(/AKIAZ7QWERTY12345678|my diary/);
    expect(parsed.transcript?.records[0]).toMatchObject({
      message: { content: "deploy with [REDACTED:aws-access-key-id] [REDACTED:private]" },
    });
    expect(parsed.transcript?.content).toBe(JSON.stringify(parsed.transcript?.records[0]));
  });

  it("keeps the text as sent to be stored when redaction finds nothing in it", () => {
    const content = `{ "type": "summary", "summary": "Tests", "leafUuid": "u1" }\r\n\r\n${jsonl(user("u1", "add a test"))}\r\n`;
    expect(parseFile(content, `${SESSION}.jsonl`).transcript?.content).toBe(content);
  });

  it("keeps the bytes as sent, without a BOM, when the file came as bytes", () => {
    const text = jsonl(user("u1", "add a test"), user("u2", "and run it"));
    const bytes = new TextEncoder().encode(`\uFEFF${text}\n`);
    const parsed = parseFile(bytes, `${SESSION}.jsonl`);
    expect(Buffer.from(parsed.transcript!.content).toString("utf8")).toBe(`${text}\n`);
    expect(parsed.transcript?.records).toEqual(parseFile(text, `${SESSION}.jsonl`).transcript?.records);
  });

  it("otherwise stores each readable line as sent, or as its redacted record, and no unreadable line", () => {
    const clean = `{ "type": "user", "sessionId": "${SESSION}", "uuid": "u1", "message": { "content": "add a test" } }`;
    const secret = jsonl(user("u2", "token=ghp_R8xk2Lm9Qp4Zt7Vw1Yb3Nc6Hd5Fg0Js2Ka9P"));
    // A repeated key: the parsed record holds only the last value, but the text holds both.
    const shadowed = `{"type":"user","sessionId":"${SESSION}","uuid":"u3","message":{"content":"AKIAZ7QWERTY12345678","content":"hi"}}`;
    const broken = '{"type":"user","message":"password=hunter2"';
    const { transcript } = parseFile([clean, secret, shadowed, broken, "[1]"].join("\n"), `${SESSION}.jsonl`);
    const stored = String(transcript?.content).split("\n");
    expect(stored).toEqual([
      clean,
      JSON.stringify(transcript?.records[1]),
      JSON.stringify({ type: "user", sessionId: SESSION, uuid: "u3", message: { content: "hi" } }),
    ]);
    expect(stored[1]).toContain("[REDACTED:github-token]");
  });
});
