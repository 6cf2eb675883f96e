/**
 * The files an `apply_patch` patch names (codex-rs/apply-patch grammar): `*** Add File: <path>` creates one,
 * `*** Update File: <path>` (optionally `*** Move to: <new path>`) and `*** Delete File: <path>` change one. Each is
 * named once, in patch order, with what happened to it.
 */
export interface PatchedFile {
  path: string;
  action: "add" | "update" | "delete";
}

const HEADER = /^\*\*\* (Add|Update|Delete) File: (.+)$/;

export function patchedFiles(patch: string): PatchedFile[] {
  const files: PatchedFile[] = [];
  const seen = new Set<string>();
  for (const line of patch.split(/\r?\n/)) {
    const header = HEADER.exec(line.trim());
    if (!header) continue;
    const path = (header[2] as string).trim();
    if (path === "" || seen.has(path)) continue;
    seen.add(path);
    files.push({ path, action: header[1] === "Add" ? "add" : header[1] === "Update" ? "update" : "delete" });
  }
  return files;
}

/** Whether a shell command is `apply_patch` fed a patch (argv or heredoc), as older Codex versions ran it. */
export function patchInCommand(command: string): string | null {
  if (!/^\s*(?:cd [^\n;&]+&&\s*)?apply_?patch\b/.test(command) || !command.includes("*** Begin Patch")) return null;
  return command.slice(command.indexOf("*** Begin Patch"));
}
