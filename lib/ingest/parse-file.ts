import { parseAcosTrajectory } from "@/lib/ingest/acos";
import { decodeText } from "@/lib/ingest/decode";
import { describeUnrecognised, detectFormat } from "@/lib/ingest/detect";
import { readJsonRecords } from "@/lib/ingest/json-records";
import { parseAcosPattern } from "@/lib/ingest/patterns";
import type { FileFormat, ParsedFile, RecordError } from "@/lib/ingest/types";
import type { ToolPattern, Trajectory } from "@/lib/trajectory";

export type { FileFormat, ParsedFile, RecordError } from "@/lib/ingest/types";

const CLAUDE_CODE_UNSUPPORTED = "Claude Code transcripts are not supported by this version yet";

function wholeFile(format: FileFormat, message: string, line: number | null = null): ParsedFile {
  return { format, trajectories: [], patterns: [], rejected: 1, errors: [{ line, field: null, message }] };
}

/**
 * One uploaded file → canonical trajectories and patterns, plus one error per record that could not be
 * read. The format is detected from the content: an ACOS trajectory file (one object, an array, or
 * JSONL), an ACOS `patterns.json` (an array or `{top_patterns: [...]}`), or a Claude Code transcript.
 */
export function parseFile(content: Uint8Array | string): ParsedFile {
  const decoded = decodeText(content);
  if (!decoded.ok) return wholeFile("unknown", decoded.message);

  const read = readJsonRecords(decoded.text);
  if (!read.ok) return wholeFile("unknown", read.message, read.line);

  const format = detectFormat(read.records, read.wrapper);
  if (format === "claude-code") return wholeFile(format, CLAUDE_CODE_UNSUPPORTED);
  if (format === "unknown") {
    if (read.records.length === 0 && read.errors.length === 0) {
      return { format, trajectories: [], patterns: [], rejected: 0, errors: [] };
    }
    const [first] = read.records;
    return wholeFile(format, describeUnrecognised(first?.value, read.layout), first?.line ?? null);
  }

  const trajectories: Trajectory[] = [];
  const patterns: ToolPattern[] = [];
  const errors: RecordError[] = [...read.errors];
  for (const { line, value } of read.records) {
    if (format === "acos-trajectories") {
      const result = parseAcosTrajectory(value, line);
      if (result.ok) trajectories.push(result.trajectory);
      else errors.push(result.error);
    } else {
      const result = parseAcosPattern(value, line);
      if (result.ok) patterns.push(result.pattern);
      else errors.push(result.error);
    }
  }
  errors.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  return { format, trajectories, patterns, rejected: errors.length, errors };
}
