import "server-only";
import { sql } from "drizzle-orm";
import { type Db } from "@/db/client";
import { inScope, type ProjectScope } from "./scope";

/**
 * The cross-project matrix (docs/architecture.md#server-folders-and-the-cross-project-matrix): proven tool sequences (tool_patterns of category `pattern`) and the
 * supported rules of each project's latest guidance generation, against the projects that hold them, among
 * the projects the viewer may read. Read-only.
 */

type MatrixKind = "pattern" | "rule";

/** One project's evidence for a row. */
export interface MatrixCell {
  /** Times the sequence was used (patterns); null for rules. */
  count: number | null;
  /** Mean success 0..1 of the sessions using it (patterns); null for rules. */
  avgSuccess: number | null;
  /** The rule's one-line evidence (rules); null for patterns. */
  evidence: string | null;
}

export interface MatrixRow {
  kind: MatrixKind;
  /** The tool sequence, or the rule's key. */
  key: string;
  /** What is shown: the sequence, or the rule's instruction. */
  label: string;
  /** Project slug → its evidence. */
  cells: Record<string, MatrixCell>;
  /** Projects holding the row. */
  projectCount: number;
}

export interface FederationMatrix {
  /** Slugs of the projects with at least one row, by slug. */
  projects: string[];
  /** Rows held by the most projects first, then by total use, then by label; at most `limit`. */
  rows: MatrixRow[];
  /** Rows in all, before the limit. */
  totalRows: number;
  /** Rows held by two or more projects. */
  validatedRows: number;
}

const MATRIX_LIMIT = 100;

/** The matrix of patterns and rules against the projects in scope. */
export async function federationMatrix(
  db: Db,
  readable: ProjectScope,
  limit: number = MATRIX_LIMIT,
): Promise<FederationMatrix> {
  const patterns = await db.all<{ slug: string; sequence: string; count: number; avgSuccess: number }>(sql`
    SELECT p.slug AS slug, tp.sequence AS sequence, tp.count AS count, tp.avg_success AS "avgSuccess"
    FROM tool_patterns tp JOIN projects p ON p.id = tp.project_id
    WHERE tp.category = 'pattern' AND ${inScope(sql.raw("tp.project_id"), readable)}`);
  const rules = await db.all<{ slug: string; ruleKey: string; instruction: string; evidenceLine: string }>(sql`
    SELECT p.slug AS slug, rh.rule_key AS "ruleKey", rh.instruction AS instruction, rh.evidence_line AS "evidenceLine"
    FROM rule_history rh JOIN projects p ON p.id = rh.project_id
    WHERE rh.support = 'supported' AND ${inScope(sql.raw("rh.project_id"), readable)}
      AND rh.generation = (SELECT max(gv.generation) FROM guidance_versions gv WHERE gv.project_id = rh.project_id)`);

  const rows = new Map<string, MatrixRow>();
  const row = (kind: MatrixKind, key: string, label: string): MatrixRow => {
    const id = `${kind}\u0000${key}`;
    let r = rows.get(id);
    if (!r) {
      r = { kind, key, label, cells: {}, projectCount: 0 };
      rows.set(id, r);
    }
    return r;
  };
  for (const p of patterns)
    row("pattern", p.sequence, p.sequence).cells[p.slug] = { count: p.count, avgSuccess: p.avgSuccess, evidence: null };
  for (const r of rules)
    row("rule", r.ruleKey, r.instruction).cells[r.slug] = { count: null, avgSuccess: null, evidence: r.evidenceLine };

  const all = [...rows.values()];
  for (const r of all) r.projectCount = Object.keys(r.cells).length;
  const uses = (r: MatrixRow) => Object.values(r.cells).reduce((sum, c) => sum + (c.count ?? 0), 0);
  all.sort((a, b) => b.projectCount - a.projectCount || uses(b) - uses(a) || a.label.localeCompare(b.label));
  const shown = all.slice(0, Math.max(0, limit));
  const projects = [...new Set(shown.flatMap((r) => Object.keys(r.cells)))].sort((a, b) => a.localeCompare(b));
  return { projects, rows: shown, totalRows: all.length, validatedRows: all.filter((r) => r.projectCount >= 2).length };
}
