import { z } from "zod";
import type { SubagentSummary } from "@/lib/session";

const summary = z.object({
  agentId: z.string(),
  agentType: z.string().nullable(),
  description: z.string().nullable(),
  // Absent in sessions assembled before workflow runs were read.
  workflow: z.string().nullable().default(null),
  operationCount: z.number().int().nonnegative(),
});

const withSubagents = z.object({ subagents: z.array(summary) });

/**
 * The sub-agents a stored session's raw record lists (a Claude Code session keeps their summaries there, with their
 * type and task from their meta files, and the workflow run they worked in); [] for any other record.
 */
export function storedSubagents(raw: unknown): SubagentSummary[] {
  const read = withSubagents.safeParse(raw);
  return read.success ? read.data.subagents : [];
}
