import { parseCommand } from "@/lib/shell/purpose";
import { wasRefused } from "@/lib/ingest/refusal";
import { isHostile, isSuggestible } from "./command-safety";
import { COMMAND_PURPOSES, MIN_OCCURRENCES, type CommandItem, type CommandPurpose, type KnowledgeSession } from "./contract";
import { byEvidence, entry, EvidenceTally } from "./evidence";
import { errorSignature } from "./signature";

/** At most this many command forms per purpose: the ones used in the most sessions. */
const MAX_FORMS_PER_PURPOSE = 4;
const MAX_FAILED_VARIANTS = 3;

export const EDIT_TOOLS = new Set(["Edit", "MultiEdit", "Write", "NotebookEdit"]);

interface Form {
  purpose: CommandPurpose;
  canonical: string;
  tally: EvidenceTally;
  passed: number;
  failed: number;
  afterEdit: number;
  /** Exact form → runs, passes, the latest failure's signature. */
  exact: Map<string, { runs: number; passed: number; lastAt: number; signature: string | null }>;
}

/**
 * The project's commands by purpose, from every shell call whose words say what it is for: each canonical form
 * that ran at least MIN_OCCURRENCES times and passed at least once, with its most used exact form, and the
 * exact forms of the same purpose that never passed (what failed, and the form that worked instead). A hostile call
 * (lib/knowledge/command-safety.ts) is not read at all, and only a form that may be suggested is ever an example or
 * a failed variant: a form with none is no item.
 */
export function mineCommands(sessions: readonly KnowledgeSession[]): CommandItem[] {
  const forms = new Map<string, Form>();
  for (const session of sessions) {
    let edited = false;
    for (const op of session.operations) {
      if (EDIT_TOOLS.has(op.tool) && !op.isError) edited = true;
      if (op.command === null || wasRefused(op)) continue;
      const parsed = parseCommand(op.command);
      if (!parsed || isHostile(parsed.exact)) continue;
      const at = op.at ?? session.startedAt;
      for (const step of parsed.steps) {
        const form = entry(forms, `${step.purpose}\u0000${step.canonical}`, () => ({
          purpose: step.purpose,
          canonical: step.canonical,
          tally: new EvidenceTally(),
          passed: 0,
          failed: 0,
          afterEdit: 0,
          exact: new Map(),
        }));
        form.tally.add(session.id, op.seq, at);
        if (op.isError) form.failed += 1;
        else form.passed += 1;
        if (edited) form.afterEdit += 1;
        const exact = entry(form.exact, step.exact, () => ({ runs: 0, passed: 0, lastAt: 0, signature: null as string | null }));
        exact.runs += 1;
        exact.lastAt = Math.max(exact.lastAt, at);
        if (op.isError) exact.signature = errorSignature(op.output) ?? exact.signature;
        else exact.passed += 1;
      }
    }
  }
  const out: CommandItem[] = [];
  for (const purpose of COMMAND_PURPOSES) {
    const ofPurpose = [...forms.values()].filter((f) => f.purpose === purpose);
    const failedVariants = ofPurpose
      .flatMap((f) => [...f.exact].filter(([command, e]) => e.passed === 0 && isSuggestible(command)).map(([command, e]) => ({ command, signature: e.signature, lastAt: e.lastAt })))
      .sort((a, b) => b.lastAt - a.lastAt || (a.command < b.command ? -1 : 1))
      .slice(0, MAX_FAILED_VARIANTS)
      .map(({ command, signature }) => ({ command, signature }));
    const items = ofPurpose
      .filter((f) => f.tally.occurrences >= MIN_OCCURRENCES && f.passed > 0)
      .flatMap((f): CommandItem[] => {
        const example = [...f.exact]
          .filter(([command]) => isSuggestible(command))
          .sort(([ca, a], [cb, b]) => b.runs - a.runs || b.passed - a.passed || b.lastAt - a.lastAt || (ca < cb ? -1 : 1))[0]?.[0];
        if (example === undefined) return [];
        return [{
          kind: "command",
          key: `command:${purpose}:${f.canonical}`,
          purpose,
          canonical: f.canonical,
          example,
          passed: f.passed,
          failed: f.failed,
          afterEdit: f.afterEdit,
          failedVariants: [],
          evidence: f.tally.evidence(),
        }];
      })
      .sort(byEvidence)
      .slice(0, MAX_FORMS_PER_PURPOSE);
    if (items[0]) items[0].failedVariants = failedVariants.filter((v) => !items.some((i) => i.example === v.command));
    out.push(...items);
  }
  return out;
}
