import type { MemoryCategory } from "@/lib/session";

/**
 * The seed system's deterministic category tree (docs/architecture.md#classification), failures first.
 * Thresholds are inclusive: a score of exactly 0.50 is an error, exactly 0.85 a pattern.
 */
const ERROR_AT_MOST = 0.5;
const PATTERN_AT_LEAST = 0.85;
const PATTERN_MIN_USES = 3;
const PATTERN_ERROR_AT_MOST = 0.6;

/** Agent configuration folders: changing them is a decision about how the agent works. */
const AGENT_CONFIG_DIR = /(^|\/)\.claude(-flow)?\//;

/**
 * Project configuration files, by file name: package manifests, TypeScript/JS tool configs
 * (`tsconfig*.json`, `*.config.{js,ts,mjs,cjs,mts,cts,json}`, `.eslintrc*`, `.prettierrc*`,
 * `.babelrc*`), environment files (`.env*`), TOML and YAML files, Docker files, Makefiles, and the
 * editor/runtime dot-files `.editorconfig`, `.npmrc`, `.nvmrc`, `.node-version`, `.tool-versions`.
 */
const CONFIG_FILE_NAMES = [
  /^package\.json$/,
  /^[jt]sconfig(\..+)?\.json$/,
  /\.config\.(js|ts|mjs|cjs|mts|cts|json)$/,
  /^\.(eslintrc|prettierrc|babelrc)(\..+)?$/,
  /^\.env(\..+)?$/,
  /\.toml$/,
  /\.ya?ml$/,
  /^dockerfile(\..+)?$/i,
  /^(gnu)?makefile$/i,
  /^\.(editorconfig|npmrc|nvmrc|node-version|tool-versions)$/,
];

/**
 * Folders under `.claude/` that are not the agent's configuration: a worktree Claude Code checks the project out
 * into (`.claude/worktrees/<name>/`, whose files are the project's own) and the plans it writes in plan mode.
 */
const NOT_AGENT_CONFIG = /(^|\/)\.claude\/(worktrees\/[^/]+|plans)\//;

/**
 * True for a path under `.claude/` or `.claude-flow/` (but not a worktree's or a plan), or a project
 * configuration file (see above), also inside a worktree.
 */
export function isConfigPath(path: string): boolean {
  const normal = path.replaceAll("\\", "/");
  const worktree = NOT_AGENT_CONFIG.exec(normal);
  if (worktree) return worktree[2] !== "plans" && isConfigPath(normal.slice(worktree.index + worktree[0].length));
  if (AGENT_CONFIG_DIR.test(normal)) return true;
  const name = normal.slice(normal.lastIndexOf("/") + 1);
  return CONFIG_FILE_NAMES.some((rule) => rule.test(name));
}

export function classifySession(input: {
  score: number;
  filesModified: readonly string[];
  domain: string;
}): MemoryCategory {
  if (input.score <= ERROR_AT_MOST) return "error";
  if (input.score >= PATTERN_AT_LEAST) return "pattern";
  if (input.filesModified.some(isConfigPath)) return "decision";
  if (input.domain === "skill_execution") return "preference";
  return "insight";
}

export function classifyPattern(input: { avgSuccess: number; count: number }): MemoryCategory {
  if (input.avgSuccess >= PATTERN_AT_LEAST && input.count >= PATTERN_MIN_USES) return "pattern";
  if (input.avgSuccess <= PATTERN_ERROR_AT_MOST) return "error";
  return "insight";
}
