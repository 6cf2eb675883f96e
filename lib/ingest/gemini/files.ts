/**
 * Which files under `~/.gemini/tmp` are Gemini CLI sessions: `<project>/chats/session-<time>-<id8>.jsonl`, older
 * `<project>/chats/session-*.json` (one JSON object), and a sub-agent's `<project>/chats/<parentSessionId>/<id>.jsonl`.
 * `<project>` is a slug of the project folder's name (with a `.project_root` file holding its path) or, before the
 * Gemini CLI named them, the sha256 of that path. Copies the CLI keeps aside (`.unreadable-*`, `.tmp-*`) are not
 * sessions. When a `.json` session was resumed, the CLI wrote it again as `.jsonl` beside it: only the `.jsonl` is read.
 */

const SESSION = /^session-.+\.jsonl?$/;
const SUBAGENT = /^[\w-]+\.jsonl$/;

function segments(path: string): string[] {
  return path.split(/[\\/]/).filter((p) => p !== "");
}

/** Whether one path (relative to `~/.gemini/tmp`, or longer) names a session file. */
function isSessionPath(parts: readonly string[]): boolean {
  const file = parts.at(-1) ?? "";
  if (parts.at(-2) === "chats") return SESSION.test(file);
  return parts.at(-3) === "chats" && SUBAGENT.test(file);
}

/** The paths, in their order, that are session files to read. */
export function geminiSessionFiles(paths: readonly string[]): string[] {
  const present = new Set(paths.map((p) => segments(p).join("/")));
  return paths.filter((path) => {
    const parts = segments(path);
    if (!isSessionPath(parts)) return false;
    const joined = parts.join("/");
    return !(joined.endsWith(".json") && present.has(`${joined}l`));
  });
}

/** The session a sub-agent's chat belongs to, from its name (`chats/<parentSessionId>/<id>.jsonl`); null for a session's own file. */
export function geminiParentSession(name: string | undefined): string | null {
  const parts = segments(name ?? "");
  return parts.at(-3) === "chats" && SUBAGENT.test(parts.at(-1) ?? "") ? (parts.at(-2) ?? null) : null;
}

/** The `~/.gemini/tmp/<project>` folder a session file's name shows (the folder above `chats`), if any. */
export function geminiProjectFolder(name: string | undefined): string | null {
  const parts = segments(name ?? "");
  const chats = parts.lastIndexOf("chats");
  return chats > 0 ? (parts[chats - 1] ?? null) : null;
}
