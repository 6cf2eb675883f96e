import type { GuidanceFormat } from "@/lib/guidance/contract";

/** How each export format is named on the page and where it goes. */
export const FORMAT_INFO: Record<GuidanceFormat, { label: string; where: string }> = {
  markdown: { label: "Markdown", where: "Plain markdown, to read or paste anywhere." },
  "claude-md": {
    label: "CLAUDE.md block",
    where: "Replaces the block between the starlight markers in CLAUDE.md, leaving your text alone.",
  },
  cursor: { label: "Cursor rule", where: "A .mdc rule with front matter for .cursor/rules/." },
  windsurf: { label: "Windsurf rules", where: "For .windsurf/rules/." },
  "agents-md": { label: "AGENTS.md", where: "For agents that read AGENTS.md." },
  "claude-rules": {
    label: "Claude Code rule",
    where: "The whole of .claude/rules/starlight.md, which Claude Code loads every session.",
  },
  "hook-json": { label: "Hook JSON", where: "SessionStart hook output (additionalContext) for Claude Code." },
};

/** `GET /api/v1/projects/<slug>/guidance?format=…`, with `download=1` for a file. */
export function guidanceHref(slug: string, format: GuidanceFormat, download = false): string {
  return `/api/v1/projects/${encodeURIComponent(slug)}/guidance?format=${format}${download ? "&download=1" : ""}`;
}
