import { computeFeatures } from "@/lib/learn/features";
import { heuristicSuccess } from "@/lib/learn/success";
import { createRandom } from "@/test/factories/generate/random";
import { isVerificationCommand } from "@/lib/learn/verification";
import {
  generateSessions,
  type GeneratedDomain,
  type SessionGenerateOptions,
} from "@/test/factories/generate/sessions";
import type { Session } from "@/lib/session";

/**
 * Seeded sessions whose behaviours are confounded with the domain: in easy domains (high base success) sessions
 * are short, delegate, verify and read first far more often than in hard ones, and long sessions are scattered
 * (files changed grow with length). With no planted effect no behaviour changes success, yet every behaviour
 * "goes with" success across the project: what a rule must not be fooled by. Bases stay within 0.45–0.70 so that
 * clamping to [0, 1] hardly bends a planted effect (the planted shift is then the true one).
 */
const CONFOUNDED_DOMAINS: readonly GeneratedDomain[] = [
  {
    domain: "documentation",
    weight: 20,
    base: 0.7,
    tools: [
      ["Read", 50],
      ["Glob", 15],
      ["Grep", 15],
      ["WebFetch", 10],
    ],
    behaviour: { readAll: 0.85, verify: 0.8, delegate: 0.7, lengthSkew: 3.4 },
  },
  {
    domain: "testing",
    weight: 18,
    base: 0.66,
    tools: [
      ["Read", 30],
      ["Bash", 45],
      ["Grep", 15],
      ["Glob", 5],
    ],
    behaviour: { readAll: 0.75, verify: 0.75, delegate: 0.55, lengthSkew: 2.8 },
  },
  {
    domain: "code_development",
    weight: 25,
    base: 0.6,
    tools: [
      ["Read", 40],
      ["Grep", 20],
      ["Glob", 8],
      ["Bash", 20],
      ["TodoWrite", 4],
    ],
    behaviour: { readAll: 0.6, verify: 0.55, delegate: 0.35, lengthSkew: 2.2 },
  },
  {
    domain: "debugging",
    weight: 17,
    base: 0.52,
    tools: [
      ["Read", 35],
      ["Bash", 30],
      ["Grep", 25],
      ["Glob", 5],
    ],
    behaviour: { readAll: 0.45, verify: 0.4, delegate: 0.15, lengthSkew: 1.6 },
  },
  {
    domain: "deployment",
    weight: 20,
    base: 0.45,
    tools: [
      ["Bash", 60],
      ["Read", 25],
      ["Grep", 8],
      ["WebFetch", 4],
    ],
    behaviour: { readAll: 0.35, verify: 0.3, delegate: 0.08, lengthSkew: 1.3 },
  },
];

/** generateSessions over CONFOUNDED_DOMAINS (planted effects, if any, are added as there). */
export function generateConfoundedSessions(opts: Omit<SessionGenerateOptions, "domains">): Session[] {
  return generateSessions({ ...opts, domains: CONFOUNDED_DOMAINS });
}

/**
 * Claude-Code-like confounded sessions scored as Starlight scores transcripts (lib/learn/success.ts): the outcome
 * signals (failed calls, a commit) depend on the domain only, never on verification, and the verification run at
 * the end fails in 20% of the sessions that have one. So the heuristic score carries its +0.15/−0.15 verification
 * signal while verifying does nothing for the outcome: a verification rule judged on that score would grade itself.
 */
export function generateHeuristicSessions(opts: Omit<SessionGenerateOptions, "domains" | "effects">): Session[] {
  const rng = createRandom(opts.seed ^ 0x5bd1e995);
  const trouble: Record<string, number> = {
    documentation: 0.05,
    testing: 0.1,
    code_development: 0.15,
    debugging: 0.3,
    deployment: 0.35,
  };
  return generateConfoundedSessions(opts).map((t) => {
    const ops = t.operations ?? [];
    const last = ops.at(-1);
    const failing = trouble[t.domain] ?? 0.2;
    const marked = ops.map((op, i) => {
      const verificationRun =
        i === ops.length - 1 && op.tool === "Bash" && op.command !== null && isVerificationCommand(op.command);
      return { ...op, isError: verificationRun ? rng.chance(0.2) : op.tool !== "Task" && rng.chance(failing / 4) };
    });
    const committed = last !== undefined && rng.chance(0.7 - failing);
    const operations = committed
      ? [
          ...marked,
          {
            ...last,
            seq: marked.length,
            tool: "Bash",
            file: null,
            command: "git commit -m 'work'",
            isError: false,
            at: last.at === null ? null : last.at + 5_000,
            delegated: false,
          },
        ]
      : marked;
    const toolBreakdown = { ...t.toolBreakdown, ...(committed ? { Bash: (t.toolBreakdown.Bash ?? 0) + 1 } : {}) };
    const unscored = { ...t, operations, operationCount: operations.length, toolBreakdown };
    return { ...unscored, success: heuristicSuccess(unscored, computeFeatures(unscored)) };
  });
}
