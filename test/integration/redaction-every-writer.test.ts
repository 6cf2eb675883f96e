import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { is } from "drizzle-orm";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { GET as ablationOverview, POST as startAblation } from "@/app/api/v1/projects/[slug]/ablations/route";
import { GET as ablationDetail } from "@/app/api/v1/projects/[slug]/ablations/[id]/route";
import { GET as ablationReport } from "@/app/api/v1/projects/[slug]/ablations/[id]/report/route";
import { POST as reportRun } from "@/app/api/v1/projects/[slug]/ablations/[id]/runs/route";
import { POST as mcp } from "@/app/api/v1/mcp/route";
import { PATCH as editMemory } from "@/app/api/v1/memories/[id]/route";
import { POST as addMemory } from "@/app/api/v1/memories/route";
import { POST as postOtlpLogs } from "@/app/v1/logs/route";
import { getDb, isPostgres } from "@/db/client";
import { insertAblation, upsertRun } from "@/db/queries/ablations";
import { getProjectBySlug } from "@/db/queries/projects";
import { statement } from "@/db/engine/statement";
import * as schema from "@/db/schema";
import { transcriptBytes } from "@/db/transcript-content";
import { generateAcosTrajectories, toJsonl } from "@/test/factories/generate/acos";
import { generateCodexRollout } from "@/test/factories/generate/codex";
import { generateGeminiSessions } from "@/test/factories/generate/gemini";
import { MAX_CONTENT } from "@/lib/memory/memory-query";
import type { AgentEntry } from "@/lib/walk/agent";
import { antigravity } from "@/lib/walk/antigravity";
import { readFound } from "@/lib/walk/files";
import { opencode } from "@/lib/walk/opencode";
import { claudeCodeLogs } from "@/test/factories/otlp";
import { holdsSecret } from "@/test/fixtures/secrets/embeddings";
import { plantSecrets, type Planted } from "@/test/fixtures/secrets/planted";
import { postFiles } from "./ingest-client";
import { apiRequest, browserRequest } from "./support/auth";
import { claudeFixtureFiles } from "./support/fixture-files";
import { Planter, plantInText } from "./support/plant-fields";

/**
 * Every writer of text from outside (uploads of each format, the memory API, MCP `remember`, ablations) is driven with
 * a planted set of secrets (test/fixtures/secrets/planted.ts, each channel its own seed) in every field it accepts, in
 * every embedding (test/fixtures/secrets/embeddings.ts). Then every column of every table db/schema.ts declares is
 * read back, transcripts uncompressed, and no planted secret may be there: a new column is scanned as soon as it is
 * declared. Project, user and token names are not taken from agents' text and are left out.
 */

const CHANNELS = [
  "claude-code",
  "acos",
  "codex",
  "gemini",
  "opencode",
  "antigravity",
  "memory-create",
  "memory-update",
  "mcp-remember",
  "ablation-start",
  "ablation-run",
  "otlp-events",
  "agent-memory",
] as const;
type Channel = (typeof CHANNELS)[number];
const planters = Object.fromEntries(
  CHANNELS.map((channel, i) => [channel, new Planter(plantSecrets(4_200 + i))]),
) as Record<Channel, Planter>;

const jsonBody = (body: unknown) => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});
const slugParams = (slug: string) => ({ params: Promise.resolve({ slug }) });

/** Every value of every column of every table the schema declares, as text: "table.column" → the values, one a line. */
async function storedColumns(): Promise<Map<string, string>> {
  const tables = Object.values(schema as Record<string, unknown>).filter((value): value is SQLiteTable =>
    is(value, SQLiteTable),
  );
  const out = new Map<string, string>();
  for (const table of tables) {
    const { name, columns } = getTableConfig(table);
    for (const column of columns) {
      const rows = await statement<{ value: unknown }>(`SELECT "${column.name}" AS value FROM "${name}"`).all(getDb());
      out.set(`${name}.${column.name}`, rows.map(({ value }) => text(value)).join("\n"));
    }
  }
  return out;
}

function text(value: unknown): string {
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) {
    const bytes = Buffer.from(value);
    try {
      return transcriptBytes(bytes).toString("utf8");
    } catch {
      return bytes.toString("utf8");
    }
  }
  return typeof value === "string" ? value : (JSON.stringify(value) ?? "");
}

