import type {
  AdjustedDifference,
  Comparison,
  Moments,
  RuleOutcome,
  StratumCell,
  ToolStratumCell,
} from "@/lib/guidance/aggregates";
import { isSafeName } from "@/lib/guidance/safe-name";
import {
  RULE_STATES,
  STRATUM_DIMENSIONS,
  decodeStratum,
  type DimensionName,
  type GlobalRuleKey,
  type RuleStates,
} from "@/lib/guidance/strata";
import { fitCoefficient, type Cell } from "@/lib/learn/regression";
import { add, chiSquareQuantile, EMPTY_MOMENTS, MIN_GROUP, subtract } from "@/lib/learn/stats";

/**
 * Every rule's comparison, with its difference adjusted for what is fixed before the behaviour: a least-squares
 * regression over the project's stratum cells (lib/learn/regression.ts) of the outcome on one indicator per domain
 * and the behaviour tested, within one project. So a behaviour that is merely common where work goes well anyway
 * (delegation in easy domains) is compared like with like.
 *
 * The adjustment set holds only pre-treatment covariates (PRE_TREATMENT): never the other behaviours. A hidden task
 * difficulty drives session length, focus, delegation and testing together; holding one of them constant opens a
 * path through it (a collider) and can *create* an effect where there is none (docs/statistics.md#the-adjustment-set).
 * The raw difference is kept beside the adjusted one, and a rule needs both on its side (lib/guidance/rules.ts).
 *
 * - Global rules (verification, read-before-edit, delegation, session-length, focus) over all domains.
 * - Tool preference per domain; a tool whose per-domain effects agree (Cochran's Q
 *   below its 95% χ² quantile) in two or more domains is one rule pooled over them ("tool-preference:<tool>"),
 *   not one per domain.
 * - Rules about running the build or tests (verification, and shell use) are judged on the score without its
 *   verification signals, so that they never grade themselves; the others on the success score.
 */

/**
 * Behaviour dimensions held constant beside domain: none. Every stratum dimension is a behaviour of the session
 * itself; the task's size as asked is not recorded, so domain (and the project, by fitting each project alone) is
 * the whole pre-treatment set.
 */
export const PRE_TREATMENT: readonly DimensionName[] = [];

/** Tools whose use is running commands: a rule about them says "run the build or tests". */
export const SHELL_TOOLS: ReadonlySet<string> = new Set(["Bash"]);

/** One group of sessions alike in domain and behaviour, on one side of the comparison. */
interface Group {
  domain: string;
  states: Record<DimensionName, number>;
  treated: boolean;
  outcome: Moments;
}

/** A stratum cell with its states decoded (once per distillation). */
type Decoded<C extends StratumCell> = C & { states: Record<DimensionName, number> };

const outcomeOf = (cell: StratumCell, outcome: RuleOutcome) =>
  outcome === "unverified" ? cell.unverified : cell.score;
const levelsOf = (dimension: DimensionName) => STRATUM_DIMENSIONS.find((d) => d.name === dimension)!.levels.length;

/**
 * The regression over these groups: one indicator per domain, one per state (but the first) of each of
 * `covariates`, then the behaviour tested. Its degrees of freedom are at most the smaller group's less one (as
 * Welch's lower bound): a robust standard error that rests on a few sessions on one side is itself uncertain, and
 * n − parameters would overstate how much.
 */
function adjustedDifference(
  groups: readonly Group[],
  covariates: readonly DimensionName[],
  smaller: number,
): AdjustedDifference | null {
  const domains = [...new Set(groups.map((g) => g.domain))].sort();
  const domainColumn = new Map(domains.map((d, i) => [d, i]));
  const offsets: number[] = [];
  let width = domains.length;
  for (const dimension of covariates) {
    offsets.push(width);
    width += levelsOf(dimension) - 1;
  }
  const cells: Cell[] = groups.map((g) => {
    const x = new Array<number>(width + 1).fill(0);
    x[domainColumn.get(g.domain)!] = 1;
    covariates.forEach((dimension, k) => {
      const state = g.states[dimension];
      if (state > 0) x[offsets[k]! + state - 1] = 1;
    });
    x[width] = g.treated ? 1 : 0;
    return { x, n: g.outcome.n, sum: g.outcome.sum, sumSq: g.outcome.sumSq };
  });
  const fit = fitCoefficient(cells, width);
  if (!fit) return null;
  const held = (k: number) => fit.kept.some((column) => column >= offsets[k]! && column < (offsets[k + 1] ?? width));
  const adjustedFor = [
    ...(domains.length > 1 ? ["domain"] : []),
    ...STRATUM_DIMENSIONS.filter((d) => covariates.includes(d.name) && held(covariates.indexOf(d.name))).map(
      (d) => d.label,
    ),
  ];
  return { estimate: fit.estimate, se: fit.se, df: Math.min(fit.df, smaller - 1), adjustedFor };
}

function comparison(
  base: Omit<Comparison, "with" | "without" | "adjusted">,
  groups: readonly Group[],
  covariates: readonly DimensionName[],
): Comparison {
  const sum = (treated: boolean) =>
    groups.filter((g) => g.treated === treated).reduce((acc, g) => add(acc, g.outcome), EMPTY_MOMENTS);
  const [withGroup, withoutGroup] = [sum(true), sum(false)];
  const comparable = withGroup.n >= MIN_GROUP && withoutGroup.n >= MIN_GROUP;
  return {
    ...base,
    with: withGroup,
    without: withoutGroup,
    adjusted: comparable ? adjustedDifference(groups, covariates, Math.min(withGroup.n, withoutGroup.n)) : null,
  };
}

