/**
 * Which files under a `~/.codex/sessions` tree are rollouts, and what a rollout's name says. Codex writes
 * `sessions/YYYY/MM/DD/rollout-YYYY-MM-DDThh-mm-ss-<uuid>.jsonl` (and `archived_sessions/rollout-….jsonl`); names are
 * relative paths with `/` or `\` separators.
 */

const ROLLOUT_NAME = /^rollout-.+\.jsonl$/;
const TRAILING_UUID = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.jsonl$/i;

function parts(path: string): string[] {
  return path.split(/[\\/]/).filter((p) => p !== "");
}

/** A rollout: named `rollout-*.jsonl`, in no hidden folder and not hidden itself. */
export function isRolloutPath(path: string): boolean {
  const segments = parts(path);
  const file = segments.at(-1) ?? "";
  return ROLLOUT_NAME.test(file) && !segments.some((s) => s.startsWith("."));
}

/** The session (thread) id a rollout's name ends with, or null. */
export function rolloutIdFromName(name: string | undefined): string | null {
  if (name === undefined) return null;
  const file = parts(name).at(-1) ?? "";
  if (!ROLLOUT_NAME.test(file)) return null;
  return TRAILING_UUID.exec(file)?.[1]?.toLowerCase() ?? null;
}
