import type { ToolPattern, Trajectory } from "@/lib/trajectory";

/** What a file turned out to be; detected from its content, never declared by the caller. */
export type FileFormat = "acos-trajectories" | "acos-patterns" | "claude-code" | "unknown";

/** Why one record (or, with `line: null`, the whole file) could not be read. */
export interface RecordError {
  /** 1-based line where the record starts; null when the problem is not tied to a line. */
  line: number | null;
  /** Dotted path of the offending field (`successScore`, `toolBreakdown.Edit`); null for the whole record. */
  field: string | null;
  message: string;
}

export interface ParsedFile {
  format: FileFormat;
  trajectories: Trajectory[];
  patterns: ToolPattern[];
  /** Records that could not be read; a whole unreadable file counts 1. */
  rejected: number;
  /** One entry per rejected record. */
  errors: RecordError[];
}

/** One JSON value read from a file, with the line where it starts. */
export interface LocatedValue {
  line: number;
  value: unknown;
}
