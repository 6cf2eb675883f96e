import { describe, expect, it } from "vitest";
import { assignArm, splitRules } from "@/lib/experiment/arm";
import { noteDeliveries } from "./draw";

const KEYS = ["command:test:pytest", "failure:command:npm:E404", "preference:said"];

describe("a due note's fate", () => {
  it("every note is given with no period or the holdout off", () => {
    expect([...noteDeliveries("s", null, KEYS).values()]).toEqual(["given", "given", "given"]);
    expect([...noteDeliveries("s", { salt: "x", holdoutShare: 0 }, KEYS).values()]).toEqual([
      "given",
      "given",
      "given",
    ]);
  });

  it("a holdout session gets none; a guidance-arm session each by the item's own draw, the one rules get", () => {
    const period = { salt: "salt", holdoutShare: 0.3 };
    const ids = Array.from({ length: 200 }, (_, i) => `session-${i}`);
    for (const id of ids) {
      const fate = noteDeliveries(id, period, KEYS);
      if (assignArm(id, period.salt, period.holdoutShare) === "holdout") {
        expect([...fate.values()]).toEqual(["holdout", "holdout", "holdout"]);
      } else {
        const { told } = splitRules(id, period.salt, KEYS);
        for (const key of KEYS) expect(fate.get(key)).toBe(told.includes(key) ? "given" : "drawn-out");
      }
    }
    const drawnOut = ids
      .flatMap((id) => [...noteDeliveries(id, period, KEYS).values()])
      .filter((d) => d === "drawn-out").length;
    expect(drawnOut).toBeGreaterThan(150);
    expect(drawnOut).toBeLessThan(270);
  });
});
