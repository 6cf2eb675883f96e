import { createHash } from "node:crypto";
import { createRandom, type Random } from "@/test/factories/generate/random";

/**
 * Seeded Gemini CLI session files, written the way `ChatRecordingService` writes them (chatRecording*.ts in
 * google-gemini/gemini-cli): a metadata line, each message appended again whenever it changes (tool calls added, then
 * their results, then the response's tokens), `{$set: {lastUpdated}}` after each message, tool answers as `user`
 * messages of `functionResponse` parts, "Request cancelled." info lines, error lines and `$rewindTo` records. Each
 * session comes with what a reader should find in it, counted while writing (not by reading the file back).
 */

interface GeminiExpected {
  sessionId: string;
  operations: number;
  /** Canonical tool name → calls. */
  tools: Record<string, number>;
  toolErrors: number;
  rejected: number;
  interruptions: number;
  apiErrors: number;
  prompts: number;
  tokens: { input: number; output: number; cacheRead: number };
  models: string[];
  shellCommands: string[];
}

export interface GeminiSessionFile {
  /** Relative to `~/.gemini/tmp`. */
  path: string;
  content: string;
  expected: GeminiExpected;
}

const MODELS = ["gemini-2.5-pro", "gemini-2.5-flash"];
const FILES = ["src/app.ts", "src/cart.ts", "src/api/orders.ts", "README.md", "test/cart.test.ts"];
const PROMPTS = [
  "add a discount field to the cart",
  "fix the failing order test",
  "rename fetchOrders to loadOrders",
  "explain the checkout flow",
];

type Call = {
  name: string;
  canonical: string;
  args: Record<string, unknown>;
  status: "success" | "error" | "cancelled";
  output: string;
  error: boolean;
  shell: string | null;
  denied: boolean;
};

function drawCall(r: Random, root: string): Call {
  const file = `${root}/${r.pick(FILES)}`;
  const kind = r.weighted<string>([
    ["shell", 4],
    ["read", 3],
    ["edit", 2],
    ["write", 1],
    ["grep", 1],
    ["glob", 1],
    ["mcp", 1],
    ["web", 1],
  ]);
  const base = { status: "success" as const, error: false, shell: null, denied: false };
  switch (kind) {
    case "shell": {
      const command = r.pick(["npm test", "npx tsc --noEmit", "git status", "npm run lint", "git commit -m wip"]);
      const failed = r.chance(0.3);
      const output = failed
        ? `Output: 1 failed, 4 passed\nExit Code: 1\nProcess Group PGID: ${r.int(100, 999)}`
        : `Output: 5 passed\nProcess Group PGID: ${r.int(100, 999)}`;
      return {
        ...base,
        name: "run_shell_command",
        canonical: "Bash",
        args: { command, description: "run it" },
        output,
        error: failed,
        shell: command,
      };
    }
    case "read":
      return {
        ...base,
        name: "read_file",
        canonical: "Read",
        args: { file_path: file },
        output: "export const x = 1;",
      };
    case "edit": {
      const failed = r.chance(0.2);
      return {
        ...base,
        name: "replace",
        canonical: "Edit",
        args: { file_path: file, old_string: "a", new_string: "b" },
        status: failed ? "error" : "success",
        output: failed ? "Failed to edit, 0 occurrences found for old_string" : "Successfully modified file",
        error: failed,
      };
    }
    case "write":
      return {
        ...base,
        name: "write_file",
        canonical: "Write",
        args: { file_path: file, content: "x" },
        output: `Successfully created and wrote to new file: ${file}`,
      };
    case "grep":
      return {
        ...base,
        name: r.pick(["grep_search", "search_file_content"]),
        canonical: "Grep",
        args: { pattern: "cart" },
        output: "Found 3 matches",
      };
    case "glob":
      return { ...base, name: "glob", canonical: "Glob", args: { pattern: "**/*.ts" }, output: "Found 5 files" };
    case "mcp":
      return {
        ...base,
        name: "mcp_github_create_issue",
        canonical: "mcp__github__create_issue",
        args: { title: "t" },
        output: "created #12",
      };
    default:
      return {
        ...base,
        name: "google_web_search",
        canonical: "WebSearch",
        args: { query: "zod v4 looseObject" },
        output: "results",
      };
  }
}

function uuid(r: Random): string {
  const t = r.token(32).replace(/[g-z]/g, (c) => ((c.charCodeAt(0) - 103) % 16).toString(16));
  return `${t.slice(0, 8)}-${t.slice(8, 12)}-${t.slice(12, 16)}-${t.slice(16, 20)}-${t.slice(20, 32)}`;
}

