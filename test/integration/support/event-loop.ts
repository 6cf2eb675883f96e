/**
 * The longest the event loop went without running a 10 ms interval timer while `work` ran: how long a health check
 * (or any other request) would have waited behind it at worst.
 */
export async function longestStall<T>(work: () => Promise<T> | T): Promise<{ stallMs: number; result: T }> {
  let last = performance.now();
  let stallMs = 0;
  const tick = () => {
    const now = performance.now();
    stallMs = Math.max(stallMs, now - last);
    last = now;
  };
  const timer = setInterval(tick, 10);
  try {
    const result = await work();
    tick();
    return { stallMs, result };
  } finally {
    clearInterval(timer);
  }
}

/**
 * How many turns the event loop took while `work` ran: 0 when the work held the thread from start to end, so
 * every other request waited for all of it.
 */
export async function turnsDuring<T>(work: () => Promise<T>): Promise<{ turns: number; result: T }> {
  let turns = 0;
  let running = true;
  const tick = () => {
    if (!running) return;
    turns += 1;
    setImmediate(tick);
  };
  setImmediate(tick);
  try {
    const result = await work();
    return { turns, result };
  } finally {
    running = false;
  }
}
