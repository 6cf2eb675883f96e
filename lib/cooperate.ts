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
 * Cuts long work on the server's one thread into slices of about `budgetMs`: `pause()` yields to the event loop
 * once the slice running has taken that long, so another request waits behind the work at most about that long
 * (plus the one step that was running), while short work never waits for a turn of the loop.
 */
export class TimeSlicer {
  private started = performance.now();

  constructor(private readonly budgetMs = 25) {}

  async pause(): Promise<void> {
    if (performance.now() - this.started < this.budgetMs) return;
    await yieldToEventLoop();
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

/**
 * Runs the tasks given to it one after the other, in the order given, each after a turn of the event loop: many
 * tasks started at once (an MCP batch's calls) then hold the server's thread one at a time, with other requests'
 * callbacks run between them, rather than all in one go.
 */
export class Turns {
  private last: Promise<unknown> = Promise.resolve();

  take<T>(task: () => Promise<T>): Promise<T> {
    const turn = this.last.then(yieldToEventLoop).then(task);
    this.last = turn.catch(() => undefined);
    return turn;
  }
}
