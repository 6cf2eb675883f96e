/**
 * Arm assignment: a session's arm is a pure function of its id, the experiment period's salt and the holdout
 * share, so a retried hook (or any server) gets the same answer without looking anything up.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Arm } from "@/lib/experiment/contract";

/** 2^48: the first 6 bytes of the digest, read as an unsigned integer, over this give u in [0, 1). */
const SIX_BYTES = 2 ** 48;

/** The session's uniform draw in [0, 1): the first 6 bytes of SHA-256(`${salt}:${sessionId}`). */
export function armDraw(sessionId: string, salt: string): number {
  const digest = createHash("sha256").update(`${salt}:${sessionId}`).digest();
  return digest.readUIntBE(0, 6) / SIX_BYTES;
}

/** Holdout when the session's draw falls below the share (share 0: never). */
export function assignArm(sessionId: string, salt: string, share: number): Arm {
  return armDraw(sessionId, salt) < share ? "holdout" : "guidance";
}

/** A fresh random salt for a new experiment period (128 bits, hex). */
export function newSalt(): string {
  return randomBytes(16).toString("hex");
}

/**
 * The factorial part of the experiment (docs/statistics.md#each-rule-tested-by-randomisation): within the guidance
 * arm each rule is told with probability ½, by its own draw, independent of the arm's and of every other rule's
 * (the rule's key is part of what is hashed). Pure like the arm, so the rules a session was told are recomputed
 * from its id, the period's salt and the keys its delivery recorded.
 */
export function ruleIncluded(sessionId: string, salt: string, ruleKey: string): boolean {
  return armDraw(sessionId, `${salt}:rule:${ruleKey}`) < 0.5;
}

/** The rules a delivery's draw leaves out: only in the guidance arm, and only while the experiment runs (holdout share above 0). */
export function leftOutFor(
  sessionId: string,
  salt: string,
  holdoutShare: number,
  arm: Arm,
  ruleKeys: readonly string[],
): string[] {
  return arm === "guidance" && holdoutShare > 0 ? splitRules(sessionId, salt, ruleKeys).leftOut : [];
}

/** The delivery's rules split into those the session was told and those left out of its guidance. */
export function splitRules(
  sessionId: string,
  salt: string,
  ruleKeys: readonly string[],
): { told: string[]; leftOut: string[] } {
  const told = ruleKeys.filter((key) => ruleIncluded(sessionId, salt, key));
  return { told, leftOut: ruleKeys.filter((key) => !told.includes(key)) };
}
