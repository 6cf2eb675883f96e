import { count, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as hook } from "@/app/api/v1/hooks/claude-code/route";
import { getDb } from "@/db/client";
import { getSession } from "@/db/queries/sessions";
import { sessions, transcriptFiles } from "@/db/schema";
import { wasRefused } from "@/lib/ingest/refusal";
import { postFiles } from "./ingest-client";
import { apiRequest } from "./support/auth";

// Claude Code's PermissionDenied and StopFailure hook events posted to Starlight (as an HTTP hook does), before their
// session's transcript: kept, redacted, counted once when the transcript arrives, and the same event twice is one.

const S = "22222222-2222-4222-8222-000000000001";
const CWD = "/home/dev/hooked";
const SECRET = "AKIAIOSFODNN7EXAMPLE";

const post = async (event: object, headers: Record<string, string> = {}) => {
  const request = await apiRequest("http://localhost/api/v1/hooks/claude-code", {
    method: "POST",
    body: JSON.stringify(event),
    headers: { "content-type": "application/json", ...headers },
  });
  const response = await hook(request);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

const common = {
  session_id: S,
  cwd: CWD,
  transcript_path: `/home/dev/.claude/projects/-home-dev-hooked/${S}.jsonl`,
  permission_mode: "auto",
};
const denied = {
  ...common,
  hook_event_name: "PermissionDenied",
  tool_name: "Bash",
  tool_input: { command: "rm -rf /tmp/build" },
  tool_use_id: "toolu_denied",
  reason: `targets a path outside the project (key ${SECRET})`,
};
const failure = {
  ...common,
  hook_event_name: "StopFailure",
  error: "rate_limit",
  error_details: "429 Too Many Requests",
  last_assistant_message: "API Error: Rate limit reached",
};

/** The transcript: the denied call, answered as the classifier's denial (not a refusal Starlight recognises), and a call that ran. */
function transcript(): string {
  const base = {
    sessionId: S,
    cwd: CWD,
    version: "2.1.300",
    userType: "external",
    isSidechain: false,
    parentUuid: null,
  };
  const at = (s: number) => new Date(Date.UTC(2026, 6, 1, 9, 0, s)).toISOString();
  const call = (s: number, id: string, command: string) => ({
    ...base,
    type: "assistant",
    uuid: `a${s}`,
    timestamp: at(s),
    requestId: `r${s}`,
    message: {
      id: `m${s}`,
      role: "assistant",
      model: "claude-sonnet-4-5",
      content: [{ type: "tool_use", id, name: "Bash", input: { command } }],
    },
  });
  const answer = (s: number, id: string, content: string, isError: boolean) => ({
    ...base,
    type: "user",
    uuid: `u${s}`,
    timestamp: at(s),
    message: { role: "user", content: [{ type: "tool_result", tool_use_id: id, content, is_error: isError }] },
  });
  return [
    { ...base, type: "user", uuid: "p0", timestamp: at(0), message: { role: "user", content: "clean the build" } },
    call(1, "toolu_denied", "rm -rf /tmp/build"),
    answer(2, "toolu_denied", "Permission for this tool use was denied.", true),
    call(3, "toolu_ok", "npm run clean"),
    answer(4, "toolu_ok", "done", false),
  ]
    .map((l) => JSON.stringify(l))
    .join("\n");
}

const hookParts = async () =>
  (await getDb().select({ n: count() }).from(transcriptFiles).where(like(transcriptFiles.part, "hook:%")).get())!.n;

describe("POST /api/v1/hooks/claude-code", () => {
  it("keeps a denial and a failure that come before their transcript, once however often they are sent", async () => {
    expect(await post(denied)).toEqual({
      status: 200,
      body: { event: "PermissionDenied", kept: true, accepted: 1, duplicates: 0 },
    });
    expect(await post(failure)).toEqual({
      status: 200,
      body: { event: "StopFailure", kept: true, accepted: 1, duplicates: 0 },
    });
    expect(await post(denied)).toEqual({
      status: 200,
      body: { event: "PermissionDenied", kept: true, accepted: 0, duplicates: 1 },
    });
    expect(await hookParts()).toBe(2);
    expect(await getDb().select().from(sessions).where(eq(sessions.externalId, S)).all()).toEqual([]);
    const stored = await getDb()
      .select({ content: transcriptFiles.content })
      .from(transcriptFiles)
      .where(like(transcriptFiles.part, "hook:denied-%"))
      .all();
    expect(stored.map((r) => String(r.content)).join("\n")).not.toContain(SECRET);
  });

  it("answers the events it does not keep, refuses a malformed one with 422 and a caller without a token with 401", async () => {
    expect(await post({ ...common, hook_event_name: "PostCompact", trigger: "auto" })).toEqual({
      status: 200,
      body: { event: "PostCompact", kept: false, accepted: 0, duplicates: 0 },
    });
    expect((await post({ ...common, hook_event_name: "PermissionDenied", tool_name: "Bash" })).status).toBe(422);
    expect((await post({ ...denied, session_id: "../../etc" })).status).toBe(422);
    const anonymous = await hook(
      new Request("http://localhost/api/v1/hooks/claude-code", {
        method: "POST",
        body: JSON.stringify(denied),
        headers: { "content-type": "application/json" },
      }),
    );
    expect(anonymous.status).toBe(401);
    expect(await hookParts()).toBe(2);
  });

  it("folds them into the session when its transcript arrives: the denied call is one refusal with auto mode's reason", async () => {
    const { status } = await postFiles([{ name: `-home-dev-hooked/${S}.jsonl`, content: transcript() }]);
    expect(status).toBe(200);
    const rows = await getDb().select({ id: sessions.id }).from(sessions).where(eq(sessions.externalId, S)).all();
    expect(rows).toHaveLength(1);
    const detail = (await getSession(getDb(), rows[0]!.id))!;
    expect(detail.project.slug).toBe("hooked");
    expect(detail.operations.map((o) => [o.command, o.isError, wasRefused(o)])).toEqual([
      ["rm -rf /tmp/build", true, true],
      ["npm run clean", false, false],
    ]);
    expect(detail.operations[0]!.output).toBe(
      "Permission denied by auto mode: targets a path outside the project (key [REDACTED:aws-access-key-id])",
    );
    // The same event after the transcript changes nothing.
    expect((await post(denied)).body).toMatchObject({ accepted: 0, duplicates: 1 });
    expect(
      (await getDb().select({ id: sessions.id }).from(sessions).where(eq(sessions.externalId, S)).all()).length,
    ).toBe(1);
  });
});
