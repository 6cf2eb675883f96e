/**
 * A seeded experiment with tool-call notes whose effect on recurrence is planted, for testing
 * lib/experiment/note-effects.ts against known truth. Per session: an arm by `assignArm`; each item is due with
 * probability ½ (the agent reached the call it speaks to); a due note's fate comes from `noteDeliveries`, the draw the
 * server makes. A session due an item repeats its failure with probability `recurrence`, times (1 − `cut`) when the
 * note was given.
 */
import { assignArm } from "@/lib/experiment/arm";
import type { EnrolledSession } from "@/lib/experiment/contract";
import type { NoteDraw } from "@/lib/experiment/note-effects";
import { createRandom } from "@/test/factories/generate/random";
import { noteDeliveries } from "@/lib/just-in-time/draw";

export interface NoteSimulation {
  seed: number;
  sessions: number;
  holdoutShare: number;
  /** Each item's key, the signature it stands for and when its note is due. */
  items: readonly { key: string; signature: string; moment: NoteDraw["moment"] }[];
  recurrence: number;
  /** The planted share of recurrences a given note prevents (0.5: it halves recurrence; 0: no effect). */
  cut: number;
}

export function simulateNotes(o: NoteSimulation): {
  draws: NoteDraw[];
  sessions: EnrolledSession[];
  signatures: Map<string, string[]>;
} {
  const rng = createRandom(o.seed);
  const period = { salt: `notes-${o.seed}`, holdoutShare: o.holdoutShare };
  const draws: NoteDraw[] = [];
  const sessions = Array.from({ length: o.sessions }, (_, i): EnrolledSession => {
    const sessionId = `n${o.seed}-${i}`;
    const due = o.items.filter(() => rng.chance(0.5));
    const fate = noteDeliveries(
      sessionId,
      period,
      due.map((item) => item.key),
    );
    const failureCounts: Record<string, number> = {};
    for (const item of due) {
      const delivery = fate.get(item.key)!;
      draws.push({ sessionId, itemKey: item.key, moment: item.moment, delivery });
      const again = rng.chance(o.recurrence * (delivery === "given" ? 1 - o.cut : 1));
      const count = (item.moment === "after" ? 1 : 0) + (again ? 1 : 0);
      if (count > 0) failureCounts[item.signature] = count;
    }
    return {
      sessionId,
      arm: assignArm(sessionId, period.salt, period.holdoutShare),
      deliveredAt: i,
      generation: 1,
      rules: [],
      outcome: {
        storedSessionId: i + 1,
        startedAt: i,
        success: 1,
        features: {
          operationCount: null,
          filesModified: null,
          verifiedAfterEdit: null,
          readBeforeEditRatio: null,
          delegated: null,
        },
        tokensByModel: {},
        failureCounts,
      },
    };
  });
  return { draws, sessions, signatures: new Map(o.items.map((item) => [item.key, [item.signature]])) };
}
