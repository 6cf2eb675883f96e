import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { getSession } from "@/db/queries/sessions";
import { sessions } from "@/db/schema";
import { storedSubagents } from "@/lib/stored-subagents";
import { postFiles } from "./ingest-client";
import { startAppServer, type AppServer } from "./support/app-server";
import { sessionsByProject } from "./support/cli-checks";
import { cliHome, removeCliHomes, runCli } from "./support/run-cli";

// Every layout Claude Code writes a session in, in one made-up home folder, imported with the real CLI: the flat
// sub-agents of versions before 2.1, 2.1's `<session>/subagents/` with meta files, a workflow run's sub-agents (beside
// its journal) with the run's definition, sub-agents nested five folders down, lines whose sessionId reads
// `<session>#agent-<id>`, and a session whose sub-agents arrive before its main transcript. Each count below is the
// number of tool calls written into the files, not what the parser says.

const S1 = "11111111-1111-4111-8111-000000000001";
const S2 = "11111111-1111-4111-8111-000000000002";
const S3 = "11111111-1111-4111-8111-000000000003";
const S4 = "11111111-1111-4111-8111-000000000004";
const CWD = "/home/dev/shop";
const FOLDER = "-home-dev-shop";

/** A transcript of `calls` Grep calls, each answered, on lines naming `sessionId` (and `agentId` for a sub-agent). */
function transcript(sessionId: string, calls: number, agentId: string | null, start: number): string {
  const common = {
    sessionId,
    cwd: CWD,
    version: "2.1.160",
    userType: "external",
    isSidechain: agentId !== null,
    ...(agentId ? { agentId } : {}),
  };
  const at = (s: number) => new Date(Date.UTC(2026, 5, 1, 9, 0, start + s)).toISOString();
  const lines: object[] = [
    {
      ...common,
      type: "user",
      uuid: `${agentId ?? "main"}-p`,
      parentUuid: null,
      timestamp: at(0),
      message: { role: "user", content: `task of ${agentId ?? "main"}` },
    },
  ];
  for (let i = 0; i < calls; i++) {
    const id = `${agentId ?? "main"}-${sessionId.slice(-1)}-t${i}`;
    const use = { type: "tool_use", id, name: "Grep", input: { pattern: `p${i}`, path: CWD } };
    lines.push({
      ...common,
      type: "assistant",
      uuid: `${id}-a`,
      parentUuid: null,
      timestamp: at(1 + 2 * i),
      requestId: `r-${id}`,
      message: { id: `m-${id}`, role: "assistant", model: "claude-sonnet-4-5", content: [use] },
    });
    lines.push({
      ...common,
      type: "user",
      uuid: `${id}-r`,
      parentUuid: null,
      timestamp: at(2 + 2 * i),
      message: { role: "user", content: [{ type: "tool_result", tool_use_id: id, content: "found" }] },
    });
  }
  return lines.map((l) => JSON.stringify(l)).join("\n") + "\n";
}

const meta = (o: object) => JSON.stringify(o);
const run = (name: string) =>
  JSON.stringify({
    runId: "ignored",
    workflowName: name,
    script: "export default async () => {}",
    logs: [],
    workflowProgress: [],
  });

/** The home folder's files (path under ~/.claude/projects → content), and what each session must be once stored. */
const files: Record<string, string> = {
  // Before 2.1: a flat sub-agent beside its session, which its lines name.
  [`${FOLDER}/${S1}.jsonl`]: transcript(S1, 2, null, 0),
  [`${FOLDER}/agent-f1.jsonl`]: transcript(S1, 1, "f1", 100),
  // 2.1 and later: nested sub-agents with meta files, a workflow run, and a sub-agent five folders further down.
  [`${FOLDER}/${S2}.jsonl`]: transcript(S2, 1, null, 0),
  [`${FOLDER}/${S2}/subagents/agent-a1.jsonl`]: transcript(S2, 2, "a1", 10),
  [`${FOLDER}/${S2}/subagents/agent-a1.meta.json`]: meta({ agentType: "Explore", description: "map the cart" }),
  [`${FOLDER}/${S2}/subagents/workflows/wf_1/agent-w1.jsonl`]: transcript(`${S2}#agent-w1`, 3, "w1", 20),
  [`${FOLDER}/${S2}/subagents/workflows/wf_1/agent-w1.meta.json`]: meta({
    label: "verify claims",
    phase: "check",
    model: "haiku",
  }),
  [`${FOLDER}/${S2}/subagents/workflows/wf_1/journal.jsonl`]:
    '{"type":"started","label":"verify claims"}\n{"type":"result","label":"verify claims"}\n',
  [`${FOLDER}/${S2}/subagents/workflows/wf_1/a/b/c/d/e/agent-n5.jsonl`]: transcript(S2, 1, "n5", 40),
  [`${FOLDER}/${S2}/workflows/wf_1.json`]: run("claim-sweep"),
  [`${FOLDER}/${S2}/tool-results/toolu_1.txt`]: "a big tool output",
  [`${FOLDER}/${S2}.jsonl.orphaned-1`]: transcript(S2, 9, null, 0),
  // A workflow run whose main transcript is not there yet: it comes with the second import.
  [`${FOLDER}/${S3}/subagents/workflows/wf_3/agent-w3.jsonl`]: transcript(S3, 2, "w3", 10),
  [`${FOLDER}/${S3}/subagents/workflows/wf_3/agent-w3.meta.json`]: meta({ label: "sweep", phase: "find" }),
  [`${FOLDER}/${S3}/workflows/wf_3.json`]: run("bug-sweep"),
};
const laterMain = { [`${FOLDER}/${S3}.jsonl`]: transcript(S3, 1, null, 0) };

