/** Plain-words cautions for an experiment report: what the numbers cannot yet say, and why. */
import type { ExperimentReport, ExperimentSettings } from "@/lib/experiment/contract";

/** Fewer linked sessions than this in either arm: the intervals are wide. */
const SMALL_ARM = 30;
/** The novelty window at the start of a period. */
const NOVELTY_MS = 14 * 86_400_000;
/** Not-enrolled sessions worth a caveat: this share of all the period's sessions or more. */
const NOT_ENROLLED_SHARE = 0.1;

export interface CaveatInput {
  settings: ExperimentSettings;
  counts: ExperimentReport["counts"];
  /** When each linked session started. */
  linkedStarts: readonly number[];
  /** Rules whose adherence difference is shown. */
  rulesCompared: number;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function caveats({ settings, counts, linkedStarts, rulesCompared }: CaveatInput): string[] {
  const out: string[] = [];
  const { linked, awaiting, notEnrolled } = counts;
  const measuring = settings.holdoutShare > 0;
  if (!measuring) {
    out.push(
      "The holdout is off: every session gets guidance, so there is nothing to compare with. Turn the holdout on in Settings to measure anything.",
    );
  } else if (linked.guidance < SMALL_ARM || linked.holdout < SMALL_ARM) {
    out.push(
      `Small samples (${linked.guidance} guidance and ${linked.holdout} holdout sessions with a transcript): the interval is wide and the estimate will move as sessions arrive; aim for at least ${SMALL_ARM} in each arm.`,
    );
  }
  const early = linkedStarts.filter((t) => t - settings.startedAt < NOVELTY_MS).length;
  if (measuring && early > 0 && early * 2 > linkedStarts.length) {
    out.push(
      `${early} of ${plural(linkedStarts.length, "session", "sessions")} ran in the experiment's first two weeks (novelty): early effects often fade, so read the numbers again later.`,
    );
  }
  const sessions = notEnrolled + linked.guidance + linked.holdout;
  if (notEnrolled > 0 && notEnrolled >= NOT_ENROLLED_SHARE * sessions) {
    out.push(
      `${plural(notEnrolled, "session", "sessions")} never asked for guidance (hook not installed?); ${notEnrolled === 1 ? "it is" : "they are"} left out.`,
    );
  }
  if (awaiting > 0) {
    out.push(
      `${plural(awaiting, "session is", "sessions are")} still awaiting ${awaiting === 1 ? "its transcript" : "their transcripts"}; ${awaiting === 1 ? "it counts" : "they count"} once ingested.`,
    );
  }
  if (rulesCompared >= 2) {
    out.push(
      `${rulesCompared} rules are compared at once: about 1 in 20 of the 95% intervals misses by chance alone, so one rule standing out is weak evidence on its own.`,
    );
  }
  return out;
}
