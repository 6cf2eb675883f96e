import { createRandom, type Random } from "@/test/factories/generate/random";
import { addModelTokens, tokenFields } from "@/lib/ingest/model-tokens";
import type { ModelTokens, Operation, Session } from "@/lib/session";

/**
 * Seeded canonical sessions (format "claude-code") WITH ordered operations, so the stored features
 * (verification, read-before-edit, delegation, ...) are computed from real sequences at store time. Built to
 * check the guidance statistics against a known truth:
 *
 * - Every behaviour (length, files changed, verifying, reading first, delegating) is drawn independently of
 *   the domain and of each other (unless a domain sets `behaviour`, see test/factories/generate/confounded.ts); only the
 *   tool mix of the filler calls depends on the domain.
 * - Success = the domain's base rate + normal noise (sd 0.15), clamped to [0, 1], plus the planted effects.
 *   With no effects, success is independent of every behaviour (domain bases differ, but domain is
 *   independent of behaviour, so nothing is confounded).
 * Same options → identical output. ~100,000 sessions in a few seconds.
 */

export interface SessionEffects {
  /** Added when a verification command ran after the last edit. */
  verification?: number;
  /** Added when every edited file was read before its first edit. */
  readBeforeEdit?: number;
  /** Added when the session delegated to a sub-agent. */
  delegation?: number;
  /** Added to short sessions (≤ 15 operations). */
  shortSession?: number;
  /** Added to focused sessions (1–5 files changed). */
  focused?: number;
  /** Added to sessions of `domain` calling `tool` at least 5 times. */
  tool?: { domain: string; tool: string; shift: number };
}

export interface SessionGenerateOptions {
  seed: number;
  count: number;
  effects?: SessionEffects;
  /** Epoch ms of the first session; default 2026-10-01T00:00:00Z. */
  start?: number;
  /** Prepended to external ids so several batches/projects don't collide. */
  idPrefix?: string;
  /** Domains with their weight and base success; default DOMAINS. */
  domains?: ReadonlyArray<GeneratedDomain>;
}

export interface GeneratedDomain {
  domain: string;
  weight: number;
  /** Mean success before noise and effects. */
  base: number;
  /** Filler tool mix (Read/Grep/Glob/Bash/WebFetch/TodoWrite...), never edits or Task. */
  tools: ReadonlyArray<readonly [string, number]>;
  /**
   * How often its sessions read every file first, verify and delegate (default 0.6, 0.55, 0.3), and the exponent of
   * the length draw (default 2.2; higher makes sessions shorter): set per domain to confound behaviour with domain.
   */
  behaviour?: { readAll: number; verify: number; delegate: number; lengthSkew: number };
}

export const DOMAINS: readonly GeneratedDomain[] = [
  {
    domain: "code_development",
    weight: 40,
    base: 0.74,
    tools: [
      ["Read", 40],
      ["Grep", 20],
      ["Glob", 8],
      ["Bash", 20],
      ["TodoWrite", 4],
    ],
  },
  {
    domain: "testing",
    weight: 18,
    base: 0.84,
    tools: [
      ["Read", 30],
      ["Bash", 45],
      ["Grep", 15],
      ["Glob", 5],
    ],
  },
  {
    domain: "deployment",
    weight: 12,
    base: 0.62,
    tools: [
      ["Bash", 60],
      ["Read", 25],
      ["Grep", 8],
      ["WebFetch", 4],
    ],
  },
  {
    domain: "debugging",
    weight: 14,
    base: 0.66,
    tools: [
      ["Read", 35],
      ["Bash", 30],
      ["Grep", 25],
      ["Glob", 5],
    ],
  },
  {
    domain: "documentation",
    weight: 10,
    base: 0.86,
    tools: [
      ["Read", 50],
      ["Glob", 15],
      ["Grep", 15],
      ["WebFetch", 10],
    ],
  },
  {
    domain: "research",
    weight: 6,
    base: 0.78,
    tools: [
      ["Read", 40],
      ["WebFetch", 25],
      ["Grep", 20],
      ["Glob", 10],
    ],
  },
];

