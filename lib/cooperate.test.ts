import { describe, expect, it } from "vitest";
import { TimeSlicer, Turns, yieldToEventLoop, type Steps } from "./cooperate";

/** Holds the thread for about `ms`, as a search on SQLite does (better-sqlite3 is synchronous). */
function hold(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

/**
 * A request that needs `turns` turns of the event loop to be answered (a health check needs three or four through
 * Next.js), recording its end in `order`.
 */
async function request(turns: number, order: string[]): Promise<void> {
  for (let i = 0; i < turns; i++) await yieldToEventLoop();
  order.push("request answered");
}

describe("Turns", () => {
  it("runs the tasks one at a time, in the order given", async () => {
    const turns = new Turns();
    const order: string[] = [];
    let running = 0;
    const task = (name: string) => async () => {
      running += 1;
      expect(running).toBe(1);
      await yieldToEventLoop();
      order.push(name);
      running -= 1;
      return name;
    };
    expect(await Promise.all(["a", "b", "c"].map((name) => turns.take(task(name))))).toEqual(["a", "b", "c"]);
    expect(order).toEqual(["a", "b", "c"]);
  });

  it("answers a request that needs several turns of the event loop between two tasks that hold the thread, not after several", async () => {
    const turns = new Turns();
    const order: string[] = [];
    let answered: Promise<void> | undefined;
    const tasks = Array.from({ length: 6 }, (_, i) =>
      turns.take(async () => {
        // The request arrives while the first task holds the thread.
        if (i === 0) answered = request(4, order);
        hold(30);
        order.push(`task ${i + 1}`);
      }),
    );
    await Promise.all(tasks);
    await answered;
    expect(order.indexOf("request answered")).toBe(1);
  });

  it("goes on after a task that throws", async () => {
    const turns = new Turns();
    const failed = turns.take(async () => {
      throw new Error("refused");
    });
    await expect(failed).rejects.toThrow("refused");
    expect(await turns.take(async () => "next")).toBe("next");
  });
});

describe("TimeSlicer", () => {
  it("answers a request that needs several turns of the event loop between two slices of long work, not after several", async () => {
    const order: string[] = [];
    let answered: Promise<void> | undefined;
    function* work(): Steps<void> {
      for (let i = 0; i < 6; i++) {
        // The request arrives while the first slice holds the thread.
        if (i === 0) answered = request(4, order);
        hold(30);
        order.push(`slice ${i + 1}`);
        yield;
      }
    }
    await new TimeSlicer(25).run(work());
    await answered;
    expect(order.indexOf("request answered")).toBe(1);
  });
});
