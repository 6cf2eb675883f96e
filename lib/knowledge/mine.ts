import { mineFiles } from "./co-change";
import { mineCommands } from "./commands";
import type { KnowledgeItem, KnowledgeSession } from "./contract";
import { mineFailures } from "./failures";
import { minePreferences } from "./preferences";

/**
 * Everything a project's sessions teach, deterministic for the same sessions (give them oldest first): its
 * commands, recurring failures with what worked, the user's preferences, files that change together and hot
 * spots, in that order. Only this project's sessions go in, so nothing of another project comes out.
 */
export function mineKnowledge(sessions: readonly KnowledgeSession[]): KnowledgeItem[] {
  const { coChange, hotSpots } = mineFiles(sessions);
  return [...mineCommands(sessions), ...mineFailures(sessions), ...minePreferences(sessions), ...coChange, ...hotSpots];
}
