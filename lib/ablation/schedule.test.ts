import { describe, expect, it } from "vitest";
import { schedule } from "@/lib/ablation/schedule";

describe("schedule", () => {
  const tasks = ["a", "b", "c", "d"];

  it("makes every task, arm and run once", () => {
    const order = schedule(tasks, ["guidance", "none"], 3, 7);
    expect(order).toHaveLength(24);
    expect(new Set(order.map((r) => `${r.task}/${r.arm}/${r.run}`)).size).toBe(24);
  });

  it("is the same for the same seed and differs for another", () => {
    expect(schedule(tasks, ["guidance", "none"], 3, 7)).toEqual(schedule(tasks, ["guidance", "none"], 3, 7));
    expect(schedule(tasks, ["guidance", "none"], 3, 7)).not.toEqual(schedule(tasks, ["guidance", "none"], 3, 8));
  });

  it("interleaves the arms: each task's two runs are adjacent, and neither arm always comes first", () => {
    const order = schedule(tasks, ["guidance", "none"], 10, 3);
    const firsts = new Set<string>();
    for (let i = 0; i < order.length; i += 2) {
      expect(order[i]!.task).toBe(order[i + 1]!.task);
      expect(order[i]!.arm).not.toBe(order[i + 1]!.arm);
      firsts.add(order[i]!.arm);
    }
    expect(firsts).toEqual(new Set(["guidance", "none"]));
  });

  it("finishes run 1 of every task before run 2", () => {
    const order = schedule(tasks, ["none"], 2, 1);
    expect(order.slice(0, 4).every((r) => r.run === 1)).toBe(true);
    expect(order.slice(4).every((r) => r.run === 2)).toBe(true);
  });
});
