/**
 * The uploads the ingest benchmark sends: ACOS trajectories as JSONL files and Claude Code transcripts as session
 * files, packed into requests of at most 50 files and 4 MB; ACOS trajectories as ACOS writes them, a file each, for
 * `starlight import` (cli-import.ts); and the Codex CLI rollouts and Gemini CLI chats the parser benchmark reads,
 * from the repo's seeded generators.
 */
import { generateAcosTrajectories } from "@/test/factories/generate/acos";
import { generateCodexRollout } from "@/test/factories/generate/codex";
import { generateGeminiSessions } from "@/test/factories/generate/gemini";
import { generatedTranscripts } from "./transcripts";

export interface UploadFile {
  name: string;
  content: Buffer;
  /** Sessions (ACOS) or lines (every other kind) in the file. */
  records: number;
}

export interface Workload {
  kind: "acos" | "transcripts" | "codex" | "gemini";
  /** Sessions (ACOS) or lines (every other kind). */
  records: number;
  sessions: number;
  bytes: number;
  batches: UploadFile[][];
}

const MAX_FILES = 50;
const MAX_BYTES = 4 * 1024 * 1024;

function pack(files: readonly UploadFile[]): UploadFile[][] {
  const batches: UploadFile[][] = [];
  let current: UploadFile[] = [];
  let bytes = 0;
  for (const file of files) {
    if (current.length > 0 && (current.length >= MAX_FILES || bytes + file.content.length > MAX_BYTES)) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(file);
    bytes += file.content.length;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

const totals = (files: readonly UploadFile[]) => ({
  records: files.reduce((n, f) => n + f.records, 0),
  bytes: files.reduce((n, f) => n + f.content.length, 0),
});

/** `count` generated ACOS trajectories as JSONL files of at most 4 MB, one file a request. */
export function acosWorkload(count: number, seed: number): Workload {
  const records = generateAcosTrajectories({ seed, count, idPrefix: `bench${seed}` });
  const files: UploadFile[] = [];
  let lines: string[] = [];
  let bytes = 0;
  const flush = () => {
    files.push({
      name: `trajectories-${files.length}.jsonl`,
      content: Buffer.from(lines.join("\n")),
      records: lines.length,
    });
    lines = [];
    bytes = 0;
  };
  for (const record of records) {
    const line = JSON.stringify(record);
    if (bytes + line.length + 1 > MAX_BYTES) flush();
    lines.push(line);
    bytes += line.length + 1;
  }
  if (lines.length > 0) flush();
  return { kind: "acos", ...totals(files), sessions: count, batches: files.map((f) => [f]) };
}

/**
 * `count` generated ACOS trajectories as ACOS writes them: one pretty-printed JSON file each, named
 * `<type>_traj_<time>_<id>.json`, all in one batch (the library ingests them in one call).
 */
export function acosFilesWorkload(count: number, seed: number): Workload {
  const files = generateAcosTrajectories({ seed, count }).map((r) => ({
    name: `${r.type}_${r.id}.json`,
    content: Buffer.from(JSON.stringify(r, null, 2)),
    records: 1,
  }));
  return { kind: "acos", ...totals(files), sessions: count, batches: [files] };
}

/** Files from `make` (handed the chunk's number and how many lines are still wanted) until they hold at least `lines` lines. */
function holding(lines: number, make: (chunk: number, wanted: number) => UploadFile[]): UploadFile[] {
  const files: UploadFile[] = [];
  let held = 0;
  for (let chunk = 0; held < lines; chunk++) {
    for (const file of make(chunk, lines - held)) {
      if (held >= lines) break;
      files.push(file);
      held += file.records;
    }
  }
  return files;
}

const lineCount = (text: string) => text.split("\n").filter((line) => line.trim() !== "").length;

function workload(kind: Workload["kind"], files: UploadFile[]): Workload {
  return { kind, ...totals(files), sessions: files.length, batches: pack(files) };
}

/** Generated sessions as transcript files, enough to hold at least `lines` lines. */
export function transcriptWorkload(lines: number, batch: number): Workload {
  const files = holding(lines, (chunk, wanted) =>
    generatedTranscripts(Math.max(1, Math.ceil(wanted / 80)), batch * 1_000 + chunk).map((f) => ({
      name: f.name,
      content: f.content,
      records: f.lines,
    })),
  );
  return workload("transcripts", files);
}

/** Generated Codex CLI rollouts (about 90 lines each), enough to hold at least `lines` lines. */
export function codexWorkload(lines: number, seed: number): Workload {
  const files = holding(lines, (chunk, wanted) =>
    Array.from({ length: Math.max(1, Math.ceil(wanted / 90)) }, (_, i) => {
      const rollout = generateCodexRollout({ seed: seed * 1_000_000 + chunk * 10_000 + i });
      return { name: rollout.name, content: Buffer.from(rollout.text), records: lineCount(rollout.text) };
    }),
  );
  return workload("codex", files);
}

/**
 * Generated Gemini CLI chats in the current JSONL layout (about 50 lines each), enough to hold at least `lines`
 * lines; the older single-JSON files the generator also writes are left out, since they are not read as lines.
 */
export function geminiWorkload(lines: number, seed: number): Workload {
  const files = holding(lines, (chunk, wanted) =>
    generateGeminiSessions({ seed: seed * 1_000 + chunk, count: Math.max(2, Math.ceil(wanted / 40)) })
      .filter((f) => f.path.endsWith(".jsonl"))
      .map((f) => ({ name: f.path, content: Buffer.from(f.content), records: lineCount(f.content) })),
  );
  return workload("gemini", files);
}
