import { ApiError } from "@/lib/api-error";
import { readConfig } from "@/lib/config";

/** `upload`: uploads (ingest, ablation runs) under way per person; `mcp`: MCP requests under way per person. */
export type BusyKind = "upload" | "mcp";

/** What a refused caller is told to wait: work under way ends within seconds, not minutes. */
const RETRY_AFTER_SECONDS = 5;

/**
 * Counts the work each client has under way in this process, up to a limit per client: one caller's many slow
 * uploads or MCP batches cannot take every file descriptor, temp folder and turn of the event loop from the others.
 */
export class Concurrency {
  private readonly running = new Map<string, number>();

  constructor(readonly limit: number) {}

  /** Counts one more piece of work for the client and answers how to end it; null when the client is at its limit. */
  enter(client: string): (() => void) | null {
    const now = this.running.get(client) ?? 0;
    if (now >= this.limit) return null;
    this.running.set(client, now + 1);
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const after = (this.running.get(client) ?? 1) - 1;
      if (after === 0) this.running.delete(client);
      else this.running.set(client, after);
    };
  }
}

const counters = new Map<BusyKind, Concurrency>();

function counterFor(kind: BusyKind): Concurrency {
  let counter = counters.get(kind);
  if (!counter) {
    const config = readConfig();
    counter = new Concurrency(kind === "upload" ? config.uploadsConcurrent : config.mcpConcurrent);
    counters.set(kind, counter);
  }
  return counter;
}

/** Runs `work` as one of the client's pieces of work of this kind, or answers 429 with Retry-After when it has too many. */
export async function runCounted<T>(kind: BusyKind, client: string, work: () => Promise<T>): Promise<T> {
  const counter = counterFor(kind);
  const leave = counter.enter(client);
  if (!leave) {
    const what = kind === "upload" ? "uploads" : "MCP requests";
    throw new ApiError(
      429,
      "too_busy",
      `You have ${counter.limit} ${what} under way already; send this one when one of them has finished.`,
      { limit: counter.limit },
      RETRY_AFTER_SECONDS,
    );
  }
  try {
    return await work();
  } finally {
    leave();
  }
}
