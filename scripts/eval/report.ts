/** The knowledge evaluation's result as text: a table per project and totals, the misses, the guidance texts. */
import { ratio, type KnowledgeTotals } from "@/lib/eval/score-knowledge";
import type { EvalResult, ProjectResult } from "./run";

const percent = (part: number, whole: number) => {
  const r = ratio(part, whole);
  return r === null ? "–" : `${Math.round(r * 100)}%`;
};

const share = (part: number, whole: number) => `${part}/${whole} (${percent(part, whole)})`;

function row(cells: readonly string[]): string {
  return `| ${cells.join(" | ")} |`;
}

const HEAD = ["set", "project", "plants", "stored as", "facts", "important", "precision (lines)", "misleading"];

function projectRow(p: ProjectResult): string {
  const s = p.score;
  return row([
    p.set,
    p.folder,
    p.plants ?? "",
    p.slug ?? "(none)",
    share(s.facts.matched.length, s.facts.total),
    share(s.high.matched, s.high.total),
    share(s.lines.supported, s.lines.total),
    `${s.anti.present.length}/${s.anti.total}`,
  ]);
}

function totalsRow(name: string, t: KnowledgeTotals): string {
  return row([
    `**${name}**`,
    "",
    "",
    "",
    share(t.facts, t.factsTotal),
    share(t.high, t.highTotal),
    share(t.linesSupported, t.lines),
    `${t.anti}/${t.antiTotal}`,
  ]);
}

export function table(result: EvalResult): string {
  const lines = [row(HEAD), row(HEAD.map(() => "---")), ...result.projects.map(projectRow)];
  for (const set of result.sets) lines.push(totalsRow(`${set.name} total`, set.totals));
  lines.push(totalsRow("all", result.totals));
  const outcomes = result.sets.map(
    (s) =>
      `${s.name} ${s.outcomes.agree}/${s.outcomes.total} agree (${s.outcomes.wronglyFailed} success scored as failure)`,
  );
  lines.push("", `Outcomes: ${outcomes.join("; ")}; all ${result.outcomes.agree}/${result.outcomes.total}.`);
  return lines.join("\n");
}

/** Per generated class: each planted fact found, and each misleading item stated, in how many seeds. */
export function classTable(result: EvalResult): string {
  const head = ["plants", "item", "kind", "seeds"];
  const lines = [row(head), row(head.map(() => "---"))];
  for (const item of result.classes) {
    const kind = item.kind === "fact" ? `fact (${item.importance})` : "misleading";
    const verb = item.kind === "fact" ? "found" : "stated";
    lines.push(row([item.plants, item.id, kind, `${verb} in ${item.found}/${item.seeds}`]));
  }
  return lines.join("\n");
}

/** Per project: the facts missed, and the lines that state a misleading item. */
export function verboseListing(result: EvalResult): string {
  const out: string[] = [];
  for (const p of result.projects) {
    out.push(`${p.set} ${p.folder}${p.plants ? ` (${p.plants})` : ""}:`);
    for (const f of p.score.facts.missed) out.push(`  missed [${f.importance}] ${f.id}: ${f.fact}`);
    for (const { anti, lines } of p.score.anti.present) out.push(`  MISLEADING ${anti.id}: ${lines[0]!.slice(0, 160)}`);
    for (const line of p.score.lines.unsupported) out.push(`  no fact: ${line.slice(0, 160)}`);
  }
  for (const set of result.sets) {
    for (const o of set.outcomes.rows.filter((r) => !r.agrees)) {
      out.push(
        `outcome ${set.name} ${o.session} (${o.folder}): gold ${o.label}, score ${o.score === null ? "missing" : o.score.toFixed(2)}`,
      );
    }
  }
  return out.join("\n");
}

export function guidanceListing(result: EvalResult): string {
  return result.projects
    .map((p) => `----- ${p.set} ${p.folder} → ${p.slug ?? "(none)"}\n${p.guidance || "(nothing)"}`)
    .join("\n\n");
}
