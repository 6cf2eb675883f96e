/**
 * A memory an agent writes through the MCP server's `remember` tool: stored in one project only, with a source
 * that marks it as the agent's (`project:<slug>:agent:<id>`) and the `agent` tag, its secrets redacted. Trusted
 * less than a person's note (0.8): the agent may be wrong about what it saw.
 */

export const AGENT_TAG = "agent";
export const AGENT_CONFIDENCE = 0.6;
export const AGENT_CATEGORY = "insight";

export const agentSource = (slug: string, id: string) => `project:${slug}:agent:${id}`;

/** Whether a memory's source marks it as written by an agent. */
export const isAgentSource = (source: string) => /^project:[^:]+:agent:/.test(source);
