import { reactionOf } from "@/lib/learn/reaction";
import { runsGit } from "@/lib/shell/split";
import type { Operation, Success, SuccessSignal, Session, SessionFeatures } from "@/lib/session";

/**
 * A success score for sessions whose source reports none (Claude Code transcripts), from what the
 * transcript shows. Every signal that fired is listed with its contribution; the score is their sum:
 *
 *   base                                        +0.60
 *   tool errors, not counting refused calls     −0.03 each, at most −0.15
 *   tool calls the person refused               −0.05 each, at most −0.15
 *   interruptions by the person                 −0.05 each, at most −0.15   (the "[Request interrupted by user
 *                                               for tool use]" line after a refused call is that refusal, not one more)
 *   API errors                                  −0.05 each, at most −0.10
 *   last verification after the last edit       +0.15 if it passed, −0.15 if it failed
 *   a `git commit` that succeeded               +0.10
 *   a `git push` that succeeded                 +0.15   (ACOS's weights: push +0.15, commit +0.10)
 *   the person's last message                   +0.15 if it approved ("thanks", "looks good"), −0.20 if it
 *                                               complained (a correction, "still failing", giving up), +0.05 if
 *                                               it moved on to another request (the earlier work was accepted)
 *   an interruption the session ended on        −0.05   (more interruptions than messages typed after one)
 *   edits, and no complaint at the end          +0.10   (unless the last verification failed)
 *   clamped                                     whatever brings the sum into [0.05, 0.98]
 *
 * The person's reaction weighs most because it is the one signal from their point of view: a session can pass
 * its tests and still not be what they asked for, and a session whose work they thanked for can end without a
 * test run. A complaint weighs more than approval because people thank out of politeness more often than they
 * complain without cause. Sources without prompts (generated data) get no reaction signals.
 *
 * A session without tool calls has nothing to judge: it keeps the base (with a "no-operations" signal
 * of 0). Edits never verified are not penalised, and reading before editing is not rewarded: those are
 * features the guidance learns from, and scoring them here would make those rules prove themselves.
 */

/** Points are hundredths, so that the deltas add up to the score exactly. */
const BASE = 60;
const MIN = 5;
const MAX = 98;

const capped = (count: number, each: number, cap: number) => -Math.min(cap, count * each);
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

function penalties(t: Omit<Session, "success">, f: SessionFeatures): [name: string, points: number, detail: string][] {
  const rejected = t.events?.rejectedToolCalls ?? 0;
  const failed = Math.max(0, (f.toolErrors ?? 0) - rejected);
  const interruptions = f.interruptions ?? 0;
  const apiErrors = t.events?.apiErrors ?? 0;
  return [
    ["tool-errors", capped(failed, 3, 15), `${plural(failed, "failed tool call")} (−0.03 each, at most −0.15)`],
    [
      "rejected-tool-calls",
      capped(rejected, 5, 15),
      `${plural(rejected, "tool call")} refused by the person (−0.05 each, at most −0.15)`,
    ],
    [
      "interruptions",
      capped(interruptions, 5, 15),
      `${plural(interruptions, "interruption")} by the person (−0.05 each, at most −0.15)`,
    ],
    ["api-errors", capped(apiErrors, 5, 10), `${plural(apiErrors, "API error")} (−0.05 each, at most −0.10)`],
  ];
}

function rewards(ops: readonly Operation[], f: SessionFeatures): [name: string, points: number, detail: string][] {
  const succeeded = (subcommand: "commit" | "push") =>
    ops.some((op) => !op.isError && op.command !== null && runsGit(op.command, subcommand));
  const out: [string, number, string][] = [];
  if (f.verifiedAfterEdit && f.verificationPassed === true)
    out.push(["verification", 15, "the last build/test/lint run after the last edit passed"]);
  if (f.verifiedAfterEdit && f.verificationPassed === false)
    out.push(["verification", -15, "the last build/test/lint run after the last edit failed"]);
  if (succeeded("commit")) out.push(["git-commit", 10, "the work was committed (git commit succeeded)"]);
  if (succeeded("push")) out.push(["git-push", 15, "the work was pushed (git push succeeded)"]);
  return out;
}

function reaction(t: Omit<Session, "success">, f: SessionFeatures): [name: string, points: number, detail: string][] {
  const prompts = t.prompts;
  const last = prompts.at(-1);
  if (last === undefined) return [];
  const out: [string, number, string][] = [];
  const verdict = reactionOf(last.text);
  if (verdict === "approval") out.push(["user-approved", 15, "the person's last message approved the work"]);
  if (verdict === "complaint")
    out.push(["user-complained", -20, "the person's last message was a correction or a complaint"]);
  if (verdict === "neutral" && last.after === null && prompts.length > 1)
    out.push(["moved-on", 5, "the person went on to another request: the earlier work was accepted"]);
  const followed = prompts.filter((p) => p.after === "interruption").length;
  if ((f.interruptions ?? 0) > followed)
    out.push(["ended-interrupted", -5, "the person interrupted and typed nothing after (the session ended on it)"]);
  if (verdict !== "complaint" && f.filesModifiedCount > 0 && f.verificationPassed !== false)
    out.push(["delivered", 10, "files were edited and the person did not complain at the end"]);
  return out;
}

export function heuristicSuccess(t: Omit<Session, "success">, f: SessionFeatures): Success {
  const signal = (name: string, points: number, detail: string): SuccessSignal => ({
    name,
    delta: points / 100,
    detail,
  });
  const signals = [signal("base", BASE, "starting score of a session with tool calls")];
  const ops = t.operations ?? [];
  if (ops.length === 0) {
    signals.push(signal("no-operations", 0, "no tool calls: nothing to judge, the base score stands"));
    return { score: BASE / 100, source: "heuristic", signals };
  }
  let points = BASE;
  for (const [name, delta, detail] of [...penalties(t, f), ...rewards(ops, f), ...reaction(t, f)]) {
    if (delta === 0) continue;
    signals.push(signal(name, delta, detail));
    points += delta;
  }
  const clamped = Math.min(MAX, Math.max(MIN, points));
  if (clamped !== points) signals.push(signal("clamped", clamped - points, `kept within ${MIN / 100}–${MAX / 100}`));
  return { score: clamped / 100, source: "heuristic", signals };
}

/** Signals that come from the session's own verification runs. */
const VERIFICATION_SIGNALS: readonly string[] = ["verification"];

/** The score without the verification signals: a heuristic score re-summed without them (and without "clamped") and re-clamped; any other source's score as is. */
export function scoreWithoutVerification(success: Success): number {
  if (success.source !== "heuristic") return success.score;
  const points = success.signals
    .filter((s) => s.name !== "clamped" && !VERIFICATION_SIGNALS.includes(s.name))
    .reduce((sum, s) => sum + Math.round(s.delta * 100), 0);
  return Math.min(MAX, Math.max(MIN, points)) / 100;
}
