import { describe, expect, it } from "vitest";
import { reactionOf } from "@/lib/learn/reaction";

describe("reactionOf", () => {
  it("reads thanks and approval at the opening of a message", () => {
    for (const text of ["Thanks!", "ok thank you", "Perfect.", "LGTM, merging", "That looks right to me", "Nice work", "Great, now add a CSV export"]) {
      expect(reactionOf(text), text).toBe("approval");
    }
  });

  it("reads corrections, failures, frustration and giving up as complaints", () => {
    for (const text of [
      "No, use the staging database",
      "that's wrong, the total must include tax",
      "It still fails on Windows",
      "the button doesn't work anymore",
      "This is not what I asked for",
      "Same error as before.",
      "why did you delete the migration?",
      "Stop. I'll do it myself",
      "revert that",
      "ugh",
      "what???",
    ]) {
      expect(reactionOf(text), text).toBe("complaint");
    }
  });

  it("lets a complaint win over politeness", () => {
    expect(reactionOf("Thanks, but the tests still fail")).toBe("complaint");
  });

  it("leaves requests and questions neutral, even when an approving word sits deep inside", () => {
    for (const text of [
      "Add pagination to the orders list",
      "which branch am I on?",
      "No problem, next: rename the config file",
      "Write the onboarding guide for new contributors, covering setup, tests and the release; keep it nice and short",
    ]) {
      expect(reactionOf(text), text).toBe("neutral");
    }
  });
});