const expected: Record<string, { operations: number; subagents: object[] }> = {
  [S1]: {
    operations: 2 + 1,
    subagents: [{ agentId: "f1", agentType: null, description: null, workflow: null, operationCount: 1 }],
  },
  [S2]: {
    operations: 1 + 2 + 3 + 1,
    subagents: [
      { agentId: "a1", agentType: "Explore", description: "map the cart", workflow: null, operationCount: 2 },
      { agentId: "n5", agentType: null, description: null, workflow: "claim-sweep", operationCount: 1 },
      { agentId: "w1", agentType: null, description: "verify claims", workflow: "claim-sweep", operationCount: 3 },
    ],
  },
  [S3]: {
    operations: 1 + 2,
    subagents: [{ agentId: "w3", agentType: null, description: "sweep", workflow: "bug-sweep", operationCount: 2 }],
  },
};

const { home, state } = cliHome();
const projects = path.join(home, ".claude", "projects");
const write = (tree: Record<string, string>) => {
  for (const [name, content] of Object.entries(tree)) {
    fs.mkdirSync(path.dirname(path.join(projects, name)), { recursive: true });
    fs.writeFileSync(path.join(projects, name), content);
  }
};

/** The stored session: its operations and the sub-agents its page shows, sorted by id. */
async function stored(externalId: string) {
  const rows = await getDb()
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.externalId, externalId))
    .all();
  if (rows.length !== 1) return { rows: rows.length };
  const detail = (await getSession(getDb(), rows[0]!.id))!;
  const subagents = storedSubagents(detail.session.raw).sort((a, b) => a.agentId.localeCompare(b.agentId));
  return {
    rows: 1,
    operations: detail.operations.length,
    delegated: detail.operations.filter((o) => o.delegated).length,
    subagents,
  };
}

let app: AppServer;
beforeAll(async () => {
  app = await startAppServer();
  write(files);
});
afterAll(async () => {
  await app.close();
  removeCliHomes();
});

describe("starlight import of every Claude Code layout", () => {
  const cli = () => runCli(["import", "--url", app.url], { home, env: { STARLIGHT_STATE: state } });

  it("stores each session once, with every sub-agent folded in at any depth, and keeps the one still missing its main transcript waiting", async () => {
    const result = await cli();
    expect(result.code, result.stderr).toBe(0);
    expect(await sessionsByProject(app.url)).toEqual({ shop: 2 });
    for (const id of [S1, S2]) {
      const { operations, subagents } = expected[id]!;
      expect(await stored(id)).toEqual({ rows: 1, operations, delegated: operations - (id === S1 ? 2 : 1), subagents });
    }
    expect(await stored(S3)).toEqual({ rows: 0 });
  });

  it("stores the waiting session when its main transcript arrives, and a third run sends nothing and stores each session once", async () => {
    write(laterMain);
    const second = await cli();
    expect(second.code, second.stderr).toBe(0);
    expect(await sessionsByProject(app.url)).toEqual({ shop: 3 });
    const { operations, subagents } = expected[S3]!;
    expect(await stored(S3)).toEqual({ rows: 1, operations, delegated: 2, subagents });

    const requests = app.requests.length;
    const third = await cli();
    expect(third.code, third.stderr).toBe(0);
    expect(third.stdout).toContain("Nothing to upload");
    expect(app.requests.length).toBe(requests);
    expect(await sessionsByProject(app.url)).toEqual({ shop: 3 });
    for (const id of [S1, S2, S3]) expect((await stored(id)).rows).toBe(1);
  });
});

describe("a session's files one request each, from several machines, in any order", () => {
  const tree: [string, string][] = [
    [`${FOLDER}/${S4}/workflows/wf_4.json`, run("doc-sweep")],
    [`${FOLDER}/${S4}/subagents/workflows/wf_4/agent-w4.meta.json`, meta({ label: "check docs" })],
    [`${FOLDER}/${S4}/subagents/workflows/wf_4/x/y/z/agent-d4.jsonl`, transcript(`${S4}#agent-d4`, 2, "d4", 30)],
    [`${FOLDER}/${S4}/subagents/workflows/wf_4/agent-w4.jsonl`, transcript(S4, 1, "w4", 20)],
    [`${FOLDER}/${S4}.jsonl`, transcript(S4, 3, null, 0)],
  ];

  it("assembles the session whole however its files arrive, and the same files again change nothing", async () => {
    for (const [name, content] of tree) expect((await postFiles([{ name, content }])).status).toBe(200);
    const whole = {
      rows: 1,
      operations: 3 + 2 + 1,
      delegated: 3,
      subagents: [
        { agentId: "d4", agentType: null, description: null, workflow: "doc-sweep", operationCount: 2 },
        { agentId: "w4", agentType: null, description: "check docs", workflow: "doc-sweep", operationCount: 1 },
      ],
    };
    expect(await stored(S4)).toEqual(whole);
    for (const [name, content] of [...tree].reverse()) {
      const { body } = await postFiles([{ name, content }]);
      expect(body.totals).toMatchObject({ accepted: 0, duplicates: 1 });
    }
    expect(await stored(S4)).toEqual(whole);
  });
});
