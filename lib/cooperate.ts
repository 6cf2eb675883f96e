import { performance } from "node:perf_hooks";

/** Work done in steps: it yields between them, where whoever runs it may let the event loop run. */
export type Steps<T> = Generator<void, T, undefined>;

/** Runs the steps to the end at once. */
export function finish<T>(steps: Steps<T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/** Lets the event loop run what is due (timers, I/O, other requests' callbacks) before going on. */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Turns of the event loop a slice of long work lets run before the next: a request through Next.js takes three or
 * four to be answered (a health check on SQLite), and with one turn between two slices it waited for a slice at each.
 */
const TURNS_BETWEEN_SLICES = 4;

/**
 * Cuts long work on the server's one thread into slices of about `budgetMs`: `pause()` lets the event loop take
 * `TURNS_BETWEEN_SLICES` turns once the slice running has taken that long, so another request waits behind the work
 * at most about that long (plus the one step that was running), while short work never waits for a turn of the loop.
 * The turns cost nothing when no other request is waiting.
 */
export class TimeSlicer {
  private started = performance.now();

  constructor(private readonly budgetMs = 25) {}

  async pause(): Promise<void> {
    if (performance.now() - this.started < this.budgetMs) return;
    for (let turn = 0; turn < TURNS_BETWEEN_SLICES; turn++) await yieldToEventLoop();
    this.started = performance.now();
  }

  /** Runs the steps to the end, pausing between them. */
  async run<T>(steps: Steps<T>): Promise<T> {
    for (;;) {
      const next = steps.next();
      if (next.done) return next.value;
      await this.pause();
    }
  }
}

/** Lets the event loop run freely for `ms` (what is due, and every turn it takes meanwhile); one turn when `ms` ≤ 0. */
export const restFor = (ms: number) =>
  ms > 0 ? new Promise<void>((resolve) => setTimeout(resolve, ms)) : yieldToEventLoop();

/**
 * Runs the tasks given to it one after the other, in the order given (an MCP batch's calls, started at once), and
 * between two of them lets the event loop run freely for as long as it was busy during the task before (at most
 * `maxRestMs`). A request that needs several turns of the loop (a health check takes three or four) gets them all
 * in that rest: with one turn between two tasks it waited for a task at each of its turns. While tasks are queued
 * they so have at most about half of the server's thread; a task given after such a rest has passed runs after one
 * turn. The time counted is the loop's busy time (`eventLoopUtilization`), not the task's: a task waiting on
 * PostgreSQL leaves the loop idle and is followed by no rest for it.
 */
export class Turns {
  private last: Promise<unknown> = Promise.resolve();
  private restUntil = 0;

  constructor(private readonly maxRestMs = 100) {}

  take<T>(task: () => Promise<T>): Promise<T> {
    const turn = this.last.then(() => restFor(this.restUntil - performance.now())).then(() => this.counted(task));
    this.last = turn.catch(() => undefined);
    return turn;
  }

  private async counted<T>(task: () => Promise<T>): Promise<T> {
    const before = performance.eventLoopUtilization();
    try {
      return await task();
    } finally {
      this.restUntil = performance.now() + Math.min(performance.eventLoopUtilization(before).active, this.maxRestMs);
    }
  }
}
