import { z } from "zod";

/**
 * A row's state: queued, sending, or how the server answered ("waiting": a sub-agent's file kept for a session
 * whose main transcript has not arrived).
 */
export type UploadStatus =
  | "queued"
  | "uploading"
  | "stored"
  | "waiting"
  | "duplicate"
  | "empty"
  | "rejected"
  | "failed";
export type FinalStatus = Exclude<UploadStatus, "queued" | "uploading">;

const count = z.number().int().nonnegative().catch(0);
const recordError = z.object({
  line: z.number().nullable().catch(null),
  field: z.string().nullable().catch(null),
  message: z.string(),
});
const waitingFor = z.object({ project: z.string(), externalId: z.string() });
const sessionRef = z.object({
  id: z.union([z.number(), z.string()]).transform(String),
  project: z.string().nullish(),
  externalId: z.string().nullish(),
});
const fileReport = z.object({
  name: z.string(),
  format: z.string(),
  accepted: count,
  duplicates: count,
  rejected: count,
  errors: z.array(recordError).catch([]),
  /** Every error of the file: the server lists the first 100 in `errors`. */
  errorCount: z.number().int().nonnegative().optional().catch(undefined),
  sessions: z.array(sessionRef).catch([]).default([]),
  project: z.string().nullish(),
  waitingFor: waitingFor.nullable().default(null).catch(null),
});
const report = z.object({ project: z.string().nullish(), files: z.array(fileReport) });
const failure = z.object({ error: z.object({ message: z.string() }) });

export type RecordError = z.infer<typeof recordError>;

/** One file as the ingest API reported it, with the project its records went to (null when none). */
export type FileResult = Omit<z.infer<typeof fileReport>, "project"> & { project: string | null };

export interface Outcome {
  status: FinalStatus;
  files: FileResult[];
  /** Why the request failed as a whole (413, network, server error); null when the server reported per file. */
  message: string | null;
}

export const NETWORK_ERROR = "Network error: the server could not be reached.";

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return null;
  }
}

function statusOf(files: FileResult[]): FinalStatus {
  const sum = (key: "accepted" | "duplicates" | "rejected") => files.reduce((n, f) => n + f[key], 0);
  if (files.some((f) => f.waitingFor !== null)) return "waiting";
  if (sum("accepted") > 0) return "stored";
  if (sum("duplicates") > 0) return "duplicate";
  if (sum("rejected") > 0) return "rejected";
  return "empty";
}

/** What an ingest answer means for one uploaded file: HTTP status 0 is a network failure. */
export function readAnswer(httpStatus: number, body: string): Outcome {
  if (httpStatus === 0) return { status: "failed", files: [], message: NETWORK_ERROR };
  const json = parseJson(body);
  const parsed = report.safeParse(json);
  if ([200, 207, 422].includes(httpStatus) && parsed.success && parsed.data.files.length > 0) {
    const files = parsed.data.files.map((f) => ({
      ...f,
      project: f.project ?? f.sessions[0]?.project ?? parsed.data.project ?? null,
    }));
    return { status: statusOf(files), files, message: null };
  }
  const error = failure.safeParse(json);
  const message = error.success ? error.data.error.message : `The server answered HTTP ${httpStatus}.`;
  return { status: "failed", files: [], message };
}

const FORMAT_LABELS: Record<string, string> = {
  "claude-code": "Claude Code",
  "claude-code-agent-meta": "Claude Code sub-agent meta",
  "claude-code-workflow": "Claude Code workflow run",
  "claude-code-hook": "Claude Code hook event",
  codex: "Codex CLI rollout",
  "agent-memory": "Agent memory notes",
  "acos-trajectories": "ACOS trajectories",
  "acos-patterns": "ACOS patterns",
  empty: "Empty file",
  unknown: "unknown format",
};

/** "acos-trajectories" → "ACOS trajectories"; formats this page does not know are shown as sent. */
export function formatLabel(format: string): string {
  return FORMAT_LABELS[format] ?? format;
}
