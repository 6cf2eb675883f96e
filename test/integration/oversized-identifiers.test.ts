import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { is } from "drizzle-orm";
import { getTableConfig, SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { POST as hook } from "@/app/api/v1/hooks/claude-code/route";
import { POST as mcp } from "@/app/api/v1/mcp/route";
import { POST as addMemory } from "@/app/api/v1/memories/route";
import { POST as postOtlpLogs } from "@/app/v1/logs/route";
import { POST as postOtlpMetrics } from "@/app/v1/metrics/route";
import { getDb } from "@/db/client";
import { statement } from "@/db/engine/statement";
import * as schema from "@/db/schema";
import { generateAcosPatterns, generateAcosTrajectories, toJsonl } from "@/test/factories/generate/acos";
import { generateCodexRollout } from "@/test/factories/generate/codex";
import { generateGeminiSessions } from "@/test/factories/generate/gemini";
import type { AgentEntry } from "@/lib/walk/agent";
import { antigravity } from "@/lib/walk/antigravity";
import { readFound } from "@/lib/walk/files";
import { opencode } from "@/lib/walk/opencode";
import { claudeCodeLogs, claudeCodeMetrics } from "@/test/factories/otlp";
import { postFiles } from "./ingest-client";
import { apiRequest, browserRequest } from "./support/auth";
import { claudeFixtureFiles } from "./support/fixture-files";

/**
 * Every writer is sent records whose identifiers (session, agent and part ids, working folders, tool and model names,
 * OTLP session.id and event names, file names) are 3,000 to 10,000 characters, many of them multi-byte. PostgreSQL
 * refuses an index row over 2,704 bytes, so a long identifier that reaches an index is a 500 there and nowhere else.
 * Each answer must be below 500 (stored with the value shortened, or refused naming the file, line and field), and a
 * refused upload leaves every table as it was.
 */

/** Identifier-like keys of the formats' records (see docs/formats.md). */
const IDENTIFIERS = new Set([
  "sessionId",
  "session_id",
  "agentId",
  "cwd",
  "Cwd",
  "directory",
  "worktree",
  "model",
  "modelID",
  "providerID",
  "name",
  "tool",
  "tool_name",
  "toolName",
  "id",
  "uuid",
  "projectHash",
  "projectID",
  "parentID",
  "sessionID",
  "messageID",
  "callID",
  "call_id",
  "conversationId",
  "sessionId",
  "project",
  "slug",
  "domain",
  "category",
]);

/**
 * 3,000 to 3,000 + (spread - 1) × 1,000 characters (UTF-16 code units), starting with `seed`: ASCII letters and
 * 2-, 3- and 4-byte characters drawn at random, since PostgreSQL compresses a repetitive value before it indexes it.
 */
function long(seed: string, n: number, spread = 8): string {
  let state = 0x9e3779b9 ^ ((n + 1) * 7919);
  const next = (below: number) => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % below;
  };
  const draws = [
    () => String.fromCharCode(97 + next(26)),
    () => String.fromCharCode(0xe0 + next(32)),
    () => String.fromCharCode(0x4e00 + next(20_000)),
    () => String.fromCodePoint(0x1f300 + next(700)),
  ];
  let out = seed;
  while (out.length < 3_000 + (n % spread) * 1_000) out += draws[next(draws.length)]!();
  return out;
}

/** Replaces each identifier-like value with a long one, the same value each time so that references still match. */
class Lengthener {
  private readonly map = new Map<string, string>();

  /**
   * `spread` 1 keeps each at 3,000 characters, for those that go in file names: a multipart part's header holds 16 KB.
   * `keys` are the fields lengthened.
   */
  constructor(
    private readonly spread = 8,
    private readonly keys: ReadonlySet<string> = IDENTIFIERS,
  ) {}

  value(original: string): string {
    let out = this.map.get(original);
    if (out === undefined) {
      out = long(original, this.map.size, this.spread);
      this.map.set(original, out);
    }
    return out;
  }

  fields(value: unknown, key = ""): unknown {
    if (typeof value === "string") {
      if (!this.keys.has(key) || value === "") return value;
      if (/^\s*[[{]/.test(value)) return value;
      return this.value(value);
    }
    if (Array.isArray(value)) return value.map((item) => this.fields(item, key));
    if (typeof value === "object" && value !== null)
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.fields(v, k)]));
    return value;
  }

  text(text: string): string {
    const trimmed = text.trim();
    if (trimmed.startsWith("{") && !trimmed.includes("\n{")) return JSON.stringify(this.fields(JSON.parse(text)));
    return text
      .split("\n")
      .map((line) => (line.trim() === "" ? line : JSON.stringify(this.fields(JSON.parse(line)))))
      .join("\n");
  }

  /** A file name with every identifier this lengthener has replaced also replaced in it, and its folders lengthened. */
  fileName(name: string): string {
    let out = name;
    for (const [original, replaced] of this.map)
      if (original.length >= 8 && !original.includes("/")) out = out.replaceAll(original, replaced);
    return out;
  }
}

