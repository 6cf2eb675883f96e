import { describe, expect, it } from "vitest";
import { runPool } from "./pool";

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe("runPool", () => {
  it("runs every item, never more than the limit at once, starting in list order", async () => {
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    await runPool([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      started.push(n);
      running += 1;
      peak = Math.max(peak, running);
      await tick();
      running -= 1;
    });
    expect(started).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(peak).toBe(3);
  });

  it("finishes at once for no items", async () => {
    await expect(runPool([], 3, async () => undefined)).resolves.toBeUndefined();
  });

  it("starts nothing new after the signal aborts", async () => {
    const controller = new AbortController();
    const started: number[] = [];
    await runPool(
      [1, 2, 3, 4],
      1,
      async (n) => {
        started.push(n);
        if (n === 2) controller.abort();
      },
      controller.signal,
    );
    expect(started).toEqual([1, 2]);
  });
});
