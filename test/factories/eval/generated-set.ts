/**
 * A generated labelled set of the knowledge evaluation: one project per class of issue 43 (two for the generic
 * folder name), with the gold they plant, from one seed. Same seed, same bytes; each seed picks other tools,
 * names and wording.
 */
import type { KnowledgeGold, OutcomeLabel } from "@/lib/eval/gold";
import { createRandom } from "@/test/factories/generate/random";
import { adHocRun, deployFix, explicitCorrection, oneOffRefusal, workaroundNextToFix } from "./planted-fixes";
import { environmentActivation, gitWorkflow, statedRule, testLayout } from "./planted-conventions";
import { chanceDuplicatePrompts, emptyMainTranscript, genericCwd, rewoundPrompt } from "./planted-sessions";
import { agentMemoryNotes } from "./planted-memory";
import { deletedFile, toolAddedLater } from "./planted-staleness";
import { scriptsRunByHand } from "./planted-scripts";
import { proseCorrections } from "./planted-corrections";
import { coverageFlagOnce, coverageReported, lintRuleFixed, scriptChecks } from "./planted-checks";
import { documentedCommands } from "./planted-docs";
import type { ClassContext, PlantedProject } from "./planting";

export interface GeneratedSet {
  name: string;
  files: { name: string; content: string }[];
  gold: KnowledgeGold;
  outcomes: Record<string, OutcomeLabel>;
  classes: Record<string, string>;
}

const CLASSES: ((ctx: ClassContext) => PlantedProject | PlantedProject[])[] = [
  oneOffRefusal,
  deployFix,
  deletedFile,
  toolAddedLater,
  workaroundNextToFix,
  adHocRun,
  rewoundPrompt,
  chanceDuplicatePrompts,
  emptyMainTranscript,
  explicitCorrection,
  genericCwd,
  agentMemoryNotes,
  gitWorkflow,
  testLayout,
  environmentActivation,
  statedRule,
  scriptsRunByHand,
  proseCorrections,
  coverageReported,
  coverageFlagOnce,
  lintRuleFixed,
  scriptChecks,
  documentedCommands,
];

const WORDS = [
  "ledger",
  "atlas",
  "harbor",
  "quill",
  "ember",
  "sprout",
  "tundra",
  "kestrel",
  "mosaic",
  "orbit",
  "lantern",
  "cobalt",
];
const FIRST_DAY = Date.UTC(2026, 8, 1, 9);

export function generatedSet(seed: number): GeneratedSet {
  const random = createRandom(seed);
  const projects: PlantedProject[] = [];
  CLASSES.forEach((make, index) => {
    // The seed and the class index keep every project's folder unique across the sets of one run.
    const name = `${random.pick(WORDS)}-s${seed}c${index}`;
    const made = make({ random, name, start: FIRST_DAY + index * 3 * 86_400_000 });
    projects.push(...(Array.isArray(made) ? made : [made]));
  });
  // Ids unique in the run: the seed, then the class's own id (the same for every seed, to compare classes across seeds).
  const prefix = (id: string) => `s${seed}-${id}`;
  return {
    name: `generated seed ${seed}`,
    files: projects.flatMap((p) => p.files),
    gold: {
      version: 1,
      notes: `Generated with seed ${seed} by test/factories/eval (docs/knowledge-eval.md).`,
      projects: Object.fromEntries(
        projects.map((p) => [
          p.folder,
          {
            facts: p.facts.map((f) => ({ ...f, id: prefix(f.id) })),
            anti: p.anti.map((a) => ({ ...a, id: prefix(a.id) })),
          },
        ]),
      ),
    },
    outcomes: Object.assign({}, ...projects.map((p) => p.outcomes)) as Record<string, OutcomeLabel>,
    classes: Object.fromEntries(projects.map((p) => [p.folder, p.plants])),
  };
}
