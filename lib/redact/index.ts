/**
 * Secret redaction, applied to every record of an upload before anything else reads it, so that no secret reaches
 * storage. Each finding becomes `[REDACTED:<kind>]`. Starlight's own rules run first (./starlight-rules.ts:
 * `<private>` spans, PEM keys, the common provider keys, `Authorization` headers, URL passwords and
 * `password = …`-style assignments), then the keyword rules (./rules.ts: gitleaks' rule set, a few of secretlint's
 * and Starlight's own for what both miss), each run only on a text holding one of its keywords. One keyword pass
 * over a text finds the rules worth running, Starlight's included (their hint words), so most texts cost that pass
 * alone.
 */
import { ESCAPED, redactEscaped } from "@/lib/redact/escaped";
import { KeywordAutomaton, KeywordMatcher, NONE } from "@/lib/redact/keyword-rules";
import { GLOBAL_ALLOWLIST, KEYWORD_RULES } from "@/lib/redact/rules";
import { redactStarlight, STARLIGHT_HINTS, starlightMayHold } from "@/lib/redact/starlight-rules";

const keywordRules = new KeywordMatcher(KEYWORD_RULES, GLOBAL_ALLOWLIST);
/** Group `STARLIGHT` is Starlight's rules, the last: the others are the keyword rules, by index. */
const STARLIGHT = KEYWORD_RULES.length;
const keywords = new KeywordAutomaton([...KEYWORD_RULES.map((rule) => rule.keywords), STARLIGHT_HINTS]);

const hasStarlight = (groups: readonly number[]) => groups[groups.length - 1] === STARLIGHT;

/**
 * Whether `text` may hold a secret: false means `redactSecrets` leaves it as it is, so a caller can test a whole
 * serialised record before deciding to keep its text.
 */
export function mayHoldSecret(text: string): boolean {
  const groups = keywords.groupsIn(text);
  if ((hasStarlight(groups) && starlightMayHold(text)) || keywordRules.finds(text, groups)) return true;
  // A secret behind escapes is found only by taking them off.
  return mayHideEscaped(text) && redactEscaped(text, redactPlain) !== text;
}

/** Whether `text` holds escapes, and a keyword or an escape that may hide one: the only texts the escaped layers change. */
function mayHideEscaped(text: string): boolean {
  return ESCAPED.test(text) && (keywords.holdsAny(text) || HIDDEN_ASCII.test(text));
}

/**
 * `text` with every secret it holds replaced by `[REDACTED:<kind>]`, also a secret behind escapes (a JSON document
 * inside a JSON string, `\"quoted\"` values, a shell's `'\''`): lib/redact/escaped.ts.
 */
export function redactSecrets(text: string): string {
  // Only an escape can hide a secret from the plain pass, and only where a keyword shows or an escape may hide one.
  if (mayHideEscaped(text)) return redactEscaped(text, redactPlain);
  return redactPlain(text);
}

function redactPlain(text: string): string {
  let groups = keywords.groupsIn(text);
  if (groups === NONE) return text;
  let out = text;
  if (hasStarlight(groups)) {
    out = redactStarlight(text);
    // What replaced a secret holds words of its own (`[REDACTED:api-key]`): the keyword rules see the text they get.
    if (out !== text) groups = keywords.groupsIn(out);
  }
  return keywordRules.redact(out, groups);
}

/**
 * `value` with `redactSecrets` applied to every string inside it (object values and array elements at
 * any depth; object keys are kept). The input is never modified: what changed is copied, the rest is
 * shared, so a record without secrets comes back as the very same object.
 */
export function redactDeep<T>(value: T): T {
  return redactValue(value) as T;
}

/** A `\u00XX` escape of an ASCII character, or `\/`: where a keyword of a JSON string may not show in its text. */
const HIDDEN_ASCII = /\\(?:\/|u00[2-7])/;

/**
 * One JSON line read from `text` as `value`: the value redacted, and whether the text can be stored as it is. It can
 * when redaction changed nothing and the text holds nothing the value does not: no key written twice (the parsed
 * value keeps the last value only) and no keyword hidden in an escape, or else no string it writes may hold a
 * secret. A text with no keyword at all, the most of them, costs one keyword pass over it.
 */
export function redactJsonLine<T>(value: T, text: string): { value: T; keepText: boolean } {
  const hidden = HIDDEN_ASCII.test(text);
  if (!hidden && !keywords.holdsAny(text)) return { value, keepText: true };
  const clean = redactDeep(value);
  if (clean !== value) return { value: clean, keepText: false };
  if (!hidden && (keyCount(value) === keyEnds(text) || JSON.stringify(value) === text))
    return { value, keepText: true };
  return { value, keepText: !mayHoldSecret(text) && !stringsIn(text).some(mayHoldSecret) };
}

/** Every string JSON `text` writes, decoded: keys, values and the values of a key written twice. */
function stringsIn(text: string): string[] {
  return (text.match(/"(?:[^"\\]|\\.)*"/g) ?? []).map((literal) => JSON.parse(literal) as string);
}

/** The keys of the objects in `value`, at any depth. */
function keyCount(value: unknown): number {
  if (typeof value !== "object" || value === null) return 0;
  let count = 0;
  if (Array.isArray(value)) for (const item of value) count += keyCount(item);
  else for (const key of Object.keys(value)) count += 1 + keyCount((value as Record<string, unknown>)[key]);
  return count;
}

const QUOTE_COLON = /"\s*:/g;
const ESCAPED_QUOTE_COLON = /(?<!\\)\\"\s*:/g;

/**
 * At least the number of keys JSON `text` writes: how often a quote then a colon occur in it, less the quotes that
 * one backslash escapes (a string holding `{\"a\": 1}`). No more than the parsed value has keys means no key was
 * written twice.
 */
function keyEnds(text: string): number {
  return matches(QUOTE_COLON, text) - matches(ESCAPED_QUOTE_COLON, text);
}

function matches(pattern: RegExp, text: string): number {
  pattern.lastIndex = 0;
  let count = 0;
  while (pattern.test(text)) count++;
  return count;
}

function redactValue(value: unknown): unknown {
  if (typeof value === "string") return redactSecrets(value);
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const next = redactValue(value[i]);
      if (next !== value[i]) (copy ??= value.slice())[i] = next;
    }
    return copy ?? value;
  }
  const record = value as Record<string, unknown>;
  let copy: Record<string, unknown> | null = null;
  for (const key of Object.keys(record)) {
    const next = redactValue(record[key]);
    // defineProperty, not assignment: an own "__proto__" key (valid in JSON) must stay a plain field.
    if (next !== record[key])
      Object.defineProperty((copy ??= { ...record }), key, {
        value: next,
        enumerable: true,
        writable: true,
        configurable: true,
      });
  }
  return copy ?? value;
}

const MARKERS = /\[REDACTED:/g;

/** How many more `[REDACTED:` marks `after` holds than `before`: the secrets redaction took out of a text. */
export function redactionsBetween(before: unknown, after: unknown): number {
  const marks = (value: unknown) => (JSON.stringify(value) ?? "").match(MARKERS)?.length ?? 0;
  return before === after ? 0 : Math.max(0, marks(after) - marks(before));
}
