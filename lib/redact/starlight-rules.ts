/**
 * Starlight's own redaction rules, applied before the ported ones (lib/redact/keyword-rules.ts). Each finding
 * becomes `[REDACTED:<kind>]`; what surrounds it (a key name, a URL's user and host, an `Authorization: Bearer`
 * prefix) is kept so the text still reads.
 *
 * Kinds, in the order they are applied:
 * - `private`: a `<private>…</private>` span, across lines (an unclosed `<private>` runs to the end);
 * - `private-key`: a PEM private key block, BEGIN to END (or to the end of the base64 if END was cut off);
 * - `aws-access-key-id` (AKIA…, ASIA…), `github-token` (ghp_, gho_, ghu_, ghs_, ghr_, github_pat_),
 *   `npm-token` (npm_…), `anthropic-key` (sk-ant-…), `openai-key` (sk-…, sk-proj-…: it must hold a digit
 *   and a capital letter, so words such as `sk-learn-compatible-estimators` stay), `slack-token`
 *   (xoxa-, xoxb-, xoxp-, xoxr-, xoxs-), `google-api-key` (AIza…), `jwt` (eyJ….eyJ….signature);
 * - `bearer-token`, `basic-auth`: the credential after `Authorization: Bearer` or `Authorization: Basic`;
 * - `aws-secret-access-key`: the 40-character value of `aws_secret_access_key = …`;
 * - `api-key`: the value of an environment variable whose name ends in `_KEY` (`ALGOLIA_ADMIN_KEY=…`), 8 characters or more;
 * - `url-password`: the password in `scheme://user:password@host` (the user may be empty: `redis://:pw@host`);
 * - `password`, `token`, `api-key`, `access-key`, `private-key`, `secret`: the value assigned to a key
 *   ending in such a word (`password = "…"`, `"api_key": "…"`, `FOO_TOKEN=…`, `client_secret: …`). A quoted
 *   value is always redacted; an unquoted one when written env-style (`NAME=value` with an upper-case
 *   name, `--flag=value`, or a properties file's `a.b.password=value`) or when it holds both a letter and a digit. So code such as
 *   `token: string`, `password: z.string()`, `api_key=api_key` or `secret = process.env.SECRET` stays,
 *   and so do references and placeholders: `$TOKEN`, `${{ secrets.X }}`, `"{token}"`, `"<your-key>"`,
 *   `"[PAD]"`, `%PASSWORD%`.
 */

/** A rule runs only when its `hint` (a cheap literal test) holds: most long texts need only one or two. */
type Rule = { hint: (text: string) => boolean } & (
  | { kind: string; pattern: RegExp }
  | { pattern: RegExp; replace: (match: string, ...args: unknown[]) => string }
);

const redacted = (kind: string) => `[REDACTED:${kind}]`;

const SECRET_WORDS = String.raw`pass(?:word|wd)|secret(?:[_-]?key(?:[_-]?base)?)?|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key`;
const SEPARATOR = String.raw`["']?[ \t]*[:=]`;

/** `token` → `[tT][oO][kK][eE][nN]`: case-insensitive inside a regex that is not. */
const caseless = (source: string) => source.replace(/[a-z]/g, (c) => `[${c}${c.toUpperCase()}]`);

/**
 * One fast pass that every finding needs to pass, so a string it does not match is returned as it is.
 * Each branch starts at a character that is rare in most text (`<`, `K`, `A`, `_`, `-`, `J`, `:`, `=`) and
 * checks its neighbours from there, which lets the engine skip ahead; a case-insensitive pattern would
 * have to try every position.
 */
const MAY_HOLD_SECRET = new RegExp(
  [
    "<private>",
    "K(?<=PRIVATE K)",
    "A(?=KIA|SIA|Iza)",
    "_(?<=gh[pousr]_|github_pat_|npm_)",
    String.raw`-(?<=\bsk-|xox[abprs]-)`,
    "J(?<=eyJ)",
    String.raw`:(?=\/\/[^\s:/@]*:[^\s/@]+@)`,
    String.raw`[:=](?<=(?:${caseless(`${SECRET_WORDS}|authorization`)})${SEPARATOR})`,
    "=(?<=[A-Z0-9]_KEY=)",
  ].join("|"),
);

/**
 * Words one of which every text `MAY_HOLD_SECRET` matches holds (case aside), one or more for each of its branches,
 * so a keyword pass (lib/redact/keyword-rules.ts) can stand in for it on the many texts that hold none of them.
 */
export const STARLIGHT_HINTS: readonly string[] = [
  "private",
  "akia",
  "asia",
  "aiza",
  ...["ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_", "npm_"],
  ...["sk-", "xoxa-", "xoxb-", "xoxp-", "xoxr-", "xoxs-"],
  "eyj",
  "://",
  ...["pass", "secret", "token", "api", "access", "authorization", "_key="],
];

/** The secret word, its separator and the value; the rest of the key is found by `keyBefore`. */
const ASSIGNMENT = new RegExp(
  String.raw`(${SECRET_WORDS})(${SEPARATOR}[ \t]*)` +
    String.raw`(?:(["'\x60])((?:(?!\3)[^\\\n]|\\.)+)\3|([^\s"'\x60,;(){}[\]<>\\]+)(?![\w.(]))`,
  "gi",
);

/** The characters of the key name in front of the secret word: `DB_` in `DB_PASSWORD=…`. */
function keyBefore(text: string, end: number): string {
  let start = end;
  while (start > 0 && /[\w.-]/.test(text.charAt(start - 1))) start--;
  return text.slice(start, end);
}

