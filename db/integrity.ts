import path from "node:path";
import { Worker } from "node:worker_threads";
import type Database from "better-sqlite3";

/**
 * `PRAGMA quick_check`: the structure of every table and index (pages, cells, free list, column counts, NOT
 * NULL), without integrity_check's cross-check of every index entry against its row. It reads the whole file:
 * about 6 ms per MB here (3.4 s for 680 MB, a million memories).
 */

/** At most this many problems are reported: the first ones say enough. */
const MAX_PROBLEMS = 5;

/** The database file failed quick_check, or is not a database. */
export class DamagedDatabaseError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`${file} is damaged (PRAGMA quick_check: ${problems.join("; ")})`);
    this.name = "DamagedDatabaseError";
  }
}

/** What quick_check found wrong with an open database: empty when it is sound. */
export function quickCheck(client: Database.Database): string[] {
  try {
    const rows = client.pragma(`quick_check(${MAX_PROBLEMS})`) as { quick_check: string }[];
    const problems = rows.map((row) => row.quick_check);
    return problems.length === 1 && problems[0] === "ok" ? [] : problems;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === "string" && (code.startsWith("SQLITE_CORRUPT") || code === "SQLITE_NOTADB"))
      return [`${(error as Error).message} (${code})`];
    throw error;
  }
}

/** The driver's folder, found as the migrations are: from the folder the server runs in. */
const DRIVER = path.join(process.cwd(), "node_modules", "better-sqlite3");

const WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
let db;
try {
  db = new Database(workerData.file, { readonly: true, fileMustExist: true });
  const problems = db.pragma("quick_check(" + workerData.max + ")").map((row) => row.quick_check);
  parentPort.postMessage(problems.length === 1 && problems[0] === "ok" ? [] : problems);
} catch (error) {
  if (typeof error.code === "string" && (error.code.startsWith("SQLITE_CORRUPT") || error.code === "SQLITE_NOTADB")) parentPort.postMessage([error.message + " (" + error.code + ")"]);
  else throw error;
} finally {
  db?.close();
}`;

/**
 * `quickCheck` of a database file, opened read-only in a worker thread: a large file takes seconds, during which
 * the server goes on answering.
 */
export function quickCheckFile(file: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { eval: true, workerData: { file, driver: DRIVER, max: MAX_PROBLEMS } });
    worker.once("message", (problems: string[]) => resolve(problems));
    worker.once("error", reject);
    worker.once("exit", (code) => {
      if (code !== 0) reject(new Error(`the quick_check of ${file} stopped (exit code ${code})`));
    });
  });
}
