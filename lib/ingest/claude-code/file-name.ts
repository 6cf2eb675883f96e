/**
 * What an upload's file name says about a Claude Code file. Names are paths relative to (or inside)
 * `~/.claude/projects`, with `/` or `\` separators:
 * - `<folder>/<sessionId>.jsonl`: a session transcript;
 * - `<folder>/agent-<id>.jsonl`: a sub-agent before Claude Code 2.1 (its session is on its lines);
 * - `<folder>/<sessionId>/subagents/agent-<id>.jsonl` and `agent-<id>.meta.json`: a sub-agent from 2.1.
 */

export interface TranscriptName {
  /** "session" for `<uuid>.jsonl`, "agent" for `agent-<id>.jsonl`, "agent-meta" for `agent-<id>.meta.json`. */
  kind: "session" | "agent" | "agent-meta" | null;
  /** The session: the uuid of `<uuid>.jsonl`, or the folder holding `subagents/`. */
  sessionId: string | null;
  agentId: string | null;
  /** The project folder (`-Users-chip-dev-ai-music`): the session file's folder, or the one above `<sessionId>/subagents/`. */
  folder: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SESSION_FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.jsonl$/i;
const AGENT_FILE = /^agent-([\w-]+?)(\.meta\.json|\.jsonl)$/;

const NOTHING: TranscriptName = { kind: null, sessionId: null, agentId: null, folder: null };

export function readTranscriptName(name: string | undefined): TranscriptName {
  if (name === undefined) return NOTHING;
  const parts = name.split(/[\\/]/).filter((p) => p !== "");
  const file = parts.at(-1) ?? "";
  const nested = parts.at(-2) === "subagents";
  const parentSession = nested ? (parts.at(-3) ?? null) : null;
  const folder = (nested ? parts.at(-4) : parts.at(-2)) ?? null;

  const session = SESSION_FILE.exec(file);
  if (session) return { kind: "session", sessionId: session[1] ?? null, agentId: null, folder };
  const agent = AGENT_FILE.exec(file);
  if (!agent) return { ...NOTHING, folder };
  return {
    kind: agent[2] === ".jsonl" ? "agent" : "agent-meta",
    sessionId: parentSession !== null && UUID.test(parentSession) ? parentSession : null,
    agentId: agent[1] ?? null,
    folder,
  };
}
