import { wasRefused } from "@/lib/ingest/refusal";
import { parseCommand } from "@/lib/shell/purpose";
import { isHostile, isSuggestible } from "./command-safety";
import type { CommandPurpose, ConventionItem, KnowledgeSession } from "./contract";
import { DOCUMENTED_PURPOSES, docCommands, INSTRUCTION_DOC } from "./doc-commands";
import { entry, EvidenceTally } from "./evidence";

/**
 * The commands the project's own docs document, as the agent read them (a Read of README.md, CONTRIBUTING.md,
 * CLAUDE.md or AGENTS.md; lib/knowledge/doc-commands.ts): its setup, test, lint or run command, stated as the doc
 * states it only when no session ran a command of that purpose. Sessions that ran one established how the project
 * does it, and that run evidence speaks instead (a doc's `pytest` beside a session's `python -m pytest` is not said).
 * A doc is data inside an upload: a command that may never be suggested is dropped (lib/knowledge/command-safety.ts).
 */

const MAX_ITEMS = 3;
const ORDER = [...DOCUMENTED_PURPOSES];

interface Documented {
  doc: string;
  command: string;
  purpose: CommandPurpose;
  tally: EvidenceTally;
  first: number;
}

/** Purposes sessions ran a command of (passing or not): what the run evidence already says. */
function ranPurposes(sessions: readonly KnowledgeSession[]): Set<CommandPurpose> {
  const ran = new Set<CommandPurpose>();
  for (const s of sessions) {
    for (const op of s.operations) {
      if (op.command === null || wasRefused(op)) continue;
      const parsed = parseCommand(op.command);
      for (const step of [...(parsed?.steps ?? []), ...(parsed?.others ?? [])])
        if (step.purpose !== null) ran.add(step.purpose);
    }
  }
  return ran;
}

export function mineDocumented(sessions: readonly KnowledgeSession[]): ConventionItem[] {
  const ran = ranPurposes(sessions);
  const found = new Map<string, Documented>();
  let order = 0;
  for (const s of sessions) {
    for (const op of s.operations) {
      if (op.command !== null || op.isError || op.output === null || op.file === null) continue;
      const doc = INSTRUCTION_DOC.exec(op.file)?.[0].replace(/^[/\\]/, "");
      if (doc === undefined) continue;
      for (const { command, purpose } of docCommands(op.output)) {
        if (ran.has(purpose) || isHostile(command) || !isSuggestible(command)) continue;
        const d = entry(
          found,
          `${purpose}\n${command}`,
          (): Documented => ({ doc, command, purpose, tally: new EvidenceTally(), first: order++ }),
        );
        d.tally.add(s.id, op.seq, op.at ?? s.startedAt);
      }
    }
  }
  const best = new Map<CommandPurpose, Documented>();
  for (const d of found.values()) {
    const held = best.get(d.purpose);
    if (
      !held ||
      d.tally.occurrences > held.tally.occurrences ||
      (d.tally.occurrences === held.tally.occurrences && d.first < held.first)
    )
      best.set(d.purpose, d);
  }
  return ORDER.flatMap((purpose) => {
    const d = best.get(purpose);
    return d
      ? [
          {
            kind: "convention" as const,
            key: `convention:documented:${purpose}`,
            fact: { topic: "documented" as const, doc: d.doc, purpose, command: d.command },
            evidence: d.tally.evidence(),
          },
        ]
      : [];
  }).slice(0, MAX_ITEMS);
}
