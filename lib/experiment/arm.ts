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
