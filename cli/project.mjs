// @ts-check
import path from "node:path";

/*
 * The project a Claude Code session belongs to, decided as the server's ingest decides it for the session's
 * transcript (ports of lib/ingest/claude-code/project.ts and lib/project-slug.ts; a test keeps them in step), so
 * `guidance --hook` asks the project that `push` will upload into.
 */

/**
 * The project folder name from a session's `cwd`: the last folder of the path, except that a worktree under
 * `<repo>/.claude/worktrees/<name>` belongs to `<repo>`. Null when the path names no folder.
 * @param {string} cwd
 * @returns {string | null}
 */
export function projectFromCwd(cwd) {
  const unix = cwd.replaceAll("\\", "/");
  const worktree = unix.search(/\/\.claude\/worktrees(?:\/|$)/);
  const root = worktree >= 0 ? unix.slice(0, worktree) : unix;
  const last = root.split("/").filter((p) => p !== "").at(-1);
  return last === undefined || /^[A-Za-z]:$/.test(last) ? null : last;
}

/**
 * A project name as its URL slug ("My App" → "my-app"); null if nothing is left.
 * @param {string} name
 * @returns {string | null}
 */
export function toProjectSlug(name) {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, "-")
    .replace(/^[-._]+|[-._]+$/g, "")
    .slice(0, 64)
    .replace(/[-._]+$/g, "");
  return slug.length > 0 ? slug : null;
}

/**
 * The project slug of a hook payload: from its `cwd`, else from the folder its transcript sits in
 * (`~/.claude/projects/<folder>/<session>.jsonl`). Null when neither names one.
 * @param {{ cwd?: unknown, transcript_path?: unknown }} payload
 * @returns {string | null}
 */
export function hookProject(payload) {
  const fromCwd = typeof payload.cwd === "string" ? projectFromCwd(payload.cwd) : null;
  const folder = typeof payload.transcript_path === "string" && payload.transcript_path ? path.basename(path.dirname(payload.transcript_path)) : null;
  const hint = fromCwd ?? folder;
  return hint === null ? null : toProjectSlug(hint);
}
