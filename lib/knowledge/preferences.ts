import { SETUP } from "@/lib/shell/family";
import { MIN_OCCURRENCES, type KnowledgePrompt, type KnowledgeSession, type PreferenceItem } from "./contract";
import { byEvidence, entry, EvidenceTally } from "./evidence";
import { normaliseProse, sentences, wordCount } from "./prose";

/**
 * What the user asked of every agent in the project, as opposed to what they asked for once. Four kinds of
 * evidence, from strongest:
 * - a correction that states a rule: the reason typed when refusing a tool call, what they said after interrupting,
 *   or a follow-up that opens by forbidding what the agent did and says what to do instead — enough alone;
 * - an instruction worded as standing ("always …", "never …", "from now on …", "in this repo …") — enough alone;
 * - any other instruction ("use …", "prefer …", "avoid …") — only when it comes back in MIN_OCCURRENCES sessions;
 * - a command the user typed for the agent, which the agent then ran ("make seed") — when they had to type it
 *   MIN_OCCURRENCES times, in one session or more; not an environment's activation (`conda activate env311`), which
 *   the environment's items word with what it is for.
 * A task ("fix the tests", "add a button") is none of these however often it recurs, nor is anything said for the
 * occasion ("just for this run", "for now"), nor a prompt sent again after a rewind (`resent`).
 */

