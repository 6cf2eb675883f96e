/** The agents whose folders Starlight walks, one per entry of the registry (agents.ts); stored on a source. */
export const SOURCE_KINDS = [
  "claude-projects",
  "acos",
  "codex-sessions",
  "gemini-tmp",
  "opencode-storage",
  "antigravity-brain",
] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];
