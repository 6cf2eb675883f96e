import { MIN_OCCURRENCES, type KnowledgePrompt, type KnowledgeSession, type PreferenceItem } from "./contract";
import { byEvidence, entry, EvidenceTally } from "./evidence";

/** A sentence that states a standing instruction: "always …", "never …", "don't …", "use …", "save that as …". */
const STANDING = /^(?:please[, ]+)?(?:always|never|don'?t|do not|avoid|prefer|use|make sure|remember|from now on|save (?:that|this|it) as|stop|keep)\b/i;
/** Replies that carry no instruction of their own. */
const TRIVIAL = /^(?:continue|go on|go ahead|proceed|yes|yep|ok(?:ay)?|no|sure|thanks?(?: you)?|stop|wait|retry|try again|keep going)[.!]*$/i;
const MIN_WORDS = 3;
const MAX_TEXT_CHARS = 300;
const MAX_REPEATED_CHARS = 120;
const MAX_ITEMS = 10;

const sentences = (text: string) => text.split(/(?<=[.!?])\s+|\n+/).map((s) => s.trim()).filter((s) => s !== "");
const wordCount = (text: string) => text.split(/\s+/).filter((w) => /\w/.test(w)).length;
/** Case, punctuation and spacing do not make two instructions different. */
const normalise = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();

/**
 * What of a prompt may be a preference: the whole correction after a refusal or interruption; else its standing
 * instructions, and the whole prompt when it is short (a short prompt the user had to send again is one too).
 */
function statements(prompt: KnowledgePrompt): string[] {
  const text = prompt.text.trim();
  if (TRIVIAL.test(text) || wordCount(text) < MIN_WORDS) return [];
  const whole = prompt.after !== null || Array.from(text).length <= MAX_REPEATED_CHARS ? [text] : [];
  const standing = sentences(text).filter((s) => STANDING.test(s) && wordCount(s) >= MIN_WORDS);
  const seen = new Set<string>();
  return [...whole, ...standing].filter((s) => !seen.has(normalise(s)) && seen.add(normalise(s)));
}

/**
 * The user's corrections, standing instructions and short prompts, in their own (redacted) words, when the same
 * words came back at least MIN_OCCURRENCES times; the latest wording is kept.
 */
export function minePreferences(sessions: readonly KnowledgeSession[]): PreferenceItem[] {
  const groups = new Map<string, { text: string; at: number; corrections: number; tally: EvidenceTally }>();
  for (const session of sessions) {
    for (const prompt of session.prompts) {
      for (const statement of statements(prompt)) {
        const key = normalise(statement);
        if (key === "") continue;
        const at = prompt.at ?? session.startedAt;
        const group = entry(groups, key, () => ({ text: statement, at, corrections: 0, tally: new EvidenceTally() }));
        if (at >= group.at) {
          group.text = statement;
          group.at = at;
        }
        if (prompt.after !== null) group.corrections += 1;
        group.tally.add(session.id, null, at);
      }
    }
  }
  return [...groups]
    .filter(([, g]) => g.tally.occurrences >= MIN_OCCURRENCES)
    .map(([key, g]): PreferenceItem => ({
      kind: "preference",
      key: `preference:${key.slice(0, 120)}`,
      text: Array.from(g.text).slice(0, MAX_TEXT_CHARS).join(""),
      corrections: g.corrections,
      evidence: g.tally.evidence(),
    }))
    .sort(byEvidence)
    .slice(0, MAX_ITEMS);
}
