/** The sets `npm run eval:knowledge`, the bench and the test score: the labelled fixtures and generated sets. */
import { generatedSet } from "../../test/factories/eval/generated-set";
import { fixtureSet, type LabelledSet } from "./labelled-set";

/** Three seeds: each picks other tools, names and wording for every planted class. */
export const DEFAULT_SEEDS = [1, 2, 3];

export function evaluationSets(seeds: readonly number[] = DEFAULT_SEEDS): LabelledSet[] {
  return [fixtureSet(), ...seeds.map(generatedSet)];
}
