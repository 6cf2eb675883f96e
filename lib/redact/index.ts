/**
 * Secret redaction, applied to every record of an upload before anything else reads it, so that no secret reaches
 * storage. Each finding becomes `[REDACTED:<kind>]`. Starlight's own rules run first (./starlight-rules.ts:
 * `<private>` spans, PEM keys, the common provider keys, `Authorization` headers, URL passwords and
 * `password = …`-style assignments), then the keyword rules (./rules.ts: gitleaks' rule set, a few of secretlint's
 * and Starlight's own for what both miss), each run only on a text holding one of its keywords.
 */
import { KeywordMatcher } from "@/lib/redact/keyword-rules";
import { GLOBAL_ALLOWLIST, KEYWORD_RULES } from "@/lib/redact/rules";
import { redactStarlight, starlightMayHold } from "@/lib/redact/starlight-rules";

const keywordRules = new KeywordMatcher(KEYWORD_RULES, GLOBAL_ALLOWLIST);

/**
 * Whether `text` may hold a secret: false means `redactSecrets` leaves it as it is, so a caller can test a whole
 * serialised record before deciding to keep its text.
 */
export function mayHoldSecret(text: string): boolean {
  return starlightMayHold(text) || keywordRules.finds(text);
}

/** `text` with every secret it holds replaced by `[REDACTED:<kind>]`. */
export function redactSecrets(text: string): string {
  return keywordRules.redact(redactStarlight(text));
}

/**
 * `value` with `redactSecrets` applied to every string inside it (object values and array elements at
 * any depth; object keys are kept). The input is never modified: what changed is copied, the rest is
 * shared, so a record without secrets comes back as the very same object.
 */
export function redactDeep<T>(value: T): T {
  return redactValue(value) as T;
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
    if (next !== record[key]) Object.defineProperty((copy ??= { ...record }), key, { value: next, enumerable: true, writable: true, configurable: true });
  }
  return copy ?? value;
}
