/**
 * The tools guidance may name: the canonical identifiers the parsers emit for an agent's own tools (Claude Code's
 * names, which Codex and Gemini CLI calls are mapped to: lib/ingest/codex/tools.ts, lib/ingest/gemini/tools.ts),
 * and MCP tools as `mcp__<server>__<tool>` of letters, digits, `_` and `-`. ACOS records carry any tool name their
 * writer chose, so a name outside this set never reaches a rule, checklist or lesson; a known one is shown as code.
 */
export const KNOWN_TOOLS: ReadonlySet<string> = new Set([
  "Agent",
  "AskUserQuestion",
  "Bash",
  "BashOutput",
  "Edit",
  "EnterPlanMode",
  "ExitPlanMode",
  "Glob",
  "Grep",
  "KillBash",
  "KillShell",
  "LS",
  "ListMcpResourcesTool",
  "MultiEdit",
  "NotebookEdit",
  "NotebookRead",
  "Read",
  "ReadMcpResourceTool",
  "SaveMemory",
  "Skill",
  "SlashCommand",
  "Task",
  "TodoRead",
  "TodoWrite",
  "WebFetch",
  "WebSearch",
  "Write",
]);

const MCP_TOOL = /^mcp__[A-Za-z0-9](?:[A-Za-z0-9-]|_(?!_)){0,62}__[A-Za-z0-9][A-Za-z0-9_-]{0,62}$/;

export function isKnownTool(name: string | null | undefined): name is string {
  return typeof name === "string" && (KNOWN_TOOLS.has(name) || MCP_TOOL.test(name));
}

/** Does a rule's key (`tool-preference:<tool>`, `tool-preference:<domain>:<tool>`) name a tool that is not a known one? */
export function namesUnknownTool(ruleKey: string): boolean {
  const [source, ...rest] = ruleKey.split(":");
  return source === "tool-preference" && !isKnownTool(rest.at(-1));
}
