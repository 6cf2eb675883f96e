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