const IGNORED = new Set(["audit_log", "rate_limit_buckets", "users", "api_tokens", "sign_ins"]);

/** Rows per table the schema declares (the audit log, rate limits and the test's caller aside: not written by the upload). */
async function rowCounts(): Promise<Record<string, number>> {
  const tables = Object.values(schema as Record<string, unknown>).filter((value): value is SQLiteTable =>
    is(value, SQLiteTable),
  );
  const out: Record<string, number> = {};
  for (const table of tables) {
    const { name } = getTableConfig(table);
    if (IGNORED.has(name)) continue;
    const row = await statement<{ n: number | string }>(`SELECT count(*) AS n FROM "${name}"`).get(getDb());
    out[name] = Number(row!.n);
  }
  return out;
}

/** Every text column that is part of an index, a unique constraint or a primary key, as "table.column". */
function indexedTextColumns(): string[] {
  const tables = Object.values(schema as Record<string, unknown>).filter((value): value is SQLiteTable =>
    is(value, SQLiteTable),
  );
  const out = new Set<string>();
  for (const table of tables) {
    const config = getTableConfig(table);
    const keyed = [
      ...config.columns.filter((column) => column.primary || column.isUnique),
      ...config.primaryKeys.flatMap((key) => key.columns),
      ...config.uniqueConstraints.flatMap((constraint) => constraint.columns),
      ...config.indexes.flatMap((index) =>
        index.config.columns.filter((column): column is (typeof config.columns)[number] => is(column, SQLiteColumn)),
      ),
    ];
    for (const column of keyed) if (column.getSQLType() === "text") out.add(`${config.name}.${column.name}`);
  }
  return [...out].sort();
}

/** The longest value of each indexed text column, in UTF-8 bytes. */
async function longestIndexed(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const name of indexedTextColumns()) {
    const [table, column] = name.split(".") as [string, string];
    const row = await statement<{ n: number | string | null }>({
      sqlite: `SELECT max(length(CAST("${column}" AS BLOB))) AS n FROM "${table}"`,
      postgresql: `SELECT max(octet_length("${column}")) AS n FROM "${table}"`,
    }).get(getDb());
    out[name] = Number(row?.n ?? 0);
  }
  return out;
}

type Answer = { status: number; text: string };

/** An upload's answer: below 500; a file refused names its line and field; a request refused as a whole left nothing. */
async function upload(
  files: { name: string; content: string | Uint8Array }[],
  query: Record<string, string> = {},
): Promise<Answer> {
  const before = await rowCounts();
  const { status, body } = await postFiles(files, query);
  const text = JSON.stringify(body).slice(0, 3_000);
  expect(status, text).toBeLessThan(500);
  // 207: some files (or records) stored, others refused, each refusal naming its line and field.
  if (status === 200 || status === 207)
    for (const file of body.files) for (const error of file.errors) expect(error.message, text).toMatch(/\S/);
  if (status >= 400 && status !== 207) expect(await rowCounts(), text).toEqual(before);
  if (status === 200 && body.totals.accepted === 0) expect(await rowCounts(), text).toEqual(before);
  return { status, text };
}

async function answer(response: Response, before: Record<string, number>): Promise<Answer> {
  const text = (await response.text()).slice(0, 3_000);
  expect(response.status, text).toBeLessThan(500);
  if (response.status >= 400) {
    expect(text, "a refusal names what it refused").toMatch(/\S/);
    expect(await rowCounts()).toEqual(before);
  }
  return { status: response.status, text };
}

async function walkedFiles(
  entry: AgentEntry,
  fixture: string,
  lengthener: Lengthener,
): Promise<{ name: string; content: string }[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "starlight-long-ids-"));
  fs.cpSync(fixture, dir, { recursive: true });
  const found = await entry.find(dir);
  expect(found, fixture).not.toBeNull();
  const out: { name: string; content: string }[] = [];
  for (const file of found!.groups.flatMap((group) => group.files)) {
    const lines = Buffer.from(await readFound(file))
      .toString("utf8")
      .split("\n")
      .filter((line) => line.trim() !== "");
    const oneLine = file.read ? [JSON.stringify(JSON.parse(lines.join("\n")))] : lines;
    out.push({ name: "", content: lengthener.text(oneLine.join("\n")) });
    out[out.length - 1]!.name = file.name;
  }
  fs.rmSync(dir, { recursive: true, force: true });
  return out.map((file) => ({ ...file, name: lengthener.fileName(file.name) }));
}

