/**
 * Which picked files get uploaded. Paths are relative ("-Users-me-app/<sessionId>.jsonl"), with `/` separators,
 * because the server reads the folder as a project fallback and pairs sub-agent files with their session.
 */

/** What the uploader does with a path: skip it silently, unpack it, send it, or skip it and say so. */
export type PathKind = "junk" | "zip" | "ingest" | "other";

const INGESTIBLE = /\.(jsonl|ndjson|json)$/i;

/** "C:\\x\\a.jsonl" → "C:/x/a.jsonl"; "./a//b.json" → "a/b.json"; "/a.json" → "a.json". */
export function normalisePath(path: string): string {
  return path
    .replace(/\\/g, "/")
    .replace(/\/{2,}/g, "/")
    .replace(/^(?:\.?\/)+/, "");
}

export function baseName(path: string): string {
  const parts = path.split("/");
  return parts[parts.length - 1] ?? path;
}

/** Folders, macOS resource forks (`__MACOSX/`, `._x`) and dotfiles (`.DS_Store`) are junk; `.claude/` folders are not. */
export function pathKind(path: string): PathKind {
  const name = baseName(path);
  if (path.endsWith("/") || name === "" || name.startsWith(".") || path.split("/").includes("__MACOSX")) return "junk";
  if (/\.zip$/i.test(name)) return "zip";
  // A Claude Code workflow run's journal repeats what its sub-agents' transcripts hold (docs/formats.md).
  if (name === "journal.jsonl" && path.split("/").includes("workflows")) return "other";
  return INGESTIBLE.test(name) ? "ingest" : "other";
}

const SKIPPED_FOLDERS = new Set(["__MACOSX", ".git", "node_modules"]);

/** Folders not worth walking when a whole tree is dropped. */
export function isSkippedFolder(name: string): boolean {
  return SKIPPED_FOLDERS.has(name);
}
