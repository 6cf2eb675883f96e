import { reactionOf } from "@/lib/learn/reaction";
import type { Corrected, KnowledgePrompt, KnowledgeSession, PreferenceItem } from "./contract";
import { entry, EvidenceTally } from "./evidence";
import { ONE_OFF } from "./preferences";
import { normaliseProse, sentences, wordCount } from "./prose";

/**
 * The user's corrections in prose: what they said to redirect the agent, whatever the wording, quoted in the
 * sentence that carries what they required. Two kinds, each enough once:
 * - what they typed right after refusing a call (a plan included) or interrupting the agent: the refusal or the
 *   interruption makes it a correction, so any sentence of it that says something counts, the one stating a
 *   requirement first ("first commit the previous task, then proceed with this plan");
 * - a reaction to the agent's just-finished work (it ran tools since the previous prompt) that finds it wanting —
 *   a complaint as the outcome score reads one (lib/learn/reaction.ts: "it doesn't sound like music", "all of them
 *   now sound the same", "no, …"), a requirement said of the result ("it should keep the order") or what to do
 *   instead ("make it a dropdown instead") — quoted in its requirement when it states one ("music should have
 *   overlapping parts"), else in the complaint when that says what is wrong in enough words.
 * A neutral next request ("now add a README"), thanks, a question, giving up ("I'll do it myself"), something said
 * for the occasion ("for now") or a prompt sent again after a rewind is none. lib/knowledge/preferences.ts quotes
 * the corrections that state a rule; mining (lib/knowledge/mine.ts) drops what it already quotes.
 */

