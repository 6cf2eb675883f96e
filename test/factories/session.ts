import type { Session } from "@/lib/session";

/** A plain ACOS-like canonical session for unit tests; override what the test is about. */
export function makeSession(over: Partial<Session> = {}): Session {
  return {
    format: "acos",
    externalId: "t1",
    sessionId: null,
    projectHint: null,
    agent: "claude-code",
    task: null,
    domain: "code_development",
    startedAt: 0,
    endedAt: null,
    durationMs: null,
    promptCount: null,
    prompts: [],
    operations: null,
    operationCount: 14,
    toolBreakdown: { Edit: 6, Read: 5, Bash: 3 },
    filesRead: [],
    filesModified: ["a.ts", "b.ts", "a.ts"],
    tokens: null,
    tokensByModel: {},
    models: [],
    gitBranch: null,
    events: null,
    subagents: [],
    success: { score: 0.9, source: "reported", signals: [] },
    critique: null,
    raw: null,
    ...over,
  };
}
