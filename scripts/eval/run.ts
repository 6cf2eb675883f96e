/**
 * The knowledge evaluation on one database (docs/knowledge-eval.md): imports each labelled set through the library
 * ingest that `starlight import`'s uploads reach (`ingestFiles`, no project named, so each transcript's project
 * comes from its cwd as for a user), renders for each gold project the guidance its SessionStart hook receives
 * (`hook-json` within the hook's default budget, as `starlight guidance --hook` asks for it, without a session so
 * no experiment arm withholds it), and scores it and the sessions' success scores against the gold.
 */
import type { Db } from "@/db/client";
import { getSession } from "@/db/queries/sessions";
import { knowledgeTotals, scoreProject, type KnowledgeTotals, type ProjectScore } from "@/lib/eval/score-knowledge";
import { scoreOutcomes, type OutcomeScore } from "@/lib/eval/score-outcomes";
import { budgetOf } from "@/lib/guidance/query";
import { memoryFile } from "@/lib/ingest/named-file";
import type { IngestReport } from "@/lib/ingest/report";
import { renderedGuidance } from "@/lib/server/guidance";
import { ingestFiles } from "@/lib/server/ingest";
import type { LabelledSet } from "./labelled-set";

export interface ProjectResult {
  set: string;
  /** The gold's key: the transcripts' folder under the projects root. */
  folder: string;
  /** What a generated project plants; null for the fixtures. */
  plants: string | null;
  /** The Starlight project its sessions went to; null when none was stored. */
  slug: string | null;
  /** The markdown the SessionStart hook adds to the agent's context ("" when the hook adds nothing). */
  guidance: string;
  score: ProjectScore;
}

export interface SetResult {
  name: string;
  totals: KnowledgeTotals;
  outcomes: OutcomeScore;
}

/** One planted item of a generated class, over the seeds run: in how many seeds' guidance it was found (a fact) or stated (an anti-fact). */
export interface ClassItem {
  plants: string;
  /** The item's id without its seed. */
  id: string;
  kind: "fact" | "anti";
  importance: string | null;
  found: number;
  seeds: number;
}

export interface EvalResult {
  projects: ProjectResult[];
  classes: ClassItem[];
  sets: SetResult[];
  totals: KnowledgeTotals;
  outcomes: { agree: number; total: number; wronglyFailed: number };
}

const HOOK_FORMAT = "hook-json";

/** The context a SessionStart hook gets from the project's guidance. */
async function hookContext(db: Db, slug: string | null): Promise<string> {
  if (!slug) return "";
  const rendered = await renderedGuidance(db, slug, HOOK_FORMAT, budgetOf({ format: HOOK_FORMAT }), {});
  if (!rendered) return "";
  const hook = JSON.parse(rendered.text) as { hookSpecificOutput?: { additionalContext?: string } };
  return hook.hookSpecificOutput?.additionalContext ?? "";
}

const folderOf = (name: string) => name.split("/")[0] ?? name;

/** Each folder's project: the one most of its files' sessions went to (or waited for). */
function projectsByFolder(report: IngestReport): Map<string, string> {
  const votes = new Map<string, Map<string, number>>();
  for (const file of report.files) {
    const slug = file.project ?? file.waitingFor?.project;
    if (!slug) continue;
    const folder = votes.get(folderOf(file.name)) ?? new Map<string, number>();
    folder.set(slug, (folder.get(slug) ?? 0) + 1);
    votes.set(folderOf(file.name), folder);
  }
  return new Map([...votes].map(([folder, slugs]) => [folder, [...slugs].sort((a, b) => b[1] - a[1])[0]![0]]));
}

async function successScores(db: Db, report: IngestReport): Promise<Map<string, number>> {
  const scores = new Map<string, number>();
  for (const session of report.files.flatMap((f) => f.sessions)) {
    const detail = await getSession(db, session.id);
    if (detail) scores.set(session.externalId, detail.session.successScore);
  }
  return scores;
}

async function ingest(db: Db, set: LabelledSet): Promise<IngestReport> {
  const report = await ingestFiles(
    db,
    set.files.map((f) => memoryFile(f.name, f.content)),
    null,
    async () => true,
  );
  if (report.totals.rejected > 0) throw new Error(`the ${set.name} set: ${report.totals.rejected} records rejected`);
  return report;
}

/** Generated ids are `s<seed>-<id>`: the class's own id is the rest. */
const unseeded = (id: string) => id.replace(/^s\d+-/, "");

export function byClass(projects: readonly ProjectResult[]): ClassItem[] {
  const items = new Map<string, ClassItem>();
  const count = (plants: string, id: string, kind: ClassItem["kind"], importance: string | null, found: boolean) => {
    const key = `${plants}\u0000${kind}\u0000${unseeded(id)}`;
    const item = items.get(key) ?? { plants, id: unseeded(id), kind, importance, found: 0, seeds: 0 };
    item.seeds += 1;
    if (found) item.found += 1;
    items.set(key, item);
  };
  for (const p of projects) {
    if (p.plants === null) continue;
    for (const f of p.score.facts.matched) count(p.plants, f.id, "fact", f.importance, true);
    for (const f of p.score.facts.missed) count(p.plants, f.id, "fact", f.importance, false);
    const present = new Set(p.score.anti.present.map((a) => a.anti.id));
    for (const a of p.score.anti.all) count(p.plants, a.id, "anti", null, present.has(a.id));
  }
  return [...items.values()];
}

export async function evaluate(db: Db, sets: readonly LabelledSet[]): Promise<EvalResult> {
  const reports: IngestReport[] = [];
  // Every set is stored before any guidance is read, so that a project two sets share shows what sharing does.
  for (const set of sets) reports.push(await ingest(db, set));
  const projects: ProjectResult[] = [];
  const results: SetResult[] = [];
  for (const [index, set] of sets.entries()) {
    const report = reports[index]!;
    const slugs = projectsByFolder(report);
    const scores: ProjectScore[] = [];
    for (const [folder, gold] of Object.entries(set.gold.projects)) {
      const slug = slugs.get(folder) ?? null;
      const guidance = await hookContext(db, slug);
      const score = scoreProject(gold, guidance);
      scores.push(score);
      projects.push({ set: set.name, folder, plants: set.classes?.[folder] ?? null, slug, guidance, score });
    }
    results.push({
      name: set.name,
      totals: knowledgeTotals(scores),
      outcomes: scoreOutcomes(set.outcomes, await successScores(db, report)),
    });
  }
  const sum = (f: (o: OutcomeScore) => number) => results.reduce((n, r) => n + f(r.outcomes), 0);
  return {
    projects,
    classes: byClass(projects),
    sets: results,
    totals: knowledgeTotals(projects.map((p) => p.score)),
    outcomes: { agree: sum((o) => o.agree), total: sum((o) => o.total), wronglyFailed: sum((o) => o.wronglyFailed) },
  };
}
