import "server-only";
import { z } from "zod";
import type { Db } from "@/db/client";
import { insertOtelEvents, upsertOtelPoints, type StoredCounts } from "@/db/queries/otel";
import { can } from "@/lib/auth/access";
import { latestPerKey, mapMetrics } from "@/lib/otlp/claude-code-metrics";
import { mapLogs, PROJECT_ATTRIBUTE } from "@/lib/otlp/claude-code";
import type { LogsRequest, MetricsRequest } from "@/lib/otlp/schema";
import { toProjectSlug } from "@/lib/project-slug";
import { actorLabel } from "@/lib/server/auth/audit";
import type { SignedIn } from "@/lib/server/auth/caller";
import { forbidden, projectFor } from "@/lib/server/auth/project-access";

/**
 * Claude Code's OpenTelemetry batches stored (docs/opentelemetry.md): each resource's project is the one its
 * `starlight.project` attribute names, else the single project the caller's token is scoped to; the caller needs the
 * ingest right there. Nothing is stored unless every resource's project is allowed.
 */

export interface Receipt extends StoredCounts {
  /** Records that are not Claude Code's (other services' logs, histograms), left out. */
  ignored: number;
}

function refuseProject(path: (string | number)[], message: string): never {
  throw new z.ZodError([
    { code: "custom", path: [...path, "resource", "attributes", PROJECT_ATTRIBUTE], message, input: undefined },
  ]);
}

/** The project id of one resource; a named project is looked up once per batch. */
function projectResolver(db: Db, caller: SignedIn) {
  const known = new Map<string, Promise<number>>();
  const scoped = caller.access.token?.projects;
  return (named: string | null, path: (string | number)[]): Promise<number> => {
    if (named === null) {
      if (!scoped || scoped.length !== 1) {
        refuseProject(
          path,
          `name the project with OTEL_RESOURCE_ATTRIBUTES=${PROJECT_ATTRIBUTE}=<slug>, or send a token scoped to one project`,
        );
      }
      return Promise.resolve(scoped[0] as number);
    }
    const slug = toProjectSlug(named);
    if (!slug) refuseProject(path, `"${named}" cannot be used as a project name: use letters or digits`);
    let found = known.get(slug);
    if (!found) known.set(slug, (found = projectFor(db, caller.access, slug, "ingest").then((p) => p.id)));
    return found;
  };
}

async function byProject<T>(
  db: Db,
  caller: SignedIn,
  resources: { project: string | null; items: T[] }[],
  pathOf: (i: number) => (string | number)[],
) {
  const resolve = projectResolver(db, caller);
  const groups = new Map<number, T[]>();
  for (const [i, resource] of resources.entries()) {
    if (resource.items.length === 0) continue;
    const projectId = await resolve(resource.project, pathOf(i));
    if (!can(caller.access, "ingest", projectId)) throw forbidden("ingest");
    groups.set(projectId, [...(groups.get(projectId) ?? []), ...resource.items]);
  }
  return groups;
}

const add = (a: StoredCounts, b: StoredCounts): StoredCounts => ({
  accepted: a.accepted + b.accepted,
  duplicates: a.duplicates + b.duplicates,
});

export async function receiveLogs(db: Db, caller: SignedIn, request: LogsRequest): Promise<Receipt> {
  const mapped = mapLogs(request);
  const resources = mapped.resources.map((r) => ({ project: r.project, items: r.events }));
  const groups = await byProject(db, caller, resources, (i) => ["resourceLogs", i]);
  let counts: StoredCounts = { accepted: 0, duplicates: 0 };
  for (const [projectId, events] of groups)
    counts = add(counts, await insertOtelEvents(db, projectId, events, actorLabel(caller)));
  return { ...counts, ignored: mapped.ignored };
}

export async function receiveMetrics(db: Db, caller: SignedIn, request: MetricsRequest): Promise<Receipt> {
  const mapped = mapMetrics(request);
  const resources = mapped.resources.map((r) => ({ project: r.project, items: r.points }));
  const groups = await byProject(db, caller, resources, (i) => ["resourceMetrics", i]);
  let counts: StoredCounts = { accepted: 0, duplicates: 0 };
  for (const [projectId, points] of groups)
    counts = add(counts, await upsertOtelPoints(db, projectId, latestPerKey(points), actorLabel(caller)));
  return { ...counts, ignored: mapped.ignored };
}
