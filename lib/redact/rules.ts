/**
 * The keyword rules, in the order they run:
 * - Starlight's own, for secrets written in ways neither tool below catches in a transcript (a HashiCorp Vault
 *   token shorter or longer than gitleaks expects, an age key (also `AGE-SECRET-KEY-PQ-1…`), a Discord webhook's
 *   token, a bare Mailgun `key-…`, a Telegram bot token outside a `TELEGRAM_…=` assignment, a Sentry DSN's key, Azure connection
 *   strings and SAS signatures, any password after `curl -u user:`, `mysql -p<password>`);
 * - rules ported from secretlint's recommended preset (MIT, © 2020 azu, see ./LICENSE-secretlint): Docker, Notion,
 *   Figma, Groq, Vercel, Cloudflare, Tailscale and 1Password tokens, which gitleaks has no rule for;
 * - the rules of gitleaks (MIT, © 2019 Zachary Rice, see ./LICENSE-gitleaks), ported from its
 *   `config/gitleaks.toml` into ./gitleaks-rules.json by scripts/port-gitleaks-rules.ts (regexes, keywords,
 *   entropy and allowlists as gitleaks has them; its rules that apply only to a file path are left out).
 */
import type { Allowlist, KeywordRule } from "@/lib/redact/keyword-rules";
import gitleaks from "@/lib/redact/gitleaks-rules.json";

interface PortedAllowlist {
  target?: string;
  regexes?: string[];
  stopwords?: string[];
}

function allowlist(list: PortedAllowlist): Allowlist {
  return {
    target: list.target === "match" || list.target === "line" ? list.target : "secret",
    regexes: (list.regexes ?? []).map((source) => new RegExp(source)),
    stopwords: list.stopwords ?? [],
  };
}

/** Where a token ends: `[\x60'"\s;]` (gitleaks' end of a token), a JSON value's or a URL query's end, a backslash, the text's end. */
const END = String.raw`(?=[\x60'"\s;,)}\]&<>|]|\\|$)`;

const rule = (kind: string, keywords: string[], source: string, extra: Partial<KeywordRule> = {}): KeywordRule => ({
  kind,
  keywords,
  pattern: new RegExp(source, "dg"),
  ...extra,
});

const STARLIGHT: KeywordRule[] = [
  rule("mailgun-api-key", ["key-"], String.raw`\b(key-[a-f0-9]{32})${END}`, { entropy: 3 }),
  rule(
    "telegram-bot-token",
    [":a"],
    String.raw`([0-9]{8,10}(?<=(?:^|[^\w]|\/bot)[0-9]{8,10}):A[A-Za-z0-9_-]{34})(?![A-Za-z0-9_-])`,
  ),
  rule("sentry-dsn-key", ["://"], String.raw`:\/\/([a-f0-9]{32}(?::[a-f0-9]{32})?)@`),
  rule(
    "azure-storage-key",
    ["accountkey=", "accesskey="],
    String.raw`\b(?:Account|SharedAccess)Key=([A-Za-z0-9+/]{20,}={0,2})`,
  ),
  rule("azure-sas-signature", ["sig="], String.raw`[?&;]sig=([A-Za-z0-9%+/]{20,}={0,2}(?:%3[Dd]){0,2})`),
  rule(
    "curl-user-password",
    ["curl"],
    String.raw`\bcurl\b[^\n]*?\s(?:-u|--user)(?:=|[ \t]+)(?:"[^":\n]*:([^"\n]+)"|'[^':\n]*:([^'\n]+)'|[^\s:"']*:([^\s"']+))`,
  ),
  rule("vault-token", ["hvs.", "hvb.", "hvr."], String.raw`\bhv[sbr]\.[\w-]{20,}`),
  rule(
    "age-secret-key",
    ["age-secret-key-"],
    String.raw`\b(?:AGE|age)-(?:SECRET|secret)-(?:KEY|key)-(?:(?:PQ|pq)-)?1[02-9ac-hj-np-zAC-HJ-NP-Z]{20,}`,
  ),
  rule("discord-webhook", ["discord"], String.raw`\bdiscord(?:app)?\.com\/api\/webhooks\/\d+\/([\w-]{40,})`),
  rule(
    "password",
    ["mysql"],
    String.raw`\bmysql(?:dump|admin|sh|import)?\b[^\n|;&]*?\s-p(?!\s)("[^"\n]+"|'[^'\n]+'|[^\s"']+)`,
  ),
];

