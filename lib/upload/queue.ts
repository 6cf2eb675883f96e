import type { Outcome, UploadStatus } from "./answer";

/** One file in the upload list. */
export interface UploadRow {
  id: number;
  path: string;
  size: number;
  status: UploadStatus;
  /** Share of the request body sent, 0..1. */
  progress: number;
  outcome: Outcome | null;
}

export type QueueAction =
  | { type: "add"; files: { id: number; path: string; size: number }[] }
  | { type: "start"; id: number }
  | { type: "progress"; id: number; progress: number }
  | { type: "finish"; id: number; outcome: Outcome }
  | { type: "reset" };

function update(rows: UploadRow[], id: number, change: (row: UploadRow) => UploadRow): UploadRow[] {
  return rows.map((row) => (row.id === id ? change(row) : row));
}

/** The upload list's state transitions; a finished row's bar is full, whatever the answer (its colour and badge say which). */
export function queueReducer(rows: UploadRow[], action: QueueAction): UploadRow[] {
  switch (action.type) {
    case "add":
      return [...rows, ...action.files.map((f) => ({ ...f, status: "queued" as const, progress: 0, outcome: null }))];
    case "start":
      return update(rows, action.id, (row) => ({ ...row, status: "uploading", progress: 0 }));
    case "progress":
      return update(rows, action.id, (row) =>
        row.status === "uploading" ? { ...row, progress: Math.min(1, Math.max(row.progress, action.progress)) } : row,
      );
    case "finish":
      return update(rows, action.id, (row) => ({
        ...row,
        status: action.outcome.status,
        progress: 1,
        outcome: action.outcome,
      }));
    case "reset":
      return [];
  }
}
