import { assignArm, splitRules } from "@/lib/experiment/arm";

/**
 * What becomes of a note due at a tool call (docs/just-in-time.md#measured-like-a-rule): given; drawn out of a
 * guidance-arm session by the item's own draw; or not given because the session is in the experiment's holdout.
 */
export type NoteDelivery = "given" | "drawn-out" | "holdout";

/** The experiment period a note falls in: its salt and holdout share. */
export interface NotePeriod {
  salt: string;
  holdoutShare: number;
}

/**
 * Each due item's fate in this session. While the experiment runs (holdout share above 0), a holdout session gets no
 * note and a guidance-arm session is given each item by the item's own fair draw: the factorial draw rules get
 * (lib/experiment/arm.ts splitRules), over the item's key, so it is pure and the same at every call of the session.
 * With no period, or the holdout off, every item is given.
 */
export function noteDeliveries(
  sessionId: string,
  period: NotePeriod | null,
  keys: readonly string[],
): Map<string, NoteDelivery> {
  if (period === null || period.holdoutShare === 0) return new Map(keys.map((k) => [k, "given"]));
  if (assignArm(sessionId, period.salt, period.holdoutShare) === "holdout")
    return new Map(keys.map((k) => [k, "holdout"]));
  const { told, leftOut } = splitRules(sessionId, period.salt, keys);
  return new Map([
    ...told.map((k): [string, NoteDelivery] => [k, "given"]),
    ...leftOut.map((k): [string, NoteDelivery] => [k, "drawn-out"]),
  ]);
}
