import { describe, expect, it } from "vitest";
import { makeSession } from "@/test/factories/session";
import { computeFeatures } from "@/lib/learn/features";
import { heuristicSuccess } from "@/lib/learn/success";
import type { Operation, Prompt, SessionEvents, Success } from "@/lib/session";

let seq = 0;
const op = (tool: string, over: Partial<Operation> = {}): Operation => ({
  seq: seq++,
  tool,
  file: null,
  command: null,
  isError: false,
  at: null,
  delegated: false,
  output: null,
  ...over,
});
const bash = (command: string, isError = false) => op("Bash", { command, isError });
const edit = (file = "src/a.ts") => op("Edit", { file });
const noEvents: SessionEvents = { interruptions: 0, rejectedToolCalls: 0, apiErrors: 0 };

const said = (text: string, after: Prompt["after"] = null): Prompt => ({ text, at: null, after });

function score(ops: Operation[], events: Partial<SessionEvents> = {}, prompts: Prompt[] = []): Success {
  const { success: _, ...t } = makeSession({
    format: "claude-code",
    operations: ops,
    operationCount: ops.length,
    events: { ...noEvents, ...events },
    prompts,
    filesModified: [],
  });
  return heuristicSuccess(t, computeFeatures(t));
}

const signal = (s: Success, name: string) => s.signals.find((x) => x.name === name)?.delta;
const total = (s: Success) => s.signals.reduce((sum, x) => sum + x.delta, 0);