/** The planted secrets of `set` the stored columns hold, with the columns that hold each. */
function leaks(columns: Map<string, string>, set: Iterable<Planted>): { planted: Planted; columns: string[] }[] {
  return [...set].flatMap((planted) => {
    const holding = [...columns].filter(([, values]) => holdsSecret(values, planted.secret)).map(([column]) => column);
    return holding.length > 0 ? [{ planted, columns: holding }] : [];
  });
}

async function mcpRemember(project: string, content: string): Promise<string> {
  const request = await apiRequest("http://localhost/api/v1/mcp", {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "remember", arguments: { project, content } },
    }),
  });
  const response = await mcp(request, { params: Promise.resolve({}) });
  const answer = (await response.json()) as {
    result?: { content: { text: string }[]; isError?: boolean };
    error?: unknown;
  };
  expect(answer.result?.isError, JSON.stringify(answer)).toBeFalsy();
  return answer.result!.content[0]!.text;
}

/**
 * An agent's sessions as `starlight import` sends them, from a copy of the fixture folder: each file the walker finds
 * (or builds: an OpenCode session is one document made of many files), on one line, with `planter`'s lines planted:
 * as many as fit in 3,000 characters in each field, since the fixtures are small.
 */
async function walkedFiles(
  entry: AgentEntry,
  fixture: string,
  planter: Planter,
): Promise<{ name: string; content: string }[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "starlight-redact-"));
  fs.cpSync(fixture, dir, { recursive: true });
  const found = await entry.find(dir);
  expect(found, fixture).not.toBeNull();
  const files = found!.groups.flatMap((group) => group.files);
  const out: { name: string; content: string }[] = [];
  for (const file of files) {
    const lines = Buffer.from(await readFound(file))
      .toString("utf8")
      .split("\n")
      .filter((line) => line.trim() !== "");
    const oneLine = file.read ? [JSON.stringify(JSON.parse(lines.join("\n")))] : lines;
    out.push({ name: file.name, content: plantInText(oneLine.join("\n"), { line: () => planter.lines(3_000) }) });
  }
  fs.rmSync(dir, { recursive: true, force: true });
  return out;
}

