/**
 * The Codex CLI and Gemini CLI parsers against their floor, on the same generated files in the same run: the
 * baseline splits each file into lines and JSON.parses every line, nothing else; the parser reads each file the way
 * the server's ingest reads one (`parseNamedFile`, run in time slices: decoding, JSON, redaction of every record,
 * detection, the agent's reader), and every file must come out as its agent's session with no line rejected.
 */
import { TimeSlicer } from "@/lib/cooperate";
import { memoryFile } from "@/lib/ingest/named-file";
import { parseNamedFile } from "@/lib/ingest/parse-named-file";
import type { ParsedFile } from "@/lib/ingest/types";
import { codexWorkload, geminiWorkload, type Workload } from "./batches";
import { parseOnly } from "./bare-rows";
import { fastestInTurn } from "./measure";

export type ParserName = "codex" | "gemini";

export interface ParserFigures {
  lines: number;
  files: number;
  bytes: number;
  /** Runs of each, taken in turns; the figures are the fastest. */
  runs: number;
  /** Splitting every file into lines and JSON.parse of every line. */
  baselineMs: number;
  /** `parseNamedFile` of every file, as the server's ingest calls it. */
  parserMs: number;
}

const READS: Record<ParserName, (parsed: ParsedFile) => boolean> = {
  codex: (parsed) => parsed.format === "codex" && parsed.rollout !== null,
  gemini: (parsed) => parsed.format === "gemini" && parsed.sessions.length === 1,
};

async function parserPath(parser: ParserName, w: Workload): Promise<number> {
  const files = w.batches.flat().map((f) => memoryFile(f.name, f.content));
  const slicer = new TimeSlicer();
  const started = performance.now();
  for (const file of files) {
    const parsed = await parseNamedFile(file, (steps) => slicer.run(steps));
    if (!READS[parser](parsed) || parsed.rejected !== 0) {
      throw new Error(
        `${parser} parser read ${file.name} as ${parsed.format} with ${parsed.rejected} rejected: ${parsed.errors[0]?.message ?? "no session"}`,
      );
    }
  }
  return performance.now() - started;
}

async function measureParser(parser: ParserName, w: Workload, minMs: number): Promise<ParserFigures> {
  const fastest = await fastestInTurn(minMs, { baseline: () => parseOnly(w), parser: () => parserPath(parser, w) });
  return {
    lines: w.records,
    files: w.sessions,
    bytes: w.bytes,
    runs: fastest.parser.runs,
    baselineMs: fastest.baseline.ms,
    parserMs: fastest.parser.ms,
  };
}

/** Codex rollouts and Gemini chats of at least `lines` lines each, each parser timed for at least `minMs`. */
export async function benchParsers(
  lines: number,
  seed: number,
  minMs: number,
): Promise<Record<ParserName, ParserFigures>> {
  return {
    codex: await measureParser("codex", codexWorkload(lines, seed), minMs),
    gemini: await measureParser("gemini", geminiWorkload(lines, seed), minMs),
  };
}
