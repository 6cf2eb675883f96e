import "server-only";
import fs from "node:fs";
import type { Db } from "@/db/client";
import {
  deleteSource,
  getSource,
  getSourceByName,
  importedFiles,
  insertSource,
  listSources,
  recordImportedFiles,
  saveSyncResult,
  type ImportedFile,
  type Source,
} from "@/db/queries/sources";
import { readConfig } from "@/lib/config";
import { yieldToEventLoop } from "@/lib/cooperate";
import { memoryFile } from "@/lib/ingest/named-file";
import { ApiError, notFound } from "@/lib/api-error";
import {
  sumCounts,
  SyncTally,
  type SyncProjectResult,
  type SyncReport,
  type SyncSourceResult,
} from "@/lib/sync/report";
import type { SourceInput } from "@/lib/sync/schema";
import { AGENTS, findSessions } from "@/lib/walk/agents";
import { planBatches, type BatchLimits } from "@/lib/walk/batch";
import { readFound, type FileGroup } from "@/lib/walk/files";
import { ingestFiles, type NamedFile } from "./ingest";

export { listSources, getSource, type Source };

/**
 * Registers a server-side folder from a parsed API body (`{ name, path, kind?, project? }`). An ApiError (name
 * taken: 409; acos without project: 422) is answered by route().
 */
export async function registerSource(db: Db, input: SourceInput): Promise<Source> {
  // A folder holding no agent's sessions yet is taken for a Claude Code tree that will fill up.
  const kind = input.kind ?? (await findSessions(input.path))?.kind ?? "claude-projects";
  if (kind === "acos" && !input.project) {
    const message = 'an ACOS folder\'s files name no project: give a project, such as "project": "my-app"';
    throw new ApiError(422, "project_required", message, [{ field: "project", message }]);
  }
  if (await getSourceByName(db, input.name)) {
    throw new ApiError(
      409,
      "name_taken",
      `a source named "${input.name}" already exists: choose another name or delete it first`,
    );
  }
  return insertSource(db, { name: input.name, kind, path: input.path, project: input.project });
}

/** Unregisters a source (what it imported stays); throws 404 when there is none. */
export async function removeSource(db: Db, id: number): Promise<void> {
  if (!(await deleteSource(db, id))) throw notFound(`Source ${id}`);
}

/** Files per ingestFiles call while syncing: large enough to be quick, small enough to keep the server answering. */
const SYNC_BATCH: BatchLimits = { maxFiles: 200, maxBytes: 32 * 1024 * 1024 };

/** Sources are registered and synced by instance admins, who may write to (and create) any project. */
const anyProject = async () => true;

/** A source's sync result: an error with nothing read, or what the tally of its projects says. */
function sourceResult(
  source: Source,
  startedAt: number,
  outcome: { error: string } | { projects: SyncProjectResult[]; filesTooLarge: number; errors: string[] },
): SyncSourceResult {
  const tally =
    "error" in outcome
      ? { error: outcome.error, projects: [], filesTooLarge: 0, errors: [] }
      : { error: null, ...outcome };
  return {
    sourceId: source.id,
    name: source.name,
    kind: source.kind,
    path: source.path,
    startedAt,
    finishedAt: Date.now(),
    ...sumCounts(tally.projects),
    ...tally,
  };
}

async function readFiles(
  group: FileGroup[],
  tally: SyncTally,
): Promise<{ named: NamedFile[]; stats: Map<string, ImportedFile> }> {
  const named: NamedFile[] = [];
  const stats = new Map<string, ImportedFile>();
  for (const file of group.flatMap((g) => g.files)) {
    try {
      named.push(memoryFile(file.name, await readFound(file)));
      stats.set(file.name, { name: file.name, size: file.size, mtimeMs: file.mtimeMs, project: null });
    } catch (error) {
      tally.unreadable(file.name, error instanceof Error ? error.message : String(error));
    }
  }
  return { named, stats };
}

/**
 * Imports what is new in one source: walks its folder as its agent's entry does for the CLI (lib/walk; the
 * policy is in docs/walking.md), skips files whose size and mtime match the last import, and sends the rest to
 * ingestFiles in batches that keep each Claude Code session with its sub-agents. Records the result on the source.
 * The folder is walked and read with asynchronous calls and ingested in slices, so the server keeps answering.
 */
export async function syncSource(db: Db, id: number, limits: BatchLimits = SYNC_BATCH): Promise<SyncSourceResult> {
  const source = await getSource(db, id);
  if (!source) throw notFound(`Source ${id}`);
  const startedAt = Date.now();
  let root: string;
  try {
    root = await fs.promises.realpath(source.path);
    if (!(await fs.promises.stat(root)).isDirectory()) throw new Error("not a folder");
    await fs.promises.access(root, fs.constants.R_OK | fs.constants.X_OK);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const result = sourceResult(source, startedAt, { error: `${source.path} cannot be read: ${reason}` });
    await saveSyncResult(db, source.id, result);
    return result;
  }

  const groups = (await AGENTS[source.kind].find(root))?.groups ?? [];
  const known = await importedFiles(db, source.id);
  const limit = readConfig().maxBodyBytes;
  const tally = new SyncTally();
  const pending: FileGroup[] = [];
  for (const group of groups) {
    const files = group.files.filter((f) => {
      const before = known.get(f.name);
      if (before && before.size === f.size && before.mtimeMs === f.mtimeMs) {
        tally.unchanged(before.project);
        return false;
      }
      if (f.size > limit) {
        tally.tooLarge(f.name, f.size, limit);
        return false;
      }
      return true;
    });
    if (files.length > 0) pending.push({ ...group, files });
  }

  for (const batch of planBatches(pending, limits)) {
    const { named, stats } = await readFiles(batch.groups, tally);
    if (named.length === 0) continue;
    const report = await ingestFiles(db, named, source.project, anyProject, undefined, {
      userId: null,
      tokenId: null,
      label: `server folder sync (${source.name})`,
    });
    tally.ingested(report, source.project);
    const imported = report.files.flatMap((f) => {
      const stat = stats.get(f.name);
      return stat ? [{ ...stat, project: f.project ?? source.project }] : [];
    });
    await yieldToEventLoop();
    await recordImportedFiles(db, source.id, imported, Date.now());
  }

  const result = sourceResult(source, startedAt, {
    projects: tally.results(),
    filesTooLarge: tally.filesTooLarge,
    errors: tally.errors,
  });
  await saveSyncResult(db, source.id, result);
  return result;
}

/** Syncs every registered source (by name), or only `ids` when given; a missing id answers 404. */
export async function syncAll(db: Db, ids?: readonly number[]): Promise<SyncReport> {
  const targets: Source[] = [];
  if (ids) for (const id of ids) targets.push((await getSource(db, id)) ?? missing(id));
  else targets.push(...(await listSources(db)));
  const results: SyncSourceResult[] = [];
  for (const source of targets) results.push(await syncSource(db, source.id));
  return { sources: results, totals: sumCounts(results) };
}

function missing(id: number): never {
  throw notFound(`Source ${id}`);
}