describe("no writer stores a planted secret", () => {
  it("every channel, every field, every embedding: scanned in every column of every table", async () => {
    // Uploads: each format with a planted line appended to every free-text field of every record.
    const claude = claudeFixtureFiles().map((file) => ({
      name: file.name,
      content: plantInText(Buffer.from(file.content).toString("utf8"), planters["claude-code"]),
    }));
    const acos = toJsonl(generateAcosTrajectories({ seed: 7, count: 40, idPrefix: "redact" }));
    const codex = [1, 2, 3, 4].map((i) =>
      generateCodexRollout({ seed: 500 + i, turns: 6, start: Date.UTC(2026, 4, 10 + i, 8) }),
    );
    const gemini = generateGeminiSessions({ seed: 9, count: 6 });
    for (const [files, query] of [
      [claude, {}],
      [[{ name: "trajectories.jsonl", content: plantInText(acos, planters.acos) }], { project: "acos-app" }],
      [codex.map((g) => ({ name: g.name, content: plantInText(g.text, planters.codex) })), {}],
      [
        gemini.map((g) => ({ name: g.path, content: plantInText(g.content, planters.gemini) })),
        { project: "gemini-app" },
      ],
      [await walkedFiles(opencode, "test/fixtures/opencode/storage", planters.opencode), {}],
      [
        await walkedFiles(antigravity, "test/fixtures/antigravity/antigravity-cli", planters.antigravity),
        { project: "antigravity-app" },
      ],
    ] as const) {
      const { status, body } = await postFiles([...files], { ...query });
      expect(status, JSON.stringify(body).slice(0, 2_000)).toBe(200);
      expect(
        body.totals.accepted,
        JSON.stringify(body.files.map((f) => [f.name, f.format, f.errors.slice(0, 2)])),
      ).toBeGreaterThan(0);
    }

    // The memory API: content written by a person, then edited.
    const project = "widget";
    while (!planters["memory-create"].done) {
      const response = await addMemory(
        await browserRequest(
          "http://localhost/api/v1/memories",
          jsonBody({ project, category: "insight", content: planters["memory-create"].lines(MAX_CONTENT) }),
        ),
      );
      expect(response.status).toBe(201);
    }
    // Edits go to memories of their own, so that no edit overwrites what a create stored.
    while (!planters["memory-update"].done) {
      const added = await addMemory(
        await browserRequest(
          "http://localhost/api/v1/memories",
          jsonBody({ project, category: "insight", content: "Run the checks before a release." }),
        ),
      );
      const { id } = (await added.json()) as { id: number };
      const request = await browserRequest(`http://localhost/api/v1/memories/${id}`, {
        ...jsonBody({ content: planters["memory-update"].lines(MAX_CONTENT) }),
        method: "PATCH",
      });
      expect((await editMemory(request, { params: Promise.resolve({ id: String(id) }) })).status).toBe(200);
    }

    // Agents' own memory files (docs/agent-memory.md), named as `starlight import` sends them.
    for (let n = 0; !planters["agent-memory"].done; n++) {
      const { status, body } = await postFiles(
        [{ name: `-home-dev-widget/memory/topic-${n}.md`, content: planters["agent-memory"].lines(100_000) }],
        { project },
      );
      expect(status, JSON.stringify(body).slice(0, 2_000)).toBe(200);
      expect(body.totals.accepted).toBe(1);
    }

    // MCP `remember`, as an agent calls it.
    while (!planters["mcp-remember"].done) await mcpRemember(project, planters["mcp-remember"].lines(MAX_CONTENT));

    // Ablations: the suite and agent command declared, then runs reported with their detail and transcript.
    const start = planters["ablation-start"];
    let ablation = 0;
    while (!start.done) {
      const body = {
        suite: start.fits(200) ? start.lines(200) : "examples",
        agent: start.lines(2_000),
        tasks: ["fix-range"],
        arms: ["guidance", "none"],
        runs: 100,
        seed: 7,
        format: "claude-md",
      };
      const response = await startAblation(
        await apiRequest(`http://localhost/api/v1/projects/${project}/ablations`, jsonBody(body)),
        slugParams(project),
      );
      expect(response.status, await response.clone().text()).toBe(201);
      ablation = ((await response.json()) as { id: number }).id;
    }
    const run = planters["ablation-run"];
    for (let n = 1; !run.done; n++) {
      const arm = n % 2 === 0 ? "guidance" : "none";
      // A signal must be a signal's name (the run schema refuses free text there), so it carries no secret.
      const ended = { exitCode: 1, signal: "SIGTERM", timedOut: false, durationMs: 10 };
      const report = {
        task: "fix-range",
        arm,
        run: Math.ceil(n / 2),
        status: "not_completed",
        setup: null,
        agent: ended,
        check: ended,
        detail: run.lines(4_000),
      };
      const transcript = generateCodexRollout({ seed: 900 + n, turns: 2, start: Date.UTC(2026, 5, 1, 8) + n * 60_000 });
      const form = new FormData();
      form.append("run", JSON.stringify(report));
      form.append("files", new Blob([plantInText(transcript.text, run)]), transcript.name);
      const response = await reportRun(
        await apiRequest(`http://localhost/api/v1/projects/${project}/ablations/${ablation}/runs`, {
          method: "POST",
          body: form,
        }),
        {
          params: Promise.resolve({ slug: project, id: String(ablation) }),
        },
      );
      expect(response.status, await response.clone().text()).toBe(204);
    }

    // OpenTelemetry events (docs/opentelemetry.md): the prompt's text, an error, a tool's parameters.
    const otlp = planters["otlp-events"];
    for (let n = 0; !otlp.done; n++) {
      const { request } = claudeCodeLogs({
        sessions: 1,
        eventsPerSession: 10,
        project: "acos-app",
        sessionId: () => `planted-${n}`,
        prompt: "Deploy the app",
      });
      for (const resource of request.resourceLogs as {
        scopeLogs: { logRecords: { attributes: { key: string; value: { stringValue?: string } }[] }[] }[];
      }[]) {
        for (const record of resource.scopeLogs.flatMap((scope) => scope.logRecords)) {
          for (const { key, value } of record.attributes)
            if (key === "prompt" || key === "error") value.stringValue = `${value.stringValue}\n${otlp.line()}`;
          record.attributes.push({
            key: "tool_parameters",
            value: { stringValue: JSON.stringify({ command: otlp.line() }) },
          });
        }
      }
      const response = await postOtlpLogs(
        await apiRequest("http://localhost/v1/logs", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(request),
        }),
      );
      expect(response.status, await response.clone().text()).toBe(200);
    }

    const columns = await storedColumns();
    expect(columns.size).toBeGreaterThan(100);
    const found = Object.fromEntries(CHANNELS.map((channel) => [channel, leaks(columns, planters[channel].used)]));
    console.info(
      `planted secrets stored verbatim, per channel (${isPostgres(getDb()) ? "postgresql" : "sqlite"}):\n` +
        CHANNELS.map(
          (c) =>
            `  ${c.padEnd(15)} ${String(found[c]!.length).padStart(3)} of ${planters[c].used.size}${found[c]!.length ? `  (${[...new Set(found[c]!.flatMap((l) => l.columns))].join(", ")})` : ""}`,
        ).join("\n"),
    );
    for (const channel of CHANNELS) expect(planters[channel].done, channel).toBe(true);
    expect(
      Object.fromEntries(
        CHANNELS.map((c) => [c, found[c]!.map((l) => `${l.planted.kind} in ${l.columns.join(", ")}`)]),
      ),
    ).toEqual(Object.fromEntries(CHANNELS.map((c) => [c, []])));
  });

  it("tells whoever wrote a memory how many secrets were taken out of it", async () => {
    const [first, second] = plantSecrets(4_300);
    const content = `Deploy notes: ${first!.text}\nand ${second!.text}`;
    const created = await addMemory(
      await browserRequest(
        "http://localhost/api/v1/memories",
        jsonBody({ project: "widget", category: "insight", content, tags: ["deploy"] }),
      ),
    );
    const memory = (await created.json()) as { id: number; content: string; redacted: number };
    expect(memory.redacted).toBe(2);
    expect(holdsSecret(memory.content, first!.secret)).toBe(false);
    const clean = await editMemory(
      await browserRequest(`http://localhost/api/v1/memories/${memory.id}`, {
        ...jsonBody({ content: "Deploy with make deploy." }),
        method: "PATCH",
      }),
      { params: Promise.resolve({ id: String(memory.id) }) },
    );
    expect(((await clean.json()) as { redacted: number }).redacted).toBe(0);
    expect(await mcpRemember("widget", `Use ${first!.text} to deploy.`)).toMatch(/ 1 secret was redacted from it/);
    expect(await mcpRemember("widget", "Run make deploy from the repository root.")).not.toMatch(/redacted/);
  });

  it("shows an ablation stored before its text was redacted without its secrets, in every answer a viewer reads", async () => {
    const [suite, agent, detail] = plantSecrets(4_400);
    const project = (await getProjectBySlug(getDb(), "widget"))!;
    const old = await insertAblation(getDb(), {
      projectId: project.id,
      suite: suite!.text,
      agent: agent!.text,
      tasks: ["fix-range"],
      arms: ["none"],
      runs: 1,
      seed: 1,
      generation: 1,
      rules: [],
      guidanceHash: "h",
      createdBy: "cli",
    });
    const ended = { exitCode: 1, signal: null, timedOut: false, durationMs: 5 };
    await upsertRun(getDb(), {
      ablationId: old.id,
      task: "fix-range",
      arm: "none",
      run: 1,
      status: "not_completed",
      setup: null,
      agent: ended,
      check: ended,
      detail: detail!.text,
      session: null,
    });
    const params = { params: Promise.resolve({ slug: "widget", id: String(old.id) }) };
    const answers = [
      await (
        await ablationDetail(await apiRequest(`http://localhost/api/v1/projects/widget/ablations/${old.id}`), params)
      ).text(),
      await (
        await ablationReport(
          await apiRequest(`http://localhost/api/v1/projects/widget/ablations/${old.id}/report`),
          params,
        )
      ).text(),
      await (
        await ablationOverview(
          await apiRequest("http://localhost/api/v1/projects/widget/ablations"),
          slugParams("widget"),
        )
      ).text(),
    ];
    expect(answers[0]).toContain("[REDACTED:");
    for (const answer of answers)
      for (const { secret } of [suite!, agent!, detail!]) expect(holdsSecret(answer, secret)).toBe(false);
  });
});
