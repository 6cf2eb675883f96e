import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import { isPostgres, transaction, type Db } from "@/db/client";
import { statement } from "@/db/engine/statement";
import { storableText } from "../engine/storable-text";
import { sourceFiles, sources, type SourceKind } from "@/db/schema";
import type { SyncSourceResult } from "@/lib/sync/report";

/** A registered server-side folder, as the API answers it. */
export interface Source {
  id: number;
  name: string;
  kind: SourceKind;
  path: string;
  /** Project slug: required for acos; for claude-projects, an override (null = each transcript's own project). */
  project: string | null;
  createdAt: number;
  lastSyncedAt: number | null;
  lastResult: SyncSourceResult | null;
  /** Files imported so far (tracked by path, size and mtime). */
  files: number;
}

export interface NewSource {
  name: string;
  kind: SourceKind;
  path: string;
  project: string | null;
}

/** A file already imported, as recorded: skipped while its size and mtime stay the same. */
export interface ImportedFile {
  name: string;
  size: number;
  mtimeMs: number;
  project: string | null;
}

const fileCount = sql<number>`(select count(*) from ${sourceFiles} where ${sourceFiles.sourceId} = ${sources.id})`;

function select(db: Db) {
  return db
    .select({
      id: sources.id,
      name: sources.name,
      kind: sources.kind,
      path: sources.path,
      project: sources.project,
      createdAt: sources.createdAt,
      lastSyncedAt: sources.lastSyncedAt,
      lastResult: sources.lastResult,
      files: fileCount,
    })
    .from(sources);
}

const toSource = (row: Omit<Source, "lastResult"> & { lastResult: unknown }): Source => ({
  ...row,
  lastResult: (row.lastResult ?? null) as SyncSourceResult | null,
});

/** Every registered source, by name. */
export async function listSources(db: Db): Promise<Source[]> {
  return (await select(db).orderBy(asc(sources.name)).all()).map(toSource);
}

export async function getSource(db: Db, id: number): Promise<Source | null> {
  const row = await select(db).where(eq(sources.id, id)).get();
  return row ? toSource(row) : null;
}

export async function getSourceByName(db: Db, name: string): Promise<Source | null> {
  const row = await select(db).where(eq(sources.name, name)).get();
  return row ? toSource(row) : null;
}

export async function insertSource(db: Db, input: NewSource): Promise<Source> {
  const { id } = await db.insert(sources).values(input).returning({ id: sources.id }).get();
  return (await getSource(db, id))!;
}

/** Deletes a source and its imported-file state (the sessions it imported stay). False when there was none. */
export async function deleteSource(db: Db, id: number): Promise<boolean> {
  return (await db.delete(sources).where(eq(sources.id, id)).run()).changes > 0;
}

/** The files of a source already imported, by name (relative to the source's root). */
export async function importedFiles(db: Db, sourceId: number): Promise<Map<string, ImportedFile>> {
  const rows = await db
    .select({
      name: sourceFiles.name,
      size: sourceFiles.size,
      mtimeMs: sourceFiles.mtimeMs,
      project: sourceFiles.project,
    })
    .from(sourceFiles)
    .where(eq(sourceFiles.sourceId, sourceId))
    .all();
  return new Map(rows.map((r) => [r.name, r]));
}

/** A file as imported, inserted or updated (Drizzle's SQLite upsert names its conflict target's columns with their table, which PostgreSQL refuses). */
const upsertImportedFile = statement(
  `INSERT INTO source_files (source_id, name, size, mtime_ms, project, imported_at) VALUES (?, ?, ?, ?, ?, ?)
   ON CONFLICT (source_id, name) DO UPDATE SET size = excluded.size, mtime_ms = excluded.mtime_ms, project = excluded.project,
     imported_at = excluded.imported_at`,
);
/** PostgreSQL: the files (a JSON array, one per name) in one statement, their rows locked in name order. Parameters: the source, now, the files. */
const upsertImportedFiles = statement(
  `INSERT INTO source_files (source_id, name, size, mtime_ms, project, imported_at)
   SELECT CAST(? AS bigint), name, size, "mtimeMs", project, CAST(? AS bigint)
   FROM jsonb_to_recordset(CAST(? AS jsonb)) AS f(name text, size bigint, "mtimeMs" bigint, project text)
   ORDER BY name COLLATE "C"
   ON CONFLICT (source_id, name) DO UPDATE SET size = excluded.size, mtime_ms = excluded.mtime_ms, project = excluded.project,
     imported_at = excluded.imported_at`,
);

/**
 * Records files as imported (insert or update), in one transaction. On PostgreSQL, where two processes may sync one
 * source at once, in one statement that locks the rows in name order (the last of a name given twice is recorded).
 */
export async function recordImportedFiles(
  db: Db,
  sourceId: number,
  files: readonly ImportedFile[],
  now: number = Date.now(),
): Promise<void> {
  if (files.length === 0) return;
  if (isPostgres(db)) {
    const byName = new Map(
      files.map((f) => [
        storableText(f.name),
        { ...f, name: storableText(f.name), project: f.project === null ? null : storableText(f.project) },
      ]),
    );
    await upsertImportedFiles.run(db, sourceId, now, JSON.stringify([...byName.values()]));
    return;
  }
  await transaction(db, async () => {
    for (const f of files) await upsertImportedFile.run(db, sourceId, f.name, f.size, f.mtimeMs, f.project, now);
  });
}

export async function saveSyncResult(db: Db, sourceId: number, result: SyncSourceResult): Promise<void> {
  await db
    .update(sources)
    .set({ lastSyncedAt: result.finishedAt, lastResult: result })
    .where(eq(sources.id, sourceId))
    .run();
}
