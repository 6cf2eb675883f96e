import { describe, expect, it } from "vitest";
import { reactionOf } from "@/lib/learn/reaction";

describe("reactionOf", () => {
  it("reads thanks and approval at the opening of a message", () => {
    for (const text of [
      "Thanks!",
      "ok thank you",
      "Perfect.",
      "LGTM, merging",
      "That looks right to me",
      "Nice work",
      "Great, now add a CSV export",
    ]) {
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

  it("reads a result negated by how it behaves or comes across, and everything now alike, as complaints", () => {
    for (const text of [
      "it doesn't sound quite like music. you know, music should have overlapping parts",
      "the chart doesn't render on mobile",
      "it doesn't read like release notes at all",
      "it still won't compile",
      "all of texts now sound the same",
      "they all look identical now",
      "you forgot the totals row",
      "I don't like the modal, the form belongs on the page",
    ]) {
      expect(reactionOf(text), text).toBe("complaint");
    }
  });

  it("leaves instructions, conditions, requests to make things alike and questions about it neutral", () => {
    for (const text of [
      "don't change the tests",
      "you don't need to build it",
      "if it doesn't load, retry",
      "make all the buttons look the same",
      "do all outputs look the same?",
    ]) {
      expect(reactionOf(text), text).toBe("neutral");
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
