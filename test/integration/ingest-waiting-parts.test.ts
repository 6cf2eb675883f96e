import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { operations, projects, sessions } from "@/db/schema";
import { generateGeminiSessions } from "@/test/factories/generate/gemini";
import { waitingSessions } from "@/lib/server/waiting-sessions";
import { postFiles } from "./ingest-client";
import { DELEGATING_SESSION, delegatingSessionFiles } from "./support/fixture-files";

const SESSION = DELEGATING_SESSION;
const { main, subagents } = delegatingSessionFiles();

const projectId = async (slug: string) =>
  (await getDb().select({ id: projects.id }).from(projects).where(eq(projects.slug, slug)).get())!.id;

describe("sub-agents' files whose main transcript has not arrived", () => {
  it("are kept, and each file's report names the session it waits for, as does the total", async () => {
    expect(subagents).toHaveLength(12);
    const { status, body } = await postFiles(subagents, { project: "waiting" });
    expect(status).toBe(200);
    expect(body.totals).toEqual({ accepted: 12, duplicates: 0, rejected: 0, waiting: 12 });
    for (const file of body.files)
      expect(file, file.name).toMatchObject({
        accepted: 1,
        sessions: [],
        waitingFor: { project: "waiting", externalId: SESSION },
      });
  });

  it("still wait when they are sent again, as duplicates", async () => {
    const { body } = await postFiles(subagents, { project: "waiting" });
    expect(body.totals).toEqual({ accepted: 0, duplicates: 12, rejected: 0, waiting: 12 });
  });

  it("are listed as the project's session waiting for its main transcript, each sub-agent with its meta file's description", async () => {
    const waiting = await waitingSessions(getDb(), await projectId("waiting"), 5);
    expect(waiting).toMatchObject({ sessions: 1, parts: 12, shown: [{ sessionId: SESSION, parts: 12 }] });
    const agents = waiting.shown[0]!.agents;
    expect(agents).toHaveLength(6);
    for (const agent of agents) {
      expect(agent.file).toBe(`-experiments-worktrees/${SESSION}/subagents/agent-${agent.id}.jsonl`);
      expect(agent.lines).toBeGreaterThan(0);
      expect(agent.agentType).not.toBeNull();
      expect(agent.description).not.toBeNull();
    }
  });

  it("stop waiting when the main transcript arrives: the session is stored with them and listed no more", async () => {
    const { body } = await postFiles(main, { project: "waiting" });
    expect(body.totals).toEqual({ accepted: 1, duplicates: 0, rejected: 0, waiting: 0 });
    expect(body.files[0]!.sessions).toEqual([expect.objectContaining({ project: "waiting", externalId: SESSION })]);
    expect(await waitingSessions(getDb(), await projectId("waiting"), 5)).toEqual({ sessions: 0, parts: 0, shown: [] });

    const again = await postFiles(subagents, { project: "waiting" });
    expect(again.body.totals).toEqual({ accepted: 0, duplicates: 12, rejected: 0, waiting: 0 });
  });

  it("sent with their main transcript in one request, never wait", async () => {
    const { body } = await postFiles([...main, ...subagents], { project: "together" });
    expect(body.totals).toEqual({ accepted: 13, duplicates: 0, rejected: 0, waiting: 0 });
    expect(await waitingSessions(getDb(), await projectId("together"), 5)).toMatchObject({ sessions: 0 });
  });

  it("sent without a project, wait in the project their working folder names, meta files (which name none) with them", async () => {
    const renamed = (text: string) => text.replaceAll(SESSION, "0f0f0f0f-0000-4000-8000-000000000019");
    const files = subagents.map((f) => ({
      name: renamed(f.name),
      content: renamed(Buffer.from(f.content).toString("utf8")),
    }));
    const { body } = await postFiles(files);
    expect(body.totals.waiting).toBe(12);
    for (const file of body.files)
      expect(file.waitingFor, file.name).toEqual({
        project: "worktrees",
        externalId: "0f0f0f0f-0000-4000-8000-000000000019",
      });
  });

  it("of a Gemini session: its sub-agent's chat waits for the session's own chat, which the project then holds as a session", async () => {
    const [session, sub] = generateGeminiSessions({ seed: 43, count: 10 }).filter(
      (f) => f.path.startsWith("shop/") && f.path.endsWith(".jsonl"),
    );
    const parent = session!.expected.sessionId;
    const subFile = {
      name: `.gemini/tmp/shop/chats/${parent}/${sub!.expected.sessionId}.jsonl`,
      content: sub!.content,
    };
    const first = await postFiles([subFile], { project: "gemini-waiting" });
    expect(first.body.files[0]).toMatchObject({
      accepted: 1,
      waitingFor: { project: "gemini-waiting", externalId: parent },
    });
    expect(await waitingSessions(getDb(), await projectId("gemini-waiting"), 5)).toMatchObject({
      sessions: 1,
      parts: 1,
      shown: [{ sessionId: parent }],
    });

    const second = await postFiles([{ name: `.gemini/tmp/${session!.path}`, content: session!.content }], {
      project: "gemini-waiting",
    });
    expect(second.body.totals.waiting).toBe(0);
    expect(await waitingSessions(getDb(), await projectId("gemini-waiting"), 5)).toMatchObject({ sessions: 0 });
  });
});

