import os from "node:os";
import { formatBytes } from "../lib/upload/format-bytes";
import { AGENTS, EXPECTED, homeFolders } from "../lib/walk/agents";
import { runPool } from "../lib/upload/pool";
import { planBatches, splitBatch } from "../lib/walk/batch";
import { isUnchanged } from "../lib/walk/import-state";
import { resolveServer, statePath } from "./config";
import { CliError } from "./errors";
import { plural } from "./format";
import { ServerError, uploadFiles } from "./http";
import { createProgress } from "./progress";
import { appendUploaded, compactState, loadState } from "./state";
import { Tally } from "./tally";
import { findSource } from "./walk";
import type { Options } from "./args";
import type { Batch } from "../lib/walk/batch";
import type { Source } from "./walk";

const out = (line: string) => process.stdout.write(`${line}\n`);
const err = (line: string) => process.stderr.write(`${line}\n`);
function describeSource(source: Source) {
  const files = source.groups.reduce((n, g) => n + g.files.length, 0);
  const bytes = source.groups.reduce((n, g) => n + g.files.reduce((m, f) => m + f.size, 0), 0);
  const size = `${plural(files, "file")}, ${formatBytes(bytes)}`;
  if (source.kind === "acos") {
    const from =
      source.projectFrom === "--project" ? "from --project" : "the folder that contains .claude/; --project changes it";
    return `ACOS trajectories in ${source.dir} (${size}) → project "${source.project}" (${from}).`;
  }
  const sessions = source.groups.filter((g) => g.session).length;
  const folders = source.folders.length > 0 ? ` in ${plural(source.folders.length, "project folder")}` : "";
  return `${AGENTS[source.kind].name} sessions in ${source.root}: ${plural(sessions, "session")}${folders} (${size}).`;
}

/**
 * `starlight import <dir>`: uploads every new or changed file in batches, `options.concurrency` requests at a time
 * (each batch whole: a session with its sub-agents), remembering each request's stored files as its answer
 * comes, then prints a summary.
 * @returns the exit code
 */
export async function runImport(dir: string, options: Options): Promise<number> {
  const server = resolveServer(options);
  const source = await findSource(dir, options.project);
  out(describeSource(source));

  const stateFile = statePath();
  const state = loadState(stateFile, err);
  const pending = source.groups.filter((g) => g.files.some((f) => !isUnchanged(state, server.url, f)));
  const unchanged = source.groups.filter((g) => !pending.includes(g)).reduce((n, g) => n + g.files.length, 0);
  const skipped = unchanged > 0 ? `${plural(unchanged, "file")} unchanged, skipped` : null;
  if (pending.length === 0) {
    out(`Nothing to upload: ${skipped ?? "no files found"} (state: ${stateFile}).`);
    return 0;
  }

  const batches = planBatches(pending, { maxFiles: options.batchFiles, maxBytes: options.batchBytes });
  const total = { files: batches.reduce((n, b) => n + b.files, 0), bytes: batches.reduce((n, b) => n + b.bytes, 0) };
  if (options.dryRun) {
    out(
      `Dry run: would send ${plural(total.files, "file")} (${formatBytes(total.bytes)}) in ${plural(batches.length, "request")} to ${server.url}${skipped ? `; ${skipped}` : ""}.`,
    );
    for (const group of pending)
      out(
        `  ${group.label}${group.subagents > 0 ? ` + ${plural(group.subagents, "sub-agent")} (${plural(group.files.length, "file")})` : ""}`,
      );
    return 0;
  }

  const tally = new Tally();
  const progress = createProgress(total);
  const stop = new AbortController();
  /**
   * What stopped the import (the server could not be reached, refused the token, failed): the first of them.
   */
  const failures: unknown[] = [];
  const send = async (batch: Batch) => {
    if (stop.signal.aborted) return;
    try {
      const report = await uploadFiles(
        server,
        batch.groups.flatMap((g) => g.files),
        { project: source.project },
      );
      appendUploaded(stateFile, server.url, tally.add(batch.groups, report));
    } catch (error) {
      if (!(error instanceof ServerError && error.status === 413)) {
        failures.push(error);
        stop.abort();
        return;
      }
      // Too large for the server: each half goes on its own; a single session over the limit is reported.
      const halves = splitBatch(batch);
      if (halves) {
        for (const half of halves) await send(half);
        return;
      }
      tally.failed.push(`${batch.groups[0]?.label ?? "?"}: ${error.message}`);
    }
    progress.advance(batch.files, batch.bytes);
  };
  try {
    await runPool(batches, options.concurrency, send, stop.signal);
  } finally {
    progress.stop();
    compactState(stateFile);
  }
  if (failures.length > 0) {
    if (tally.requests > 0) for (const line of tally.summary(server.url)) out(line);
    throw failures[0];
  }

  for (const line of tally.summary(server.url)) out(line);
  if (skipped) out(`${skipped}.`);
  for (const line of tally.problemLines()) err(line);
  return tally.hasProblems ? 1 : 0;
}

/**
 * `starlight import` with no folder: every agent history folder found in the home folder (~/.claude/projects,
 * ~/.codex, …), imported one after the other; the exit code is the worst of theirs.
 */
export async function runImportHome(options: Options): Promise<number> {
  const folders = await homeFolders(os.homedir(), process.env);
  if (folders.length === 0)
    throw new CliError(
      `found no agent history in ${os.homedir()}: expected ${EXPECTED}; name a folder: starlight import <dir>`,
    );
  out(`Found ${folders.map((f) => `${f.name} (${f.dir})`).join(", ")}.`);
  let code = 0;
  for (const folder of folders) code = Math.max(code, await runImport(folder.dir, options));
  return code;
}
