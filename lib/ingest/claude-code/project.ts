/**
 * Folder names many unrelated projects end in: a project named after one alone would merge them. A working folder
 * of one of these names is named with the folder above it (`/home/me/acme/app` → "acme-app").
 */
export const GENERIC = new Set([
  "app",
  "apps",
  "src",
  "code",
  "repo",
  "project",
  "projects",
  "workspace",
  "main",
  "frontend",
  "backend",
  "web",
  "server",
  "client",
  "api",
]);

/** Folders above a project that name no project (the home folders' parents). */
const ROOTS = new Set(["home", "users", "root"]);

const isDrive = (folder: string) => /^[A-Za-z]:$/.test(folder);

/**
 * The project a Claude Code session worked in, from its `cwd`: the last folder of the path, as written (the slug
 * lowercases it, the name keeps it); a generic last folder (GENERIC) with the nearest folder above it that is not
 * generic, joined by "-"; and a worktree Claude Code made under `<repo>/.claude/worktrees/<name>` belongs to `<repo>`.
 * `/Users/chip/dev/ai-music` → "ai-music"; `/home/x/acme/app` → "acme-app"; `/src/app/.claude/worktrees/agent-a4ca7529/web` → "app".
 * Transcripts name no git remote (only a branch), so the folders are all there is to go on.
 */
export function projectFromCwd(cwd: string): string | null {
  const path = cwd.replaceAll("\\", "/");
  const worktree = path.search(/\/\.claude\/worktrees(?:\/|$)/);
  const root = worktree >= 0 ? path.slice(0, worktree) : path;
  const folders = root.split("/").filter((p) => p !== "" && !isDrive(p));
  const last = folders.at(-1);
  if (last === undefined) return null;
  if (!GENERIC.has(last.toLowerCase())) return last;
  const parent = folders
    .slice(0, -1)
    .reverse()
    .find((f) => !GENERIC.has(f.toLowerCase()));
  return parent === undefined || ROOTS.has(parent.toLowerCase()) ? last : `${parent}-${last}`;
}