function globalComparison(key: GlobalRuleKey, cells: readonly Decoded<StratumCell>[]): Comparison {
  const rule: RuleStates = RULE_STATES[key];
  const within = Object.entries(rule.within ?? {}) as [DimensionName, readonly number[]][];
  const outcome: RuleOutcome = key === "verification" ? "unverified" : "success";
  const groups: Group[] = [];
  for (const cell of cells) {
    const state = cell.states[rule.dimension];
    const treated = rule.with.includes(state);
    if (!treated && !rule.without.includes(state)) continue;
    if (!within.every(([dimension, allowed]) => allowed.includes(cell.states[dimension]))) continue;
    groups.push({ domain: cell.domain, states: cell.states, treated, outcome: outcomeOf(cell, outcome) });
  }
  return comparison({ key, source: key, domain: null, tool: null, outcome }, groups, PRE_TREATMENT);
}

const cellKey = (c: StratumCell) => `${c.domain}\u0000${c.stratum}`;

/** The sessions of `domains` split by whether they used the tool (its cells by cellKey), cell by cell. */
function toolGroups(
  domains: readonly string[],
  byDomain: ReadonlyMap<string, Decoded<StratumCell>[]>,
  used: ReadonlyMap<string, StratumCell>,
  outcome: RuleOutcome,
): Group[] {
  const groups: Group[] = [];
  for (const domain of domains) {
    for (const cell of byDomain.get(domain) ?? []) {
      const withTool = used.get(cellKey(cell));
      const treated = withTool ? outcomeOf(withTool, outcome) : EMPTY_MOMENTS;
      if (treated.n > 0) groups.push({ domain, states: cell.states, treated: true, outcome: treated });
      const rest = subtract(outcomeOf(cell, outcome), treated);
      if (rest.n > 0) groups.push({ domain, states: cell.states, treated: false, outcome: rest });
    }
  }
  return groups;
}

/** Do the per-domain estimates agree? Cochran's Q against the 95% quantile of χ² with (domains − 1) df. */
function homogeneous(estimates: readonly AdjustedDifference[]): boolean {
  if (estimates.some((e) => !(e.se > 0))) return false;
  const weights = estimates.map((e) => 1 / (e.se * e.se));
  const total = weights.reduce((a, b) => a + b, 0);
  const pooled = estimates.reduce((s, e, i) => s + weights[i]! * e.estimate, 0) / total;
  const q = estimates.reduce((s, e, i) => s + weights[i]! * (e.estimate - pooled) ** 2, 0);
  return q <= chiSquareQuantile(0.95, estimates.length - 1);
}

function toolComparisons(cells: readonly Decoded<StratumCell>[], toolCells: readonly ToolStratumCell[]): Comparison[] {
  const byDomain = new Map<string, Decoded<StratumCell>[]>();
  for (const cell of cells) {
    const list = byDomain.get(cell.domain);
    if (list) list.push(cell);
    else byDomain.set(cell.domain, [cell]);
  }
  // Each tool's cells by cellKey, and the domains it was used in.
  const usedBy = new Map<string, { cells: Map<string, StratumCell>; domains: Set<string> }>();
  for (const c of toolCells) {
    let entry = usedBy.get(c.tool);
    if (!entry) usedBy.set(c.tool, (entry = { cells: new Map(), domains: new Set() }));
    entry.cells.set(cellKey(c), c);
    entry.domains.add(c.domain);
  }
  const out: Comparison[] = [];
  for (const tool of [...usedBy.keys()].sort()) {
    const { cells: used, domains: usedIn } = usedBy.get(tool)!;
    const outcome: RuleOutcome = SHELL_TOOLS.has(tool) ? "unverified" : "success";
    const domains = [...usedIn].sort();
    const perDomain = domains.map((domain) =>
      comparison(
        { key: `tool-preference:${domain}:${tool}`, source: "tool-preference", domain, tool, outcome },
        toolGroups([domain], byDomain, used, outcome),
        PRE_TREATMENT,
      ),
    );
    const fitted = perDomain.filter((c) => c.adjusted !== null && isSafeName(c.domain ?? ""));
    if (fitted.length >= 2 && isSafeName(tool) && homogeneous(fitted.map((c) => c.adjusted!))) {
      const pooled = fitted.map((c) => c.domain!);
      out.push(
        comparison(
          { key: `tool-preference:${tool}`, source: "tool-preference", domain: null, tool, outcome },
          toolGroups(pooled, byDomain, used, outcome),
          PRE_TREATMENT,
        ),
      );
      out.push(...perDomain.filter((c) => !pooled.includes(c.domain!)));
    } else {
      out.push(...perDomain);
    }
  }
  return out;
}

/** The comparisons of every rule source over the project's stratum cells: the five global ones, then tool preference. */
export function ruleComparisons(cells: readonly StratumCell[], toolCells: readonly ToolStratumCell[]): Comparison[] {
  const decoded = cells.map((c) => ({ ...c, states: decodeStratum(c.stratum) }));
  return [
    ...(Object.keys(RULE_STATES) as GlobalRuleKey[]).map((key) => globalComparison(key, decoded)),
    ...toolComparisons(decoded, toolCells),
  ];
}