/** A sentence that opens with an instruction. */
const INSTRUCTION =
  /^(?:please[, ]+)?(?:(?:no|nope|wait)\b[\s,.!:;—–-]*)?(?:always|never|don['’]?t|do not|avoid|prefer|use|only use|make sure|remember|from now on|save (?:that|this|it) as|stop \w+ing|keep|no \w+ing\b|no \S+ here|not (?!sure|really|quite|exactly|yet|now)\S+\s*[,;:—–-])/i;
/** Words that make an instruction standing rather than about the task at hand. */
const STANDING =
  /\b(?:always|never|from now on|going forward|every time|each time|whenever|in this (?:repo(?:sitory)?|project|codebase)|(?:this|the) (?:repo(?:sitory)?|project|codebase) uses)\b/i;
/** A rule stated inside a sentence: what the project uses, or what to do instead. */
const STATED_RULE =
  /\b(?:instead of|rather than|we (?:always |only )?(?:use|keep|record|run)|(?:this|the) (?:repo(?:sitory)?|project|codebase) uses)\b/i;
/** In a refusal's reason, any word of a rule anywhere: a prohibition, or what to use or do instead. */
const RULE =
  /\b(?:always|never|don['’]?t|do not|avoid|stop \w+ing|no \w+ing|no \S+ here|instead(?: of)?|rather than|prefer|use|uses|only|we (?:use|keep|record|run|have)|not \S+\s*[,;:—–-])(?:\s|$)/i;
/** Opens a follow-up by rejecting what the agent just did. */
const REJECTING = /^(?:no|nope|wait|stop|don['’]?t|do not|never|not)\b/i;
/** What to do instead: needed besides the rejection for a follow-up that came without a refusal or interruption. */
const ALTERNATIVE = /\b(?:use|uses|instead|rather than|prefer|only|we (?:use|keep|record|run|have)|always|never)\b/i;
/** Said for the occasion, not as a rule. */
export const ONE_OFF =
  /\b(?:just for (?:this|now)|only for (?:this|now)|for this (?:one|time|task|run|job|import|migration|session|change|pr|branch)\b|for (?:this|the) [\w -]{1,40} only\b|this time|for now|for the moment|right now|while (?:we|i)\b|just this once|not (?:now|yet)\b|today)/i;
/** Replies that carry no instruction of their own. */
const TRIVIAL =
  /^(?:continue|go on|go ahead|proceed|yes|yep|ok(?:ay)?|no|sure|thanks?(?: you)?|stop|wait|retry|try again|keep going)[.!]*$/i;
const MIN_WORDS = 3;
const MAX_TEXT_CHARS = 300;
const MAX_ITEMS = 10;

interface Statement {
  text: string;
  /** Enough alone: a correction stating a rule, or an instruction worded as standing. */
  strong: boolean;
  /** A command the user typed and the agent ran: enough when typed again, even in the same session. */
  typedCommand: boolean;
}

/** The sentences a correction's rule is looked for in: corrections are short, and what follows may be pasted. */
const CORRECTION_SENTENCES = 3;

/** Whether a sentence of a correction states a rule; a refusal's reason may state it in fewer words. */
const statesRule = (sentence: string, refusal: boolean) =>
  INSTRUCTION.test(sentence) || STATED_RULE.test(sentence) || (refusal && RULE.test(sentence));

/** The sentence stating a rule, with the next one when it carries the alternative ("Not npm. We use pnpm."). */
function ruleText(lines: readonly string[], index: number, refusal: boolean): string {
  const next = lines[index + 1];
  return next !== undefined && statesRule(next, refusal) && !ONE_OFF.test(next)
    ? `${lines[index]} ${next}`
    : lines[index]!;
}

/** Calls whose refusal answers the task's plan, not how the agent works: Claude Code's plan approval. */
const PLAN_CALLS: ReadonlySet<string> = new Set(["ExitPlanMode"]);

/**
 * Whether a prompt corrects the agent: it follows a refusal (other than of a plan, whose reason is about the task)
 * or an interruption, or a follow-up opens by rejecting what the agent did.
 */
function isCorrection(prompt: KnowledgePrompt, first: boolean, lines: readonly string[]): boolean {
  if (prompt.after !== null && !PLAN_CALLS.has(prompt.refused ?? "")) return true;
  return !first && REJECTING.test(lines[0] ?? "") && ALTERNATIVE.test(lines.join(" "));
}

/** The first line of each shell command the session ran, normalised. */
function shellCommands(session: KnowledgeSession): Set<string> {
  return new Set(
    session.operations.flatMap((op) => (op.command === null ? [] : [normaliseProse(op.command.split("\n")[0] ?? "")])),
  );
}

/**
 * What of a prompt may be a preference; `first`: it opened its session (the task), so it corrects nothing unless it
 * follows a refusal or an interruption; `commands`: what the session ran (shellCommands).
 */
function statements(prompt: KnowledgePrompt, first: boolean, commands: ReadonlySet<string>): Statement[] {
  const text = prompt.text.trim();
  if (prompt.resent === true || TRIVIAL.test(text) || wordCount(text) < MIN_WORDS) return [];
  const lines = sentences(text);
  // A question asks; it states no rule ("not sure, should we use X?").
  const useful = (s: string) => wordCount(s) >= MIN_WORDS && !ONE_OFF.test(s) && !s.endsWith("?");
  if (isCorrection(prompt, first, lines)) {
    const refusal = prompt.after === "rejection";
    const head = lines.slice(0, CORRECTION_SENTENCES);
    const index = head.findIndex((s) => useful(s) && statesRule(s, refusal));
    if (index >= 0) return [{ text: ruleText(head, index, refusal), strong: true, typedCommand: false }];
  }
  // An environment's activation typed for the agent says which environment to work in, which the environment's own
  // items say with what it is for (lib/knowledge/environment.ts); quoted alone it says neither.
  if (lines.length === 1 && commands.has(normaliseProse(text)))
    return SETUP.test(text) ? [] : [{ text, strong: false, typedCommand: true }];
  const instructions = lines
    .filter((s) => useful(s) && INSTRUCTION.test(s))
    .map((s) => ({ text: s, strong: STANDING.test(s), typedCommand: false }));
  // A session's task in one sentence is the task even when it opens with "use": only standing words make it more.
  return first && lines.length === 1 ? instructions.filter((s) => s.strong) : instructions;
}

interface Group {
  text: string;
  at: number;
  strong: boolean;
  typedCommand: boolean;
  corrections: number;
  refused: string | undefined;
  tally: EvidenceTally;
}

/**
 * The user's corrections and standing instructions, in their own (redacted) words, trimmed to the sentence that
 * states the rule; the latest wording is kept, with the call they refused when they said it refusing one.
 */
export function minePreferences(sessions: readonly KnowledgeSession[]): PreferenceItem[] {
  const groups = new Map<string, Group>();
  for (const session of sessions) {
    const commands = shellCommands(session);
    session.prompts.forEach((prompt, index) => {
      for (const statement of statements(prompt, index === 0, commands)) {
        const key = normaliseProse(statement.text);
        if (key === "") continue;
        const at = prompt.at ?? session.startedAt;
        const group = entry(
          groups,
          key,
          (): Group => ({
            text: statement.text,
            at,
            strong: false,
            typedCommand: false,
            corrections: 0,
            refused: undefined,
            tally: new EvidenceTally(),
          }),
        );
        if (at >= group.at) {
          group.text = statement.text;
          group.at = at;
        }
        group.strong ||= statement.strong;
        group.typedCommand ||= statement.typedCommand;
        if (prompt.after !== null) group.corrections += 1;
        if (prompt.refused !== undefined) group.refused = prompt.refused;
        group.tally.add(session.id, null, at);
      }
    });
  }
  return [...groups]
    .filter(
      ([, g]) =>
        g.strong ||
        g.tally.sessionCount >= MIN_OCCURRENCES ||
        (g.typedCommand && g.tally.occurrences >= MIN_OCCURRENCES),
    )
    .map(([key, g]): PreferenceItem => {
      const item: PreferenceItem = {
        kind: "preference",
        key: `preference:${key.slice(0, 120)}`,
        text: Array.from(g.text).slice(0, MAX_TEXT_CHARS).join(""),
        corrections: g.corrections,
        evidence: g.tally.evidence(),
      };
      if (g.refused !== undefined) item.refused = g.refused;
      return item;
    })
    .sort((a, b) => Number(b.corrections > 0) - Number(a.corrections > 0) || byEvidence(a, b))
    .slice(0, MAX_ITEMS);
}