/** One session file; `legacy` writes the older single-JSON layout (no re-appends, no `$set`, no rewinds). */
function session(r: Random, index: number, start: number, legacy: boolean, hashFolder: boolean): GeminiSessionFile {
  const sessionId = uuid(r);
  const root = `/home/dev/${["shop", "billing-api", "docs-site"][index % 3]}`;
  const projectHash = createHash("sha256").update(root).digest("hex");
  const folder = hashFolder ? projectHash : root.split("/").at(-1)!;
  let clock = start;
  const time = () => new Date((clock += r.int(1, 20) * 1000)).toISOString();
  const lines: unknown[] = [];
  const messages: Record<string, unknown>[] = [];
  const write = (m: Record<string, unknown>) => {
    if (legacy) {
      const at = messages.findIndex((x) => x.id === m.id);
      if (at === -1) messages.push(m);
      else messages[at] = m;
    } else {
      lines.push(structuredClone(m));
      lines.push({ $set: { lastUpdated: time() } });
    }
  };
  const e: GeminiExpected = {
    sessionId,
    operations: 0,
    tools: {},
    toolErrors: 0,
    rejected: 0,
    interruptions: 0,
    apiErrors: 0,
    prompts: 0,
    tokens: { input: 0, output: 0, cacheRead: 0 },
    models: [],
    shellCommands: [],
  };
  const startTime = new Date(start).toISOString();
  if (!legacy) lines.push({ sessionId, projectHash, startTime, lastUpdated: startTime, kind: "main" });

  const turns = r.int(1, 4);
  for (let turn = 0; turn < turns; turn++) {
    const promptId = uuid(r);
    write({ id: promptId, timestamp: time(), type: "user", content: [{ text: r.pick(PROMPTS) }] });
    // A turn the person rewinds: its calls and prompt are gone; its response's tokens were spent all the same.
    const rewound = !legacy && turn > 0 && r.chance(0.2);
    const model = r.pick(MODELS);
    const steps = r.int(1, 4);
    let stopped = false;
    for (let step = 0; step < steps && !stopped; step++) {
      const response: Record<string, unknown> = {
        id: uuid(r),
        timestamp: time(),
        type: "gemini",
        content: "",
        thoughts: [],
        model,
        toolCalls: [],
      };
      const calls = Array.from({ length: r.int(1, 3) }, () => drawCall(r, root));
      if (r.chance(0.1))
        calls.push({
          ...drawCall(r, root),
          status: "cancelled",
          output: "[Operation Cancelled] Reason: User denied execution.",
          error: true,
          denied: true,
        });
      const records = calls.map((c, i) => ({
        id: `${String(response.id).slice(0, 8)}-${i}`,
        name: c.name,
        args: c.args,
        status: "scheduled",
        timestamp: time(),
      }));
      response.toolCalls = records;
      write({ ...response });
      response.toolCalls = records.map((rec, i) => {
        const c = calls[i]!;
        const key = c.status === "success" ? "output" : "error";
        return {
          ...rec,
          status: c.status,
          result: [{ functionResponse: { id: rec.id, name: c.name, response: { [key]: c.output } } }],
          resultDisplay: c.output,
        };
      });
      write({ ...response });
      const tokens = {
        input: r.int(2000, 9000),
        output: r.int(10, 800),
        cached: r.int(0, 1500),
        thoughts: r.int(0, 300),
        tool: r.chance(0.2) ? r.int(1, 50) : 0,
        total: 0,
      };
      tokens.total = tokens.input + tokens.output + tokens.thoughts + tokens.tool;
      response.tokens = tokens;
      write({ ...response });
      e.tokens.input += tokens.input - tokens.cached + tokens.tool;
      e.tokens.output += tokens.output + tokens.thoughts;
      e.tokens.cacheRead += tokens.cached;
      if (!e.models.includes(model)) e.models.push(model);
      write({
        id: uuid(r),
        timestamp: time(),
        type: "user",
        content: (response.toolCalls as { result: unknown[] }[]).flatMap((c) => c.result),
      });
      if (!rewound) {
        for (const c of calls) {
          e.operations++;
          e.tools[c.canonical] = (e.tools[c.canonical] ?? 0) + 1;
          if (c.error) e.toolErrors++;
          if (c.denied) e.rejected++;
          if (c.shell !== null) e.shellCommands.push(c.shell);
        }
      }
      if (r.chance(0.1)) {
        write({ id: uuid(r), timestamp: time(), type: "info", content: "Request cancelled." });
        if (!rewound) e.interruptions++;
        stopped = true;
      }
    }
    if (r.chance(0.15)) {
      write({ id: uuid(r), timestamp: time(), type: "error", content: "[API Error: 429 Resource exhausted]" });
      if (!rewound) e.apiErrors++;
    }
    if (rewound) lines.push({ $rewindTo: promptId });
    else e.prompts++;
  }
  write({ id: uuid(r), timestamp: time(), type: "user", content: [{ text: "/stats" }] });
  const content = legacy
    ? JSON.stringify(
        { sessionId, projectHash, startTime, lastUpdated: new Date(clock).toISOString(), messages },
        null,
        2,
      )
    : lines.map((l) => JSON.stringify(l)).join("\n") + "\n";
  const stamp = startTime.slice(0, 16).replace(/:/g, "-");
  return {
    path: `${folder}/chats/session-${stamp}-${sessionId.slice(0, 8)}.json${legacy ? "" : "l"}`,
    content,
    expected: e,
  };
}

/** `count` sessions from `seed`: every fourth in the older `.json` layout, every third under a sha256-named folder. */
export function generateGeminiSessions(opts: { seed: number; count: number; start?: number }): GeminiSessionFile[] {
  const r = createRandom(opts.seed);
  const start = opts.start ?? Date.UTC(2026, 9, 1);
  return Array.from({ length: opts.count }, (_, i) => session(r, i, start + i * 3_600_000, i % 4 === 3, i % 3 === 2));
}
