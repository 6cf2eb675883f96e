import { describe, expect, it } from "vitest";
import { assembleSession } from "@/lib/ingest/claude-code/assemble";
import { hookFile, hookPayload } from "@/lib/ingest/claude-code/hook-event";
import { parseFile } from "@/lib/ingest/parse-file";
import { wasRefused } from "@/lib/ingest/refusal";
import type { HookEvent, TranscriptFile } from "@/lib/ingest/types";

const S = "33333333-3333-4333-8333-000000000001";
const base = { sessionId: S, cwd: "/w/app", type: "user", parentUuid: null };
const call = (id: string) => ({
  ...base,
  type: "assistant",
  uuid: `a-${id}`,
  requestId: `r-${id}`,
  message: {
    id: `m-${id}`,
    model: "claude-sonnet-4-5",
    content: [{ type: "tool_use", id, name: "Bash", input: { command: `run ${id}` } }],
  },
});
const answer = (id: string, content: string, isError: boolean) => ({
  ...base,
  uuid: `u-${id}`,
  message: { role: "user", content: [{ type: "tool_result", tool_use_id: id, content, is_error: isError }] },
});
const apiError = {
  ...base,
  type: "assistant",
  uuid: "e1",
  isApiErrorMessage: true,
  message: { id: "e1", model: "<synthetic>", content: [{ type: "text", text: "API Error: Rate limit reached" }] },
};
const file = (records: object[]): TranscriptFile => ({
  sessionId: S,
  agentId: null,
  cwd: "/w/app",
  folder: "-w-app",
  lineCount: records.length,
  records,
  content: "",
});

/** A hook's payload, through the file it is kept as, back to the event assembly reads. */
function kept(payload: object): HookEvent {
  const f = hookFile(hookPayload.parse({ session_id: S, cwd: "/w/app", ...payload }));
  return parseFile(f.content, f.name).hookEvent!;
}

const denied = (id: string) =>
  kept({ hook_event_name: "PermissionDenied", tool_name: "Bash", tool_use_id: id, reason: "outside the project" });
const failure = (message: string) =>
  kept({ hook_event_name: "StopFailure", error: "rate_limit", last_assistant_message: message });

describe("hook events folded into a Claude Code session", () => {
  const main = file([
    call("t1"),
    answer("t1", "Permission for this tool use was denied.", true),
    call("t2"),
    answer("t2", "ok", false),
    apiError,
  ]);

  it("makes an auto-mode denial one refusal, with its reason, however many times it was sent", () => {
    const t = assembleSession(main, [], [], [], [denied("t1"), denied("t1")]);
    expect(t.events?.rejectedToolCalls).toBe(1);
    expect(t.operations?.map((o) => [o.output, wasRefused(o)])).toEqual([
      ["Permission denied by auto mode: outside the project", true],
      ["ok", false],
    ]);
    // Without the event the same call was a failed run, not a refusal.
    expect(assembleSession(main, [], []).events?.rejectedToolCalls).toBe(0);
  });

  it("counts a denial of a call the transcript already shows refused once, and one of a call no file holds on the main transcript", () => {
    const refused = file([
      call("t1"),
      answer("t1", "The user doesn't want to proceed with this tool use. The tool use was rejected.", true),
    ]);
    expect(assembleSession(refused, [], [], [], [denied("t1")]).events?.rejectedToolCalls).toBe(1);
    expect(
      assembleSession(file([call("t2"), answer("t2", "ok", false)]), [], [], [], [denied("t9")]).events
        ?.rejectedToolCalls,
    ).toBe(1);
  });

  it("counts the session's API errors as the more of those its transcripts wrote and the distinct failures its hooks saw", () => {
    expect(assembleSession(main, [], [], [], [failure("API Error: Rate limit reached")]).events?.apiErrors).toBe(1);
    expect(
      assembleSession(main, [], [], [], [failure("API Error: Rate limit reached"), failure("API Error: Overloaded")])
        .events?.apiErrors,
    ).toBe(2);
    expect(
      assembleSession(file([call("t2"), answer("t2", "ok", false)]), [], [], [], [failure("API Error: 500")]).events
        ?.apiErrors,
    ).toBe(1);
  });

  it("keeps the same event as the same file, and two failures of different text as two", () => {
    const payload = { session_id: S, cwd: "/w/app", hook_event_name: "StopFailure" as const, error: "rate_limit" };
    expect(hookFile(hookPayload.parse(payload)).name).toBe(hookFile(hookPayload.parse(payload)).name);
    expect(hookFile(hookPayload.parse({ ...payload, last_assistant_message: "a" })).name).not.toBe(
      hookFile(hookPayload.parse({ ...payload, last_assistant_message: "b" })).name,
    );
    expect(
      hookFile(hookPayload.parse({ ...payload, transcript_path: `/h/.claude/projects/-w-app/${S}.jsonl` })).name,
    ).toMatch(new RegExp(`^-w-app/${S}/hooks/failure-[0-9a-f]{16}\\.json$`));
  });
});