const SECRETLINT: KeywordRule[] = [
  rule("docker-pat", ["dckr_pat_"], String.raw`\bdckr_pat_[a-zA-Z0-9_-]{27}(?![a-zA-Z0-9_-])`),
  rule("notion-token", ["ntn_"], String.raw`\bntn_[0-9]{11}[A-Za-z0-9]{35}(?![A-Za-z0-9])`),
  rule("figma-token", ["figd_"], String.raw`\bfigd_[A-Za-z0-9_-]{40,200}(?![A-Za-z0-9_-])`),
  rule("groq-api-key", ["gsk_"], String.raw`\bgsk_[a-zA-Z0-9]{52}(?![a-zA-Z0-9])`),
  rule(
    "vercel-token",
    ["vcp_", "vci_", "vca_", "vcr_", "vck_"],
    String.raw`\b(?:vcp|vci|vca|vcr|vck)_[A-Za-z0-9]{20,60}(?![A-Za-z0-9])`,
  ),
  rule(
    "cloudflare-token",
    ["cfk_", "cfut_", "cfat_"],
    String.raw`\b(?:cfk|cfut|cfat)_[A-Za-z0-9]{40}[0-9a-f]{8}(?![A-Za-z0-9])`,
  ),
  rule(
    "tailscale-key",
    ["tskey-"],
    String.raw`\btskey-[a-z]{2,20}-[0-9A-Za-z_]{8,40}-[0-9A-Za-z_]{16,60}(?![0-9A-Za-z_])`,
  ),
  rule(
    "1password-service-account-token",
    ["ops_"],
    String.raw`\bops_ey[A-Za-z0-9+/=]{100,1280}fQ={0,2}(?![A-Za-z0-9+/=])`,
  ),
];

const IDENTIFIER_BEFORE = String.raw`[\w.-]{0,50}?`;

/**
 * gitleaks' end of a token: a quote, a space, `;` or an escaped line break. A token also ends at a backslash (before
 * an escaped quote, `\\"`) and where a URL's query, a JSON value or a call does (`&`, `,`, `)`, `}`, `]`).
 */
const GITLEAKS_END = /\(\?:\[\\x60'"\\s;\]\|\\\\\[(?:NRnr|nr)\]\|\$\)/g;
const TOKEN_END = String.raw`(?:[\x60'"\s;&,)}\]<>|]|\\|$)`;

const GITLEAKS: KeywordRule[] = gitleaks.rules.map((r) => ({
  kind: r.id,
  keywords: r.keywords,
  pattern: new RegExp(
    (r.regex.startsWith(IDENTIFIER_BEFORE) ? r.regex.slice(IDENTIFIER_BEFORE.length) : r.regex).replace(
      GITLEAKS_END,
      TOKEN_END,
    ),
    "dg",
  ),
  identifierBefore: r.regex.startsWith(IDENTIFIER_BEFORE),
  ...("entropy" in r ? { entropy: r.entropy } : {}),
  ...("secretGroup" in r ? { secretGroup: r.secretGroup } : {}),
  ...("allowlists" in r ? { allowlists: (r.allowlists as PortedAllowlist[]).map(allowlist) } : {}),
}));

export const KEYWORD_RULES: readonly KeywordRule[] = [...STARLIGHT, ...SECRETLINT, ...GITLEAKS];

/** gitleaks' global allowlist: placeholders (`$VAR`, `${{ secrets.X }}`, `%s`), `true`/`false`, system paths. */
export const GLOBAL_ALLOWLIST: readonly Allowlist[] = [allowlist(gitleaks.allowlist)];
