/**
 * Claude Code transcripts for the benchmark: the seeded sessions of test/factories/generate/sessions.ts written out as the
 * `<folder>/<sessionId>.jsonl` files Claude Code keeps (one prompt, then an assistant `tool_use` line and a user
 * `tool_result` line per operation, sub-agent calls on `isSidechain` lines, a closing assistant text). Lines carry
 * realistic payloads (file contents, test output, token usage): about 1.2 KB a line, where the real fixtures in
 * test/fixtures/claude-code average about 3.8 KB.
 */
import { generateSessions } from "@/test/factories/generate/sessions";
import type { Operation, Session } from "@/lib/session";

export interface TranscriptUpload {
  name: string;
  content: Buffer;
  lines: number;
}

const FOLDER = "-home-dev-app";
const CWD = "/home/dev/app";
const CODE = Array.from(
  { length: 40 },
  (_, i) => `${String(i + 1).padStart(4)}\texport function step${i}(input: string): string { return input.trim(); }`,
).join("\n");
const OUTPUT: Record<string, string> = {
  Read: CODE,
  Bash: "> app@1.0.0 test\n> vitest run\n\n ✓ lib/format.test.ts (12 tests) 8ms\n ✓ lib/parse.test.ts (31 tests) 22ms\n\n Test Files  2 passed (2)\n      Tests  43 passed (43)",
  Grep: 'lib/format.ts:12:export function format\nlib/parse.ts:40:export function parse\napp/page.tsx:7:import { format } from "@/lib/format"',
  Glob: "app/page.tsx\napp/layout.tsx\nlib/format.ts\nlib/parse.ts",
};

/** A uuid-shaped session id, unique per (batch, index). */
export function sessionUuid(batch: number, index: number): string {
  const hex = (n: number, width: number) => n.toString(16).padStart(width, "0").slice(-width);
  return `${hex(batch, 8)}-0000-4000-8000-${hex(index, 12)}`;
}

function toolInput(op: Operation): Record<string, unknown> {
  const file = op.file ? `${CWD}/${op.file}` : null;
  switch (op.tool) {
    case "Read":
      return { file_path: file ?? `${CWD}/README.md` };
    case "Edit":
      return { file_path: file, old_string: "return input.trim();", new_string: "return input.trim().toLowerCase();" };
    case "Write":
      return { file_path: file, content: CODE.slice(0, 600) };
    case "Bash":
      return { command: op.command ?? "ls", description: "Run the command" };
    case "Grep":
      return { pattern: "export function", path: CWD };
    case "Glob":
      return { pattern: "**/*.ts" };
    case "Task":
      return {
        description: "Explore the code",
        prompt: "Find where the parser is called",
        subagent_type: "general-purpose",
      };
    case "WebFetch":
      return { url: "https://example.com/docs", prompt: "Summarise the API" };
    default:
      return { todos: [{ content: "Fix the failing build", status: "in_progress" }] };
  }
}

function transcriptLines(t: Session, sessionId: string): string[] {
  const base = { sessionId, cwd: CWD, gitBranch: "main", version: "2.0.55", userType: "external" };
  const at = (ms: number) => new Date(ms).toISOString();
  const lines: unknown[] = [
    {
      ...base,
      isSidechain: false,
      type: "user",
      uuid: `${sessionId}-u`,
      parentUuid: null,
      timestamp: at(t.startedAt),
      message: { role: "user", content: "Fix the failing build and add a test for it" },
    },
  ];
  let parent = `${sessionId}-u`;
  for (const op of t.operations ?? []) {
    const id = `toolu_${sessionId.slice(-12)}_${op.seq}`;
    const uuid = `${sessionId}-a${op.seq}`;
    const side = { ...base, isSidechain: op.delegated };
    lines.push({
      ...side,
      type: "assistant",
      uuid,
      parentUuid: parent,
      timestamp: at(op.at ?? t.startedAt),
      requestId: `req_${sessionId.slice(-12)}_${op.seq}`,
      message: {
        id: `msg_${sessionId.slice(-12)}_${op.seq}`,
        type: "message",
        role: "assistant",
        model: "claude-sonnet-4-5",
        content: [{ type: "tool_use", id, name: op.tool, input: toolInput(op) }],
        usage: {
          input_tokens: 1200 + op.seq * 40,
          output_tokens: 180,
          cache_read_input_tokens: 9000,
          cache_creation_input_tokens: 300,
        },
      },
    });
    lines.push({
      ...side,
      type: "user",
      uuid: `${sessionId}-r${op.seq}`,
      parentUuid: uuid,
      timestamp: at((op.at ?? t.startedAt) + 1_500),
      message: {
        role: "user",
        content: [{ type: "tool_result", tool_use_id: id, content: OUTPUT[op.tool] ?? "ok", is_error: op.isError }],
      },
    });
    parent = `${sessionId}-r${op.seq}`;
  }
  lines.push({
    ...base,
    isSidechain: false,
    type: "assistant",
    uuid: `${sessionId}-end`,
    parentUuid: parent,
    timestamp: at(t.endedAt ?? t.startedAt),
    message: {
      id: `msg_${sessionId.slice(-12)}_end`,
      role: "assistant",
      model: "claude-sonnet-4-5",
      content: [{ type: "text", text: "The build passes now." }],
    },
  });
  return lines.map((line) => JSON.stringify(line));
}

/** `count` generated sessions as transcript files; `batch` keeps the session ids of separate calls apart. */
export function generatedTranscripts(count: number, batch: number): TranscriptUpload[] {
  const out: TranscriptUpload[] = [];
  for (let from = 0; from < count; from += 10_000) {
    const sessions = generateSessions({
      seed: 1_000 + batch * 100 + from / 10_000,
      count: Math.min(10_000, count - from),
      idPrefix: `t${batch}`,
    });
    sessions.forEach((t, i) => {
      const sessionId = sessionUuid(batch, from + i);
      const lines = transcriptLines(t, sessionId);
      out.push({ name: `${FOLDER}/${sessionId}.jsonl`, content: Buffer.from(lines.join("\n")), lines: lines.length });
    });
  }
  return out;
}