/** A sentence that says what is required: words of obligation anywhere, or one that opens with a standing instruction. */
const REQUIREMENT =
  /\b(?:should(?:n['’]?t)?|must(?:n['’]?t)?|needs? to|has to|have to|ought to|supposed to|want(?:s|ed)?|expect(?:s|ed)?|instead|rather than|make sure|first\b[^.!?]*\bthen)\b|^(?:please\s+)?(?:always|never|don['’]?t|do not)\b/i;
/** A requirement said of the agent's result itself: "it should …", "this must …", "they need to …". */
const OF_THE_RESULT =
  /^(?:it|this|that|these|those|they)\s+(?:should(?:n['’]?t)?|must(?:n['’]?t)?|needs? to|has to|have to|ought to|was supposed to|were supposed to)\b/i;
/** Giving up or calling off: a complaint that says nothing of what was wanted. */
const GIVING_UP = /\b(?:i give up|i['’]?ll do it myself|forget it|never ?mind)\b|^(?:stop|undo|revert)\b/i;
/** Only letting the agent go on ("ok, continue", "go ahead"). */
const CONTINUING =
  /^(?:(?:ok(?:ay)?|sorry|yes|yeah|yep|sure|fine|right)\b[\s,.!]*)*(?:please\s+)?(?:continue|go on|go ahead|proceed|carry on|keep going|resume|try again|retry)\b/i;
/** Words that open a sentence without being part of what it says. */
const LEAD_IN =
  /^(?:(?:ok(?:ay)?|so|well|hmm+|um+|also|and|but|actually)\b[\s,:;—–-]*|(?:no|nope|wait|look|right|you know|i mean)\s*[,.!:;—–-]+\s*)+/i;
/** Calls whose refusal rejects the agent's plan (Claude Code's plan approval, Gemini CLI's). */
const PLAN_CALLS = /^(?:ExitPlanMode|exit_plan_mode)$/;

const MIN_WORDS = 3;
/** The sentences a correction is looked for in: corrections are short, and what follows may be pasted (a log, a task). */
const CORRECTION_SENTENCES = 3;
/** A complaint quoted without a requirement must say what is wrong, not only that something is. */
const MIN_COMPLAINT_WORDS = 5;
/** Short: the sentence that carries the requirement, not the whole message. */
const MAX_TEXT_CHARS = 200;
/** Corrections are worth much, but the hook's text stays short. */
const MAX_ITEMS = 4;

/** A sentence that says something: enough words, no question, nothing said for the occasion, not only thanks or "go on". */
function saysSomething(sentence: string): boolean {
  if (wordCount(sentence) < MIN_WORDS || sentence.endsWith("?") || ONE_OFF.test(sentence)) return false;
  if (wordCount(sentence) <= 5 && CONTINUING.test(sentence)) return false;
  return !(reactionOf(sentence) === "approval" && !REQUIREMENT.test(sentence));
}

/** What answered `prompt`, when it answered a refusal or an interruption: the refused call is the last one before it. */
function answeredRefusal(session: KnowledgeSession, prompt: KnowledgePrompt): Corrected | null {
  if (prompt.after === "interruption") return "interruption";
  if (prompt.after !== "rejection") return null;
  const refused =
    prompt.refused ??
    session.operations.findLast((op) => op.at !== null && prompt.at !== null && op.at <= prompt.at)?.tool ??
    "";
  return PLAN_CALLS.test(refused) ? "plan" : "call";
}

/** Whether the agent ran any tool between the previous prompt and this one: there is a result to react to. */
function workedSince(
  session: KnowledgeSession,
  previous: KnowledgePrompt | undefined,
  prompt: KnowledgePrompt,
): boolean {
  if (previous?.at == null || prompt.at === null) return false;
  return session.operations.some((op) => op.at !== null && op.at > previous.at! && op.at <= prompt.at!);
}

/** The sentence a correction is quoted in, lead-in words off; null when none carries anything. */
function quotedSentence(lines: readonly string[], corrected: Corrected): { text: string; required: boolean } | null {
  const candidates = lines
    .slice(0, CORRECTION_SENTENCES)
    .map((s) => s.replace(LEAD_IN, "").trim())
    .filter(saysSomething);
  const required = candidates.find((s) => REQUIREMENT.test(s) || OF_THE_RESULT.test(s));
  if (required !== undefined) return { text: required, required: true };
  // Without a requirement, a complaint must say what is wrong; after a refusal or an interruption, a short message is
  // the correction, while a long one is more likely a new task or a paste.
  const fallback =
    corrected === "result"
      ? candidates.find(
          (s) => wordCount(s) >= MIN_COMPLAINT_WORDS && !GIVING_UP.test(s) && reactionOf(s) === "complaint",
        )
      : lines.length <= CORRECTION_SENTENCES
        ? candidates.find((s) => !GIVING_UP.test(s))
        : undefined;
  return fallback === undefined ? null : { text: fallback, required: false };
}

/** A change of requirement: what to do instead of what the agent did. */
const INSTEAD = /\b(?:instead|rather than)\b/i;

/**
 * Whether a prompt that followed the agent's work finds it wanting: a complaint, a requirement said of the result,
 * or what to do instead — in its opening sentence, not a question.
 */
function findsWanting(lines: readonly string[]): boolean {
  const opening = lines[0]?.replace(LEAD_IN, "") ?? "";
  return (
    reactionOf(lines.join("\n")) === "complaint" ||
    (!opening.endsWith("?") && (OF_THE_RESULT.test(opening) || INSTEAD.test(opening)))
  );
}

/** Strongest first: what answered a refusal or an interruption, then a requirement about a result, then a complaint. */
const strength = (corrected: Corrected, required: boolean) => (corrected !== "result" ? 0 : required ? 1 : 2);

function cap(text: string): string {
  const chars = Array.from(text);
  if (chars.length <= MAX_TEXT_CHARS) return text;
  const cut = chars.slice(0, MAX_TEXT_CHARS - 1).join("");
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), MAX_TEXT_CHARS / 2)).trimEnd()}…`;
}

interface Group {
  text: string;
  at: number;
  corrected: Corrected;
  strength: number;
  tally: EvidenceTally;
}

/** The user's corrections in prose (see above), strongest first, then said in most sessions, then the latest; at most MAX_ITEMS. */
export function mineCorrections(sessions: readonly KnowledgeSession[]): PreferenceItem[] {
  const groups = new Map<string, Group>();
  for (const session of sessions) {
    session.prompts.forEach((prompt, index) => {
      if (prompt.resent === true) return;
      const lines = sentences(prompt.text);
      const refusal = answeredRefusal(session, prompt);
      const corrected: Corrected | null =
        refusal ??
        (index > 0 && workedSince(session, session.prompts[index - 1], prompt) && findsWanting(lines)
          ? "result"
          : null);
      if (corrected === null) return;
      const quoted = quotedSentence(lines, corrected);
      if (quoted === null) return;
      const key = normaliseProse(quoted.text);
      if (key === "") return;
      const at = prompt.at ?? session.startedAt;
      const rank = strength(corrected, quoted.required);
      const group = entry(
        groups,
        key,
        (): Group => ({ text: quoted.text, at, corrected, strength: rank, tally: new EvidenceTally() }),
      );
      if (rank < group.strength) Object.assign(group, { corrected, strength: rank });
      if (at >= group.at) Object.assign(group, { text: quoted.text, at });
      group.tally.add(session.id, null, at);
    });
  }
  return [...groups]
    .sort(([, a], [, b]) => a.strength - b.strength || b.tally.sessionCount - a.tally.sessionCount || b.at - a.at)
    .slice(0, MAX_ITEMS)
    .map(
      ([key, g]): PreferenceItem => ({
        kind: "preference",
        key: `preference:${key.slice(0, 120)}`,
        text: cap(g.text),
        corrections: g.tally.occurrences,
        corrected: g.corrected,
        evidence: g.tally.evidence(),
      }),
    );
}