const DEFAULT_START = Date.UTC(2026, 9, 1);
const DIRS = ["app", "components", "lib", "lib/server", "db", "test", "scripts", "docs"];
const NAMES = [
  "index.ts",
  "page.tsx",
  "route.ts",
  "utils.ts",
  "auth.ts",
  "db.ts",
  "form.tsx",
  "README.md",
  "config.ts",
  "api.ts",
  "user.ts",
  "list.tsx",
];
const PLAIN_COMMANDS = [
  "git status",
  "ls -la",
  "git diff",
  "cat package.json",
  "git log --oneline -5",
  "node --version",
];
const VERIFY_COMMANDS = ["npm test", "npx tsc --noEmit", "npm run build", "npx vitest run", "npm run lint"];

const clamp = (x: number) => Math.min(1, Math.max(0, x));

/** 3–120 operations, most sessions short (as in ACOS data; the more so the higher `skew`). */
function operationTarget(rng: Random, skew: number): number {
  return 3 + Math.floor(117 * rng.next() ** skew);
}

/** Files changed: 0 in 8% of sessions, else 1–16 skewed low, never more than a third of the operations + 1. */
function fileCount(rng: Random, ops: number): number {
  if (rng.chance(0.08)) return 0;
  return Math.min(1 + Math.floor(16 * rng.next() ** 1.8), 1 + Math.floor(ops / 3));
}

function fileNames(rng: Random, k: number): string[] {
  const out = new Set<string>();
  while (out.size < k) out.add(`${rng.pick(DIRS)}/${out.size}-${rng.pick(NAMES)}`);
  return [...out];
}

interface Draft {
  tool: string;
  file: string | null;
  command: string | null;
  delegated?: boolean;
}

/** Tokens that grow with the calls (no draw from the generator, so seeded data stays as it was): sub-agent calls on Haiku. */
function generatedTokens(operations: readonly Operation[]): Record<string, ModelTokens> {
  const byModel: Record<string, ModelTokens> = {};
  for (const op of operations) {
    addModelTokens(byModel, op.delegated ? "claude-haiku-4-5" : "claude-sonnet-4-5", {
      input: 12,
      output: 240 + 10 * (op.seq % 7),
      cacheRead: 9_000 + 150 * op.seq,
      cacheCreation: 800,
    });
  }
  return byModel;
}

/** A call around the core work; reads only files the session does not change, so read-before-edit is the core's. */
function filler(rng: Random, d: GeneratedDomain): Draft {
  const tool = rng.weighted(d.tools);
  if (tool === "Bash") return { tool, file: null, command: rng.pick(PLAIN_COMMANDS) };
  if (tool === "Read") return { tool, file: `${rng.pick(DIRS)}/${rng.pick(NAMES)}`, command: null };
  return { tool, file: null, command: null };
}

