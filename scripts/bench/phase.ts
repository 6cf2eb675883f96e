/** A phase of the run: its work, and the peak memory of the bench process (and of the server, when there is one) while it ran. */
import type { Engine } from "./databases";
import { collectGarbage, PeakRss } from "./measure";
import type { PeakMemory } from "./results";
import type { BenchServer } from "./server";

const self = new PeakRss(process.pid);

export interface PhaseOf {
  name: string;
  /** null: a phase that stores nothing. */
  engine: Engine | null;
  size: number;
  server?: BenchServer;
}

/** Runs `work` on a collected heap (none of the earlier phases' garbage), and notes the peak memory while it ran. */
export async function phase<T>(peaks: PeakMemory[], of: PhaseOf, work: () => T | Promise<T>): Promise<T> {
  collectGarbage();
  self.reset();
  of.server?.rss.reset();
  const result = await work();
  peaks.push({
    phase: of.name,
    engine: of.engine,
    size: of.size,
    benchMb: self.peakMb(),
    serverMb: of.server ? of.server.rss.peakMb() : null,
  });
  return result;
}
