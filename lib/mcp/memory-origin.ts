import { isAgentSource } from "./agent-memory";

/** Who a memory comes from, read from its source, for an agent to weigh it. */
export type MemoryOrigin = "person" | "agent" | "session" | "pattern" | "knowledge";

export function memoryOrigin(source: string): MemoryOrigin {
  if (source.startsWith("manual:")) return "person";
  if (isAgentSource(source)) return "agent";
  if (/^project:[^:]+:knowledge:/.test(source)) return "knowledge";
  if (/^project:[^:]+:[^:]+:pattern:/.test(source)) return "pattern";
  return "session";
}

export const ORIGIN_WORDS: Record<MemoryOrigin, string> = {
  person: "written by a person",
  agent: "written by an agent",
  session: "drawn from a session",
  pattern: "drawn from a tool-sequence pattern",
  knowledge: "mined from the project's sessions",
};