export function generateSessions(opts: SessionGenerateOptions): Session[] {
  const rng = createRandom(opts.seed);
  const domains = opts.domains ?? DOMAINS;
  const weighted = domains.map((d) => [d, d.weight] as const);
  const effects = opts.effects ?? {};
  const start = opts.start ?? DEFAULT_START;
  const prefix = opts.idPrefix ? `${opts.idPrefix}-` : "";
  const out: Session[] = [];

  for (let i = 0; i < opts.count; i++) {
    const d = rng.weighted(weighted);
    const target = operationTarget(rng, d.behaviour?.lengthSkew ?? 2.2);
    const k = fileCount(rng, target);
    const modified = fileNames(rng, k);
    const readAll = rng.chance(d.behaviour?.readAll ?? 0.6);
    const verify = k > 0 && rng.chance(d.behaviour?.verify ?? 0.55);
    const delegate = rng.chance(d.behaviour?.delegate ?? 0.3);

    // Core: per file an optional read then its edit (at least one blind edit when not readAll), in order.
    const core: Draft[] = [];
    const blind = readAll || k === 0 ? -1 : rng.int(0, k - 1);
    modified.forEach((file, j) => {
      if (j !== blind && (readAll || rng.chance(0.5))) core.push({ tool: "Read", file, command: null });
      core.push({ tool: rng.chance(0.15) ? "Write" : "Edit", file, command: null });
    });
    if (delegate) core.splice(rng.int(0, core.length), 0, { tool: "Task", file: null, command: null });
    const fillCount = Math.max(0, target - core.length - (verify ? 1 : 0));
    const fill: Draft[] = [];
    for (let j = 0; j < fillCount; j++) fill.push(filler(rng, d));
    // Uniform interleaving of the core (order kept) and the filler.
    const drafts: Draft[] = [];
    let c = 0;
    let f = 0;
    while (c < core.length || f < fill.length) {
      const takeFill =
        f < fill.length && (c >= core.length || rng.next() < (fill.length - f) / (fill.length - f + core.length - c));
      const next = takeFill ? fill[f++] : core[c++];
      if (next) drafts.push(next);
    }
    if (verify) drafts.push({ tool: "Bash", file: null, command: rng.pick(VERIFY_COMMANDS) });
    if (delegate) {
      // The three calls after the Task are the sub-agent's.
      const at = drafts.findIndex((x) => x.tool === "Task");
      for (let j = at + 1; j <= at + 3 && j < drafts.length; j++) {
        const x = drafts[j];
        if (x && x.tool !== "Edit" && x.tool !== "Write" && !(x.tool === "Bash" && verify && j === drafts.length - 1))
          x.delegated = true;
      }
    }

    const startedAt = start + i * 60_000 + rng.int(0, 30_000);
    const operations: Operation[] = drafts.map((x, seq) => ({
      seq,
      tool: x.tool,
      file: x.file,
      command: x.command,
      isError: false,
      at: startedAt + seq * 5_000,
      delegated: x.delegated ?? false,
      output: null,
    }));
    const toolBreakdown: Record<string, number> = {};
    for (const op of operations) toolBreakdown[op.tool] = (toolBreakdown[op.tool] ?? 0) + 1;
    const filesRead = [
      ...new Set(operations.filter((op) => op.tool === "Read" && op.file !== null).map((op) => op.file as string)),
    ];
    const n = operations.length;

    let score = d.base + rng.normal() * 0.15;
    if (verify) score += effects.verification ?? 0;
    if (readAll && k > 0) score += effects.readBeforeEdit ?? 0;
    if (delegate) score += effects.delegation ?? 0;
    if (n <= 15) score += effects.shortSession ?? 0;
    if (k >= 1 && k <= 5) score += effects.focused ?? 0;
    if (effects.tool && effects.tool.domain === d.domain && (toolBreakdown[effects.tool.tool] ?? 0) >= 5)
      score += effects.tool.shift;

    const endedAt = startedAt + n * 5_000 + 1_000;
    const tokensByModel = generatedTokens(operations);
    out.push({
      format: "claude-code",
      externalId: `${prefix}session-${opts.seed}-${i}`,
      sessionId: null,
      projectHint: null,
      agent: "claude-code",
      task: null,
      domain: d.domain,
      startedAt,
      endedAt,
      durationMs: endedAt - startedAt,
      promptCount: 1 + Math.floor(n / 10),
      prompts: [],
      operations,
      operationCount: n,
      toolBreakdown,
      filesRead,
      filesModified: modified,
      ...tokenFields(tokensByModel),
      models: Object.keys(tokensByModel),
      gitBranch: null,
      events: { interruptions: 0, rejectedToolCalls: 0, apiErrors: 0 },
      subagents: delegate
        ? [
            {
              agentId: `agent-${i}`,
              agentType: "general-purpose",
              description: null,
              workflow: null,
              operationCount: 3,
            },
          ]
        : [],
      success: { score: Math.round(clamp(score) * 1000) / 1000, source: "reported", signals: [] },
      critique: null,
      raw: null,
    });
  }
  return out;
}
