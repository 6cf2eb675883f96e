/**
 * What an upload's file name says about a Claude Code file. Names are paths relative to (or inside)
 * `~/.claude/projects`, with `/` or `\` separators:
 * - `<folder>/<sessionId>.jsonl`: a session transcript;
 * - `<folder>/agent-<id>.jsonl`: a sub-agent before Claude Code 2.1 (its session is on its lines);
 * - `<folder>/<sessionId>/subagents/agent-<id>.jsonl` and `agent-<id>.meta.json`: a sub-agent from 2.1;
 * - `<folder>/<sessionId>/subagents/workflows/<runId>/agent-<id>.jsonl` (and `.meta.json`): a sub-agent of a
 *   workflow run, and any sub-agent in folders below `subagents/` (they nest): the session is the folder holding the
 *   first `subagents/` of the path;
 * - `<folder>/<sessionId>/workflows/<runId>.json`: a workflow run's definition;
 * - `<folder>/<sessionId>/hooks/<key>.json`: a hook event Starlight received for the session (lib/ingest/claude-code/hook-event.ts).
 * A run's `journal.jsonl` (beside its sub-agents) repeats what their transcripts hold and is no part of a session.
 */

export interface TranscriptName {
  /**
   * "session" for `<uuid>.jsonl`, "agent" for `agent-<id>.jsonl`, "agent-meta" for `agent-<id>.meta.json`,
   * "workflow" for `<sessionId>/workflows/<runId>.json`, "hook" for `<sessionId>/hooks/<key>.json`.
   */
  kind: "session" | "agent" | "agent-meta" | "workflow" | "hook" | null;
  /** The session: the uuid of `<uuid>.jsonl`, or the folder holding `subagents/` (or `workflows/`). */
  sessionId: string | null;
  /** The sub-agent's id; for a hook event, its key. */
  agentId: string | null;
  /** The project folder (`-Users-chip-dev-ai-music`): the session file's folder, or the one above `<sessionId>/`. */
  folder: string | null;
  /** The workflow run: of a sub-agent under `subagents/workflows/<runId>/`, or of `workflows/<runId>.json`. */
  workflowId: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SESSION_FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.jsonl$/i;
const AGENT_FILE = /^agent-([\w-]+?)(\.meta\.json|\.jsonl)$/;
const WORKFLOW_FILE = /^([\w-]+)\.json$/;

const NOTHING: TranscriptName = { kind: null, sessionId: null, agentId: null, folder: null, workflowId: null };

/** A sub-agent line's `sessionId` may read `<sessionId>#agent-<id>`: the session is what comes before `#`. */
export function baseSessionId(id: string): string {
  const at = id.indexOf("#");
  return at > 0 ? id.slice(0, at) : id;
}

/** Where the sub-agent's path enters its session's `subagents/`: the session folder and what follows. */
function subagentPlace(
  parts: readonly string[],
): { sessionId: string | null; folder: string | null; workflowId: string | null } | null {
  const at = parts.indexOf("subagents");
  if (at < 0 || at >= parts.length - 1) return null;
  const session = at > 0 ? parts[at - 1]! : null;
  const inWorkflow = parts[at + 1] === "workflows" && at + 3 < parts.length;
  return {
    sessionId: session !== null && UUID.test(session) ? session : null,
    folder: at > 1 ? parts[at - 2]! : null,
    workflowId: inWorkflow ? parts[at + 2]! : null,
  };
}

export function readTranscriptName(name: string | undefined): TranscriptName {
  if (name === undefined) return NOTHING;
  const parts = name.split(/[\\/]/).filter((p) => p !== "");
  const file = parts.at(-1) ?? "";
  const place = subagentPlace(parts);

  const session = SESSION_FILE.exec(file);
  if (session && place === null)
    return { ...NOTHING, kind: "session", sessionId: session[1] ?? null, folder: parts.at(-2) ?? null };
  const workflow = WORKFLOW_FILE.exec(file);
  const owner = parts.at(-3);
  if (workflow && place === null && parts.at(-2) === "workflows" && owner !== undefined && UUID.test(owner)) {
    return {
      kind: "workflow",
      sessionId: owner,
      agentId: null,
      folder: parts.at(-4) ?? null,
      workflowId: workflow[1] ?? null,
    };
  }
  if (workflow && place === null && parts.at(-2) === "hooks" && owner !== undefined && UUID.test(owner)) {
    return {
      kind: "hook",
      sessionId: owner,
      agentId: workflow[1] ?? null,
      folder: parts.at(-4) ?? null,
      workflowId: null,
    };
  }
  const agent = AGENT_FILE.exec(file);
  if (!agent) return { ...NOTHING, folder: place ? place.folder : (parts.at(-2) ?? null) };
  return {
    kind: agent[2] === ".jsonl" ? "agent" : "agent-meta",
    sessionId: place?.sessionId ?? null,
    agentId: agent[1] ?? null,
    folder: place ? place.folder : (parts.at(-2) ?? null),
    workflowId: place?.workflowId ?? null,
  };
}