const KIND_OF_WORD: ReadonlyArray<readonly [RegExp, string]> = [
  [/^pass/i, "password"],
  [/^token/i, "token"],
  [/^api/i, "api-key"],
  [/^access/i, "access-key"],
  [/^private/i, "private-key"],
];

/** Values that only point at a secret (or were redacted already). */
const REFERENCE = /^(?:\$|%\w+%$|<.*>$|\{.*\}$|\[.*\]$|\[REDACTED:|process\.env|os\.environ|env\.|ENV\[)/s;

function redactAssignment(match: string, ...args: unknown[]): string {
  const [word, separator, quote, quoted, bare, offset, text] = args as [
    string,
    string,
    string | undefined,
    string | undefined,
    string | undefined,
    number,
    string,
  ];
  const value = quoted ?? bare ?? "";
  if (REFERENCE.test(value)) return match;
  const key = keyBefore(text, offset) + word;
  // `NAME=value`, `--flag=value`, or a properties file's `spring.datasource.password=value` (a key of three parts or more).
  const envStyle =
    quote === undefined &&
    separator === "=" &&
    (/^[A-Z][A-Z0-9_]*$/.test(key) || key.startsWith("--") || /^[a-z][\w-]*(?:\.[\w-]+){2,}$/i.test(key));
  const literal = quote !== undefined || envStyle || (/[A-Za-z]/.test(value) && /\d/.test(value));
  if (!literal) return match;
  const kind = KIND_OF_WORD.find(([test]) => test.test(word))?.[1] ?? "secret";
  return `${word}${separator}${quote ?? ""}${redacted(kind)}${quote ?? ""}`;
}

const keepPrefix = (kind: string) => (_match: string, prefix: unknown) => `${String(prefix)}${redacted(kind)}`;

const has =
  (...literals: string[]) =>
  (text: string) =>
    literals.some((l) => text.includes(l));
const always = () => true;

const RULES: readonly Rule[] = [
  { hint: has("<private>"), kind: "private", pattern: /<private>[\s\S]*?(?:<\/private>|$)/g },
  {
    hint: has("PRIVATE KEY"),
    kind: "private-key",
    pattern: /-----BEGIN ([A-Z0-9 ]*)PRIVATE KEY-----(?:[\s\S]*?-----END \1PRIVATE KEY-----|[A-Za-z0-9+/=\s\\]*)/g,
  },
  { hint: has("AKIA", "ASIA"), kind: "aws-access-key-id", pattern: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g },
  {
    hint: has("gh"),
    kind: "github-token",
    pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{30,255}|github_pat_[A-Za-z0-9_]{40,255})\b/g,
  },
  { hint: has("npm_"), kind: "npm-token", pattern: /\bnpm_[A-Za-z0-9]{36}\b/g },
  { hint: has("sk-ant-"), kind: "anthropic-key", pattern: /\bsk-ant-[A-Za-z0-9_-]{20,}/g },
  {
    hint: has("sk-"),
    kind: "openai-key",
    pattern: /\bsk-(?:(?:proj|svcacct|admin)-)?(?=[\w-]*\d)(?=[\w-]*[A-Z])[\w-]{20,}/g,
  },
  { hint: has("xox"), kind: "slack-token", pattern: /\bxox[abprs]-[A-Za-z0-9-]{10,}/g },
  { hint: has("AIza"), kind: "google-api-key", pattern: /\bAIza[\w-]{35}/g },
  { hint: has("eyJ"), kind: "jwt", pattern: /\beyJ[\w-]{5,}\.eyJ[\w-]{5,}\.[\w-]*/g },
  {
    hint: always,
    pattern: /(\bauthorization["']?[ \t]*[:=]\s*["']?\s*bearer\s+)[\w.~+/-]+=*/gi,
    replace: keepPrefix("bearer-token"),
  },
  {
    hint: always,
    pattern: /(\bauthorization["']?[ \t]*[:=]\s*["']?\s*basic\s+)[A-Za-z0-9+/]{4,}=*/gi,
    replace: keepPrefix("basic-auth"),
  },
  {
    hint: always,
    pattern: /(\baws_secret_access_key["']?[ \t]*[:=][ \t]*["']?)[A-Za-z0-9/+=]{40}(?![A-Za-z0-9/+=])/gi,
    replace: keepPrefix("aws-secret-access-key"),
  },
  {
    hint: has("://"),
    pattern: /(:\/\/[^\s:/@[\]]*:)(?!\$|\[REDACTED:)[^\s/@]+(?=@)/g,
    replace: keepPrefix("url-password"),
  },
  {
    hint: has("_KEY="),
    pattern: /\b([A-Z][A-Z0-9_]*_KEY=(["']?))(?!\$|\[REDACTED:)[A-Za-z0-9+/_.~-]{8,}={0,2}(?=\2)/g,
    replace: keepPrefix("api-key"),
  },
  { hint: always, pattern: ASSIGNMENT, replace: redactAssignment },
];

/** Whether `text` may hold a secret for these rules: false means `redactStarlight` leaves it as it is. */
export function starlightMayHold(text: string): boolean {
  return MAY_HOLD_SECRET.test(text);
}

/** `text` with every secret these rules find replaced by `[REDACTED:<kind>]`. */
export function redactStarlight(text: string): string {
  if (!MAY_HOLD_SECRET.test(text)) return text;
  let out = text;
  for (const rule of RULES) {
    if (!rule.hint(out)) continue;
    out = "kind" in rule ? out.replace(rule.pattern, redacted(rule.kind)) : out.replace(rule.pattern, rule.replace);
  }
  return out;
}