describe("sub-agents' files whose main transcript came empty", () => {
  const SESSION_ID = "0e0e0e0e-0000-4000-8000-000000000043";
  const at = (s: number) => new Date(Date.UTC(2026, 0, 3, 9, 0, s)).toISOString();
  const agentFile = (agentId: string, tool: string, s: number) => {
    const base = {
      sessionId: SESSION_ID,
      agentId,
      isSidechain: true,
      cwd: "/home/dev/acme-shop",
      version: "2.1.0",
      parentUuid: null,
    };
    const lines = [
      {
        ...base,
        uuid: `${agentId}-1`,
        type: "user",
        timestamp: at(s),
        message: { role: "user", content: `Look into the ${tool} part` },
      },
      {
        ...base,
        uuid: `${agentId}-2`,
        type: "assistant",
        timestamp: at(s + 1),
        message: {
          id: `m-${agentId}`,
          role: "assistant",
          model: "claude-haiku-4-5",
          content: [{ type: "tool_use", id: `t-${agentId}`, name: tool, input: { pattern: "*.ts" } }],
        },
      },
      {
        ...base,
        uuid: `${agentId}-3`,
        type: "user",
        timestamp: at(s + 2),
        message: { role: "user", content: [{ type: "tool_result", tool_use_id: `t-${agentId}`, content: "cart.ts" }] },
      },
    ];
    return {
      name: `-home-dev-acme-shop/${SESSION_ID}/subagents/agent-${agentId}.jsonl`,
      content: lines.map((l) => JSON.stringify(l)).join("\n"),
    };
  };
  const files = [
    { name: `-home-dev-acme-shop/${SESSION_ID}.jsonl`, content: "" },
    agentFile("a1", "Glob", 0),
    agentFile("a2", "Grep", 10),
  ];

  it("are stored as the session, with the sub-agents' operations, in the project of their working folder, nothing waiting", async () => {
    const { body } = await postFiles(files);
    expect(body.totals).toEqual({ accepted: 3, duplicates: 0, rejected: 0, waiting: 0 });
    const stored = (await getDb().select().from(sessions).where(eq(sessions.externalId, SESSION_ID)).all()).map(
      (t) => ({ id: t.id, projectId: t.projectId }),
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]!.projectId).toBe(await projectId("acme-shop"));
    const ops = await getDb()
      .select({ tool: operations.tool, delegated: operations.delegated })
      .from(operations)
      .where(eq(operations.sessionId, stored[0]!.id))
      .all();
    expect(ops.map((o) => o.tool).sort()).toEqual(["Glob", "Grep"]);
    expect(ops.every((o) => o.delegated)).toBe(true);
    expect(await waitingSessions(getDb(), await projectId("acme-shop"), 5)).toEqual({
      sessions: 0,
      parts: 0,
      shown: [],
    });
  });

  it("sent again, are duplicates and the session is stored once", async () => {
    const { body } = await postFiles(files);
    expect(body.totals).toEqual({ accepted: 0, duplicates: 3, rejected: 0, waiting: 0 });
    expect(
      await getDb().select({ id: sessions.id }).from(sessions).where(eq(sessions.externalId, SESSION_ID)).all(),
    ).toHaveLength(1);
  });

  it("waiting before the empty main transcript came, are stored with it when it does", async () => {
    const renamed = (text: string) => text.replaceAll(SESSION_ID, "0e0e0e0e-0000-4000-8000-000000000044");
    const [main, ...agents] = files.map((f) => ({ name: renamed(f.name), content: renamed(f.content) }));
    expect((await postFiles(agents)).body.totals.waiting).toBe(2);
    const { body } = await postFiles([main!]);
    expect(body.totals).toEqual({ accepted: 1, duplicates: 0, rejected: 0, waiting: 0 });
    expect(body.files[0]!.sessions).toEqual([
      expect.objectContaining({ project: "acme-shop", externalId: "0e0e0e0e-0000-4000-8000-000000000044" }),
    ]);
    expect(await waitingSessions(getDb(), await projectId("acme-shop"), 5)).toMatchObject({ sessions: 0 });
  });
});
