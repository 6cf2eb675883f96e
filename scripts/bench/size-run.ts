/**
 * Everything measured at one size: the Codex and Gemini parsers on files of about `size` lines each against
 * JSON.parse of their lines (no storage: once), then, on each engine in turn (storage-run.ts), ingest of `size` ACOS
 * sessions and of transcripts of about `size` lines, guidance and the pages.
 */
import { acosWorkload, transcriptWorkload } from "./batches";
import { parseOnly } from "./bare-rows";
import { ENGINES, type Engine } from "./databases";
import { fastestOf, perSecond } from "./measure";
import { benchParsers } from "./parsers";
import { phase } from "./phase";
import type { PeakMemory, SizeFigures, StorageFigures } from "./results";
import { runStorage, type StorageOptions } from "./storage-run";

export interface SizeOptions extends StorageOptions {
  parserMinMs: number;
}

export async function runSize(
  size: number,
  index: number,
  options: SizeOptions,
  peaks: PeakMemory[],
): Promise<SizeFigures> {
  console.log(`\n${size.toLocaleString("en-US")} sessions`);
  const acos = acosWorkload(size, 7 + index);
  const transcripts = transcriptWorkload(size, index + 1);
  const work = {
    size,
    acos: { ...acos, parseMs: await fastestOf(3, () => parseOnly(acos)) },
    transcripts: { ...transcripts, parseMs: await fastestOf(3, () => parseOnly(transcripts)) },
  };
  const parsers = await phase(peaks, { name: "Codex and Gemini parsing", engine: null, size }, () =>
    benchParsers(size, index + 1, options.parserMinMs),
  );
  for (const [name, f] of Object.entries(parsers))
    console.log(
      `  ${name} parser: ${perSecond(f.lines, f.parserMs)} lines/s (JSON.parse ${perSecond(f.lines, f.baselineMs)}, ${f.runs} runs)`,
    );
  const storage = {} as Record<Engine, StorageFigures>;
  for (const engine of ENGINES) storage[engine] = await runStorage(engine, work, options, peaks);
  return { size, parsers, ...storage };
}
