/**
 * Runs `work` on every item, at most `limit` at a time, in order of the list; resolves when all are done.
 * `work` must not throw (report failures through its own result). Stops starting new items once `signal` aborts.
 */
export async function runPool<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  let next = 0;
  async function lane() {
    while (next < items.length && !signal?.aborted) {
      const item = items[next++] as T;
      await work(item);
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
}
