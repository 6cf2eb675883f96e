/**
 * The project a Claude Code session worked in, from its `cwd`: the last folder of the path, except that
 * a worktree Claude Code made under `<repo>/.claude/worktrees/<name>` belongs to `<repo>`.
 * `/Users/chip/dev/ai-music` → "ai-music"; `/src/app/.claude/worktrees/agent-a4ca7529/web` → "app".
 */
export function projectFromCwd(cwd: string): string | null {
  const path = cwd.replaceAll("\\", "/");
  const worktree = path.search(/\/\.claude\/worktrees(?:\/|$)/);
  const root = worktree >= 0 ? path.slice(0, worktree) : path;
  const last = root.split("/").filter((p) => p !== "").at(-1);
  return last === undefined || /^[A-Za-z]:$/.test(last) ? null : last;
}
