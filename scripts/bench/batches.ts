/**
 * The uploads the ingest benchmark sends: ACOS trajectories as JSONL files and Claude Code transcripts as session
 * files, packed into requests as `starlight import` packs them (at most 50 files and 4 MB a request).
 */
import { generateAcosTrajectories } from "@/lib/generate/acos";
import { generatedTranscripts, type TranscriptUpload } from "./transcripts";

export interface UploadFile {
  name: string;
  content: Buffer;
  /** Trajectories (ACOS) or lines (transcripts) in the file. */
  records: number;
}

export interface Workload {
  kind: "acos" | "transcripts";
  /** Trajectories (ACOS) or transcript lines. */
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

const totals = (files: readonly UploadFile[]) => ({ records: files.reduce((n, f) => n + f.records, 0), bytes: files.reduce((n, f) => n + f.content.length, 0) });

/** `count` generated ACOS trajectories as JSONL files of at most 4 MB, one file a request. */
export function acosWorkload(count: number, seed: number): Workload {
  const records = generateAcosTrajectories({ seed, count, idPrefix: `bench${seed}` });
  const files: UploadFile[] = [];
  let lines: string[] = [];
  let bytes = 0;
  const flush = () => {
    files.push({ name: `trajectories-${files.length}.jsonl`, content: Buffer.from(lines.join("\n")), records: lines.length });
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

/** Generated sessions as transcript files, enough to hold at least `lines` lines. */
export function transcriptWorkload(lines: number, batch: number): Workload {
  const files: TranscriptUpload[] = [];
  let held = 0;
  for (let chunk = 0; held < lines; chunk++) {
    for (const file of generatedTranscripts(Math.max(1, Math.ceil((lines - held) / 80)), batch * 1_000 + chunk)) {
      if (held >= lines) break;
      files.push(file);
      held += file.lines;
    }
  }
  const uploads = files.map((f) => ({ name: f.name, content: f.content, records: f.lines }));
  return { kind: "transcripts", ...totals(uploads), sessions: files.length, batches: pack(uploads) };
}

/** A multipart/form-data body of the files, encoded up front so the timed request carries no encoding work. */
export function multipart(files: readonly UploadFile[]): { body: Buffer; contentType: string } {
  const boundary = `----starlight-bench-${files.length}-${files[0]?.name.length ?? 0}`;
  const parts = files.flatMap((f) => [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${f.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    f.content,
    Buffer.from("\r\n"),
  ]);
  return { body: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}