describe("heuristicSuccess", () => {
  it("starts at 0.60 and lists the base as its first signal", () => {
    const s = score([op("Read", { file: "a.ts" })]);
    expect(s).toEqual({
      score: 0.6,
      source: "heuristic",
      signals: [{ name: "base", delta: 0.6, detail: expect.any(String) }],
    });
  });

  it("is neutral without tool calls, whatever else happened", () => {
    const s = score([], { interruptions: 3, apiErrors: 2 });
    expect(s.score).toBe(0.6);
    expect(s.signals.map((x) => x.name)).toEqual(["base", "no-operations"]);
    expect(signal(s, "no-operations")).toBe(0);
  });

  it("takes 0.03 per tool error, at most 0.15, not counting refused calls again", () => {
    expect(signal(score([bash("ls x", true), bash("ls y", true)]), "tool-errors")).toBeCloseTo(-0.06);
    expect(signal(score(Array.from({ length: 9 }, () => bash("ls", true))), "tool-errors")).toBeCloseTo(-0.15);
    const refused = score([bash("git push", true), bash("ls", true)], { rejectedToolCalls: 1 });
    expect(signal(refused, "tool-errors")).toBeCloseTo(-0.03);
    expect(signal(refused, "rejected-tool-calls")).toBeCloseTo(-0.05);
  });

  it("takes 0.05 per refused call, interruption and API error, with caps", () => {
    expect(signal(score([op("Read")], { rejectedToolCalls: 5 }), "rejected-tool-calls")).toBeCloseTo(-0.15);
    expect(signal(score([op("Read")], { interruptions: 2 }), "interruptions")).toBeCloseTo(-0.1);
    expect(signal(score([op("Read")], { interruptions: 4 }), "interruptions")).toBeCloseTo(-0.15);
    expect(signal(score([op("Read")], { apiErrors: 1 }), "api-errors")).toBeCloseTo(-0.05);
    expect(signal(score([op("Read")], { apiErrors: 5 }), "api-errors")).toBeCloseTo(-0.1);
  });

  it("adds 0.15 when the last verification after the last edit passed, takes 0.15 when it failed", () => {
    expect(signal(score([edit(), bash("npm test")]), "verification")).toBeCloseTo(0.15);
    expect(signal(score([edit(), bash("npm test", true)]), "verification")).toBeCloseTo(-0.15);
    expect(signal(score([bash("npm test"), edit()]), "verification")).toBeUndefined();
  });

  it("adds 0.10 for a commit and 0.15 for a push that succeeded", () => {
    const s = score([bash("git add . && git commit -m 'cart'"), bash("git push origin main")]);
    expect(signal(s, "git-commit")).toBeCloseTo(0.1);
    expect(signal(s, "git-push")).toBeCloseTo(0.15);
    expect(signal(score([bash("git commit -m x", true), bash("git push", true)]), "git-commit")).toBeUndefined();
  });

  it("clamps to [0.05, 0.98] with a signal that says by how much", () => {
    const best = score([edit(), bash("npm test"), bash("git commit -m x"), bash("git push")]);
    expect(best.score).toBe(0.98);
    expect(signal(best, "clamped")).toBeCloseTo(0.98 - (0.6 + 0.15 + 0.1 + 0.15));
    const failing = [edit(), ...Array.from({ length: 6 }, () => bash("ls", true)), bash("npm test", true)];
    const worst = score(failing, { rejectedToolCalls: 3, interruptions: 5, apiErrors: 4 });
    expect(worst.score).toBe(0.05);
    expect(signal(worst, "clamped")).toBeCloseTo(0.05 - (0.6 - 0.12 - 0.15 - 0.15 - 0.1 - 0.15));
    expect(signal(score([edit(), bash("npm test")]), "clamped")).toBeUndefined();
  });

  it("explains the score exactly: the signals add up to it", () => {
    const cases = [
      score([edit(), bash("npm test"), bash("git commit -m x")], { interruptions: 1 }),
      score([bash("pytest", true), edit(), bash("pytest")], { rejectedToolCalls: 2, apiErrors: 1 }),
      score([edit(), ...Array.from({ length: 6 }, () => bash("ls", true)), bash("npm test", true)], {
        rejectedToolCalls: 3,
        interruptions: 5,
        apiErrors: 4,
      }),
      score([edit(), bash("npm test"), bash("git commit -m x"), bash("git push")]),
    ];
    for (const s of cases) expect(total(s)).toBeCloseTo(s.score, 10);
  });

  it("adds 0.15 when the person's last message approved, takes 0.20 when it complained", () => {
    const approved = score([edit(), bash("npm test")], {}, [
      said("Add the export button"),
      said("Looks good, thanks!"),
    ]);
    expect(signal(approved, "user-approved")).toBeCloseTo(0.15);
    const complained = score([edit(), bash("npm test")], {}, [
      said("Add the export button"),
      said("No, it should be on the toolbar"),
    ]);
    expect(signal(complained, "user-complained")).toBeCloseTo(-0.2);
    expect(signal(complained, "delivered")).toBeUndefined();
  });

  it("adds 0.05 when the person moved on to another request, not for a reply to a refusal or an interruption", () => {
    const moved = score([op("Read")], {}, [said("Explain the cache layer"), said("Now add a metrics endpoint")]);
    expect(signal(moved, "moved-on")).toBeCloseTo(0.05);
    expect(signal(score([op("Read")], {}, [said("Explain the cache layer")]), "moved-on")).toBeUndefined();
    expect(
      signal(
        score([op("Read")], { interruptions: 1 }, [said("Explain it"), said("use the README instead", "interruption")]),
        "moved-on",
      ),
    ).toBeUndefined();
  });

  it("takes 0.05 when the session ended on an interruption nobody followed with a message", () => {
    expect(signal(score([edit()], { interruptions: 1 }, [said("Rename the module")]), "ended-interrupted")).toBeCloseTo(
      -0.05,
    );
    expect(
      signal(
        score([edit()], { interruptions: 1 }, [said("Rename the module"), said("keep the old name", "interruption")]),
        "ended-interrupted",
      ),
    ).toBeUndefined();
  });

  it("adds 0.10 for edits the person did not complain about, unless the last verification failed", () => {
    expect(signal(score([edit()], {}, [said("Fix the typo in the footer")]), "delivered")).toBeCloseTo(0.1);
    expect(signal(score([edit(), bash("npm test", true)], {}, [said("Fix the typo")]), "delivered")).toBeUndefined();
    expect(signal(score([op("Read")], {}, [said("Explain the footer")]), "delivered")).toBeUndefined();
  });

  it("adds no reaction signals to a session without prompts", () => {
    const names = score([edit(), bash("npm test")], { interruptions: 1 }).signals.map((s) => s.name);
    expect(names).not.toEqual(expect.arrayContaining(["delivered"]));
    expect(
      names.filter((n) =>
        ["user-approved", "user-complained", "moved-on", "ended-interrupted", "delivered"].includes(n),
      ),
    ).toEqual([]);
  });

  it("scores an accepted session as a success and an abandoned one as a failure", () => {
    const accepted = score([op("Read"), bash("ls x", true), edit()], {}, [
      said("Add a dark mode toggle"),
      said("Perfect, thank you!"),
    ]);
    expect(accepted.score).toBeGreaterThanOrEqual(0.7);
    const abandoned = score([edit(), bash("pytest", true)], {}, [
      said("Fix the date parser"),
      said("Still failing. Forget it, I'll do it myself."),
    ]);
    expect(abandoned.score).toBeLessThanOrEqual(0.5);
    for (const s of [accepted, abandoned]) expect(total(s)).toBeCloseTo(s.score, 10);
  });
});
