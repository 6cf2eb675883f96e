import path from "node:path";
import { projectFromCwd } from "../ingest/claude-code/project";
import { toProjectSlug } from "../project-slug";

/**
 * The project slug of a hook payload, decided as ingest decides it for the session's transcript: from its `cwd`,
 * else from the folder its transcript sits in (`~/.claude/projects/<folder>/<session>.jsonl`). Null when neither
 * names one. So `guidance --hook` asks the project that `push` will upload into.
 */
export function hookProject(payload: { cwd?: unknown; transcript_path?: unknown }): string | null {
  const fromCwd = typeof payload.cwd === "string" ? projectFromCwd(payload.cwd) : null;
  const folder =
    typeof payload.transcript_path === "string" && payload.transcript_path
      ? path.basename(path.dirname(payload.transcript_path))
      : null;
  const hint = fromCwd ?? folder;
  return hint === null ? null : toProjectSlug(hint);
}
