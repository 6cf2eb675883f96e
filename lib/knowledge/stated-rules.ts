import type { KnowledgeSession, PreferenceItem } from "./contract";
import { byEvidence, entry, EvidenceTally } from "./evidence";
import { normaliseProse, sentences } from "./prose";

/**
 * A rule the user stated as what to use instead of what — "don't use X, use Y", "use Y instead of X", "use Y, not
 * X" — anywhere in a prompt, the task's included (lib/knowledge/preferences.ts reads only sentences that open with
 * an instruction, and needs a task's to recur). Naming both what not to use and what to use makes it a rule of
 * the project rather than a request, so once is enough — when the agent then followed it: nothing it called or
 * ran later in that session names what the rule rules out. Said for the occasion ("for now", "this time"), asked
 * as a question, or sent again after a rewind, it is none.
 */

/** "don't use X, use Y" and its forms: the prohibition, then what to use. */
const DONT_USE_THEN_USE =
  /\b(?:don['’]?t|do not|never|no(?:t)?)\s+(?:use|using|call|run)\s+(.{2,60}?)\s*[,;:—–-]+\s*(?:but\s+|and\s+|instead\s+)?(?:use|call|run)\s+(.{2,80})/i;
/** "use Y instead of X", "use Y rather than X", "use Y, not X". */
const USE_INSTEAD = /\b(?:use|call|run)\s+(.{2,60}?)(?:\s+instead of|\s+rather than|\s*,\s*not)\s+(.{2,60})/i;
/** Words that open a sentence without being part of the rule. */
const LEAD_IN = /^(?:(?:to be clear|also|note|and|but|please|remember|important)\b[\s,:;—–-]*)+/i;
/** Said for the occasion, not as a rule (lib/knowledge/preferences.ts has the same notion for instructions). */
const ONE_OFF =
  /\b(?:for now|this time|for the moment|right now|just this once|today|for this (?:one|task|run|session))\b/i;
const MAX_TEXT_CHARS = 300;
const MAX_ITEMS = 5;

/** The word that names what the rule rules out: its first word of three letters or more that is not an article. */
const nameOf = (phrase: string) =>
  phrase
    .split(/[^\w.-]+/)
    .map((w) => w.replace(/[.-]+$/, ""))
    .find((w) => w.length >= 3 && !/^(?:the|any|our|its|this|that|for|with)$/i.test(w)) ?? null;

/** The rule a sentence states, as written from its rule on, with the word naming what it rules out; null when none. */
export function statedRule(sentence: string): { text: string; avoided: string } | null {
  if (sentence.endsWith("?") || ONE_OFF.test(sentence)) return null;
  const text = sentence.replace(LEAD_IN, "").trim();
  const dont = DONT_USE_THEN_USE.exec(text);
  const instead = dont === null ? USE_INSTEAD.exec(text) : null;
  const avoided = dont !== null ? nameOf(dont[1]!) : instead !== null ? nameOf(instead[2]!) : null;
  if (avoided === null) return null;
  const from = (dont ?? instead)!.index;
  return { text: text.slice(from), avoided };
}

/** Does anything after `from` in the session — a tool's name, a command, a file — name `word`? */
function usedAfter(session: KnowledgeSession, from: number | null, word: string): boolean {
  const pattern = new RegExp(`(?:^|[^\\w])${word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?:$|[^\\w])`, "i");
  return session.operations.some(
    (op) =>
      (from === null || (op.at ?? 0) >= from) &&
      [op.tool, op.command ?? "", op.file ?? ""].some((t) => pattern.test(t)),
  );
}

export function mineStatedRules(sessions: readonly KnowledgeSession[]): PreferenceItem[] {
  const rules = new Map<string, { text: string; corrections: number; tally: EvidenceTally }>();
  for (const session of sessions) {
    for (const prompt of session.prompts) {
      if (prompt.resent === true) continue;
      for (const sentence of sentences(prompt.text)) {
        const rule = statedRule(sentence);
        if (rule === null || usedAfter(session, prompt.at, rule.avoided)) continue;
        const key = normaliseProse(rule.text);
        if (key === "") continue;
        const r = entry(rules, key, () => ({ text: rule.text, corrections: 0, tally: new EvidenceTally() }));
        if (prompt.after !== null) r.corrections += 1;
        r.tally.add(session.id, null, prompt.at ?? session.startedAt);
      }
    }
  }
  return [...rules]
    .map(
      ([key, r]): PreferenceItem => ({
        kind: "preference",
        key: `preference:${key.slice(0, 120)}`,
        text: Array.from(r.text).slice(0, MAX_TEXT_CHARS).join(""),
        corrections: r.corrections,
        evidence: r.tally.evidence(),
      }),
    )
    .sort(byEvidence)
    .slice(0, MAX_ITEMS);
}
