import { describe, expect, it } from "vitest";
import { detectRecord } from "@/lib/ingest/detect";
import { parseFile } from "@/lib/ingest/parse-file";

const ID = "0199a213-81c0-7800-8aa1-bbab2a035a53";
const NAME = `2025/10/03/rollout-2025-10-03T10-00-00-${ID}.jsonl`;
const line = (type: string, payload: unknown, timestamp: unknown = "2025-10-03T10:00:00.000Z") =>
  JSON.stringify({ timestamp, type, payload });

describe("reading a Codex rollout", () => {
  it("is detected by its lines, whatever its name", () => {
    expect(detectRecord({ timestamp: "2025-10-03T10:00:00Z", type: "session_meta", payload: { id: ID } })).toBe(
      "codex",
    );
    expect(
      detectRecord({ timestamp: "2025-10-03T10:00:00Z", type: "event_msg", payload: { type: "token_count" } }),
    ).toBe("codex");
    expect(detectRecord({ timestamp: "2025-10-03T10:00:00Z", type: "session_meta", payload: "x" })).toBeNull();
    expect(detectRecord({ type: "turn_context", payload: {} })).toBeNull();
    const text = [line("session_meta", { id: ID, cwd: "/w/app" }), line("turn_context", { model: "gpt-5" })].join("\n");
    expect(parseFile(text, "anything.txt")).toMatchObject({
      format: "codex",
      rollout: { threadId: ID, cwd: "/w/app", parentThreadId: null, lineCount: 2 },
    });
  });

  it("reports each bad line with its line and field, keeps the rest, and stores every object line", () => {
    const text = [
      line("session_meta", {
        id: ID,
        cwd: "/w/app",
        source: { subagent: { thread_spawn: { parent_thread_id: "p-1", depth: 1 } } },
      }),
      "{broken",
      line("turn_context", { model: "gpt-5" }, "yesterday"),
      line("event_msg", { type: "token_count", info: { last_token_usage: { input_tokens: -3 } } }),
      line("event_msg", []),
      line("session_meta", { cwd: "/x" }),
      line("event_msg", { type: "user_message", message: "hi" }),
      line("some_future_type", { any: 1 }),
    ].join("\n");
    const parsed = parseFile(text, NAME);
    expect(parsed.format).toBe("codex");
    expect(parsed.errors).toEqual([
      { line: 2, field: null, message: expect.stringMatching(/^invalid JSON/) },
      { line: 3, field: "timestamp", message: "expected an ISO date string" },
      { line: 4, field: "payload.info.last_token_usage.input_tokens", message: "must be 0 or more" },
      { line: 5, field: "payload", message: "expected an object" },
      { line: 6, field: "payload.id", message: "required" },
    ]);
    expect(parsed.rejected).toBe(5);
    expect(parsed.rollout).toMatchObject({ threadId: ID, parentThreadId: "p-1", lineCount: 8 });
    expect(parsed.rollout!.records).toHaveLength(3);
    expect(String(parsed.rollout!.content).split("\n")).toHaveLength(7);
  });

  it("takes the thread id from the file name when no session_meta names it, and redacts before anything reads it", () => {
    const secret = "sk-ant-api03-" + "a".repeat(90);
    const parsed = parseFile(
      [
        line("turn_context", { model: "gpt-5" }),
        line("event_msg", { type: "user_message", message: `key ${secret}` }),
      ].join("\n"),
      NAME,
    );
    expect(parsed.rollout!.threadId).toBe(ID);
    expect(JSON.stringify(parsed.rollout!.records)).not.toContain(secret);
    expect(String(parsed.rollout!.content)).not.toContain(secret);
  });
});