const results: Record<string, Answer> = {};

/** An answer in a line: an upload's totals and first error, or the start of any other answer. */
function summary(text: string): string {
  const totals = /"totals":(\{[^}]*\})/.exec(text)?.[1];
  const error = /"errors":\[\{([^\]]{0,300})/.exec(text)?.[1]?.replace(/[^\x20-\x7e]{3,}/g, "…");
  return totals ? `${totals}${error ? ` first error: ${error}` : ""}` : text.slice(0, 200);
}

describe("identifiers of kilobytes, in every writer", () => {
  it("Claude Code transcripts and sub-agent files", async () => {
    const lengthener = new Lengthener(1);
    const files = claudeFixtureFiles().map((file) => ({
      name: file.name,
      content: lengthener.text(Buffer.from(file.content).toString("utf8")),
    }));
    results.claude = await upload(files.map((file) => ({ ...file, name: lengthener.fileName(file.name) })));
    // The project folder alone, of kilobytes.
    const folder = long("-home-dev-", 0);
    results["claude-folder"] = await upload(
      claudeFixtureFiles((name) => name.startsWith("-Users-chip-dev-ai-music/")).map((file) => ({
        ...file,
        name: file.name.replace("-Users-chip-dev-ai-music", folder),
      })),
    );
  });

  it("tool and model names alone, of kilobytes: stored cut short", async () => {
    const names = new Set(["name", "model", "modelID", "tool", "toolName", "tool_name"]);
    const claude = new Lengthener(8, names);
    const files = claudeFixtureFiles((name) => name.startsWith("-Users-chip-dev-ai-music/")).map((file) => ({
      name: file.name,
      content: claude.text(Buffer.from(file.content).toString("utf8")),
    }));
    results["claude-names"] = await upload(files);
    const codex = new Lengthener(8, names);
    results["codex-names"] = await upload(
      [generateCodexRollout({ seed: 720, turns: 5, start: Date.UTC(2026, 4, 20, 8) })].map((g) => ({
        name: g.name,
        content: codex.text(g.text),
      })),
    );
    const acos = generateAcosTrajectories({ seed: 4, count: 3, idPrefix: "names" }).map((record, i) => ({
      ...record,
      toolBreakdown: { [long("Edit", i)]: 2, [long("Read", i + 1)]: 1 },
    }));
    results["acos-names"] = await upload([{ name: "trajectories.jsonl", content: toJsonl(acos) }], {
      project: "acos-names",
    });
    for (const label of ["claude-names", "codex-names", "acos-names"]) expect(results[label]!.status, label).toBe(200);
  });

  it("Codex rollouts, Gemini sessions, OpenCode exports and Antigravity transcripts", async () => {
    const codex = new Lengthener();
    results.codex = await upload(
      [1, 2]
        .map((i) => generateCodexRollout({ seed: 700 + i, turns: 5, start: Date.UTC(2026, 4, 10 + i, 8) }))
        .map((g) => ({ name: g.name, content: codex.text(g.text) })),
    );
    const gemini = new Lengthener(1);
    results.gemini = await upload(
      generateGeminiSessions({ seed: 11, count: 3 })
        .map((g) => ({ name: g.path, content: gemini.text(g.content) }))
        .map((f) => ({ ...f, name: gemini.fileName(f.name) })),
      { project: "gemini-long" },
    );
    results.opencode = await upload(await walkedFiles(opencode, "test/fixtures/opencode/storage", new Lengthener(1)));
    results.antigravity = await upload(
      await walkedFiles(antigravity, "test/fixtures/antigravity/antigravity-cli", new Lengthener(1)),
      { project: "antigravity-long" },
    );
  });

  it("ACOS trajectories and patterns", async () => {
    const acos = new Lengthener();
    results.acos = await upload(
      [
        {
          name: "trajectories.jsonl",
          content: acos.text(toJsonl(generateAcosTrajectories({ seed: 3, count: 5, idPrefix: "long" }))),
        },
      ],
      { project: "acos-long" },
    );
    const patterns = new Lengthener();
    results["acos-patterns"] = await upload(
      [{ name: "patterns.jsonl", content: patterns.text(toJsonl(generateAcosPatterns({ seed: 3, count: 5 }))) }],
      { project: "acos-long" },
    );
  });

  it("agent memory files, named by a folder and a file of kilobytes", async () => {
    results["agent-memory"] = await upload(
      [{ name: `${long("-home-dev-", 0)}/memory/${long("topic", 0)}.md`, content: "Run the checks before a release." }],
      { project: "widget-long" },
    );
    // A file name over the 16 KB a multipart part's header holds: the form is refused as malformed.
    results["file-name-over-16KB"] = await upload(
      [{ name: `-home-dev-widget/memory/${long("topic", 7)}.md`, content: "Run the checks before a release." }],
      { project: "widget-long" },
    );
    results["agent-memory-project"] = await upload(
      [{ name: "-home-dev-widget/memory/notes.md", content: "Run the checks before a release." }],
      { project: long("widget", 4) },
    );
  });

  it("OTLP logs and metrics: session.id, user ids, event, tool and model names", async () => {
    const lengthener = new Lengthener();
    const { request } = claudeCodeLogs({ sessions: 2, eventsPerSession: 10, project: "acos-long" });
    const logs = lengthener.fields(request, "") as typeof request;
    for (const resource of (
      logs as {
        resourceLogs: {
          scopeLogs: { logRecords: { attributes: { key: string; value: { stringValue?: string } }[] }[] }[];
        }[];
      }
    ).resourceLogs) {
      for (const record of resource.scopeLogs.flatMap((scope) => scope.logRecords)) {
        for (const { key, value } of record.attributes)
          if (
            value.stringValue !== undefined &&
            /^(session\.id|user\.|organization\.id|event\.name|tool_name|model|terminal\.type)/.test(key)
          )
            value.stringValue = lengthener.value(value.stringValue);
      }
    }
    let before = await rowCounts();
    results["otlp-logs"] = await answer(
      await postOtlpLogs(
        await apiRequest("http://localhost/v1/logs", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(logs),
        }),
      ),
      before,
    );
    const metrics = claudeCodeMetrics({ sessions: 2, points: 3, project: "acos-long" }).request as {
      resourceMetrics: {
        scopeMetrics: {
          metrics: {
            name: string;
            sum: { dataPoints: { attributes: { key: string; value: { stringValue?: string } }[] }[] };
          }[];
        }[];
      }[];
    };
    for (const resource of metrics.resourceMetrics) {
      for (const metric of resource.scopeMetrics.flatMap((scope) => scope.metrics)) {
        for (const point of metric.sum.dataPoints)
          point.attributes = point.attributes.map(({ key, value }) => ({
            key,
            value: value.stringValue === undefined ? value : { stringValue: lengthener.value(value.stringValue) },
          }));
      }
    }
    before = await rowCounts();
    results["otlp-metrics"] = await answer(
      await postOtlpMetrics(
        await apiRequest("http://localhost/v1/metrics", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(metrics),
        }),
      ),
      before,
    );
  });

  it("the hook event route, MCP remember and the memory API", async () => {
    // The route takes at most 64 KB: each field at 3,000 characters fits.
    const session = long("22222222-2222-4222-8222-", 0);
    const event = {
      session_id: session,
      cwd: long("/home/dev/", 0),
      transcript_path: `/home/dev/.claude/projects/x/${session}.jsonl`,
      permission_mode: "auto",
      hook_event_name: "PermissionDenied",
      tool_name: long("Bash", 0),
      tool_input: { command: "ls" },
      tool_use_id: long("toolu_", 0),
      reason: "outside the project",
    };
    let before = await rowCounts();
    results.hook = await answer(
      await hook(
        await apiRequest("http://localhost/api/v1/hooks/claude-code", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(event),
        }),
      ),
      before,
    );

    before = await rowCounts();
    const remember = {
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: {
        name: "remember",
        arguments: {
          project: long("widget", 2),
          content: "Run the checks first.",
          category: long("insight", 3),
          tags: [long("tag", 4)],
        },
      },
    };
    const mcpRequest = await apiRequest("http://localhost/api/v1/mcp", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify(remember),
    });
    results["mcp-remember"] = await answer(await mcp(mcpRequest, { params: Promise.resolve({}) }), before);

    for (const [label, body] of [
      ["memory-project", { project: long("widget", 5), category: "insight", content: "Run the checks first." }],
      [
        "memory-tags",
        { project: "widget", category: "insight", content: "Run the checks first.", tags: [long("tag", 6)] },
      ],
    ] as const) {
      before = await rowCounts();
      results[label] = await answer(
        await addMemory(
          await browserRequest("http://localhost/api/v1/memories", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify(body),
          }),
        ),
        before,
      );
    }
    console.info(
      Object.entries(results)
        .map(([writer, { status, text }]) => `  ${writer.padEnd(22)} ${status} ${summary(text)}`)
        .join("\n"),
    );
  });

  it("leaves no value of an indexed text column over 2,000 bytes, on either engine", async () => {
    const longest = await longestIndexed();
    console.info(
      Object.entries(longest)
        .filter(([, n]) => n > 0)
        .map(([column, n]) => `  ${column.padEnd(40)} ${n}`)
        .join("\n"),
    );
    expect(Object.entries(longest).filter(([, n]) => n > 2_000)).toEqual([]);
  });
});
