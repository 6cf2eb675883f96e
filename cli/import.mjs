// @ts-check
import os from "node:os";
import { formatBytes } from "../lib/upload/format-bytes";
import { AGENTS, EXPECTED, homeFolders } from "../lib/walk/agents";
import { batchOf, planBatches } from "../lib/walk/batch";
import { resolveServer, statePath } from "./config.mjs";
import { CliError } from "./errors.mjs";
import { plural } from "./format.mjs";
import { ServerError, uploadFiles } from "./http.mjs";
import { createProgress } from "./progress.mjs";
import { isUnchanged, loadState, markUploaded, saveState } from "./state.mjs";
import { Tally } from "./tally.mjs";
import { findSource } from "./walk.mjs";

/** @typedef {import("./args.mjs").Options} Options */
/** @typedef {import("../lib/walk/batch").Batch} Batch */
/** @typedef {import("./walk.mjs").Source} Source */

/** @param {string} line */
const out = (line) => process.stdout.write(`${line}\n`);
/** @param {string} line */
const err = (line) => process.stderr.write(`${line}\n`);

/** @param {Source} source */
function describeSource(source) {
  const files = source.groups.reduce((n, g) => n + g.files.length, 0);
  const bytes = source.groups.reduce((n, g) => n + g.files.reduce((m, f) => m + f.size, 0), 0);
  const size = `${plural(files, "file")}, ${formatBytes(bytes)}`;
  if (source.kind === "acos") {
    const from = source.projectFrom === "--project" ? "from --project" : "the folder that contains .claude/; --project changes it";
    return `ACOS trajectories in ${source.dir} (${size}) → project "${source.project}" (${from}).`;
  }
  const sessions = source.groups.filter((g) => g.session).length;
  const folders = source.folders.length > 0 ? ` in ${plural(source.folders.length, "project folder")}` : "";
  return `${AGENTS[source.kind].name} sessions in ${source.root}: ${plural(sessions, "session")}${folders} (${size}).`;
}

/**
 * `starlight import <dir>`: uploads every new or changed file in batches, then prints a summary.
 * @param {string} dir
 * @param {Options} options
 * @returns {Promise<number>} the exit code
 */
export async function runImport(dir, options) {
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
    out(`Dry run: would send ${plural(total.files, "file")} (${formatBytes(total.bytes)}) in ${plural(batches.length, "request")} to ${server.url}${skipped ? `; ${skipped}` : ""}.`);
    for (const group of pending) out(`  ${group.label}${group.subagents > 0 ? ` + ${plural(group.subagents, "sub-agent")} (${plural(group.files.length, "file")})` : ""}`);
    return 0;
  }

  const tally = new Tally();
  const progress = createProgress(total);
  /** @type {Batch[]} */
  const queue = [...batches];
  try {
    for (let batch = queue.shift(); batch; batch = queue.shift()) {
      try {
        const report = await uploadFiles(server, batch.groups.flatMap((g) => g.files), { project: source.project });
        markUploaded(state, server.url, tally.add(batch.groups, report));
        saveState(stateFile, state);
      } catch (error) {
        if (!(error instanceof ServerError && error.status === 413)) throw error;
        // Too large for the server: send the sessions one by one; a single session over the limit is reported.
        if (batch.groups.length > 1) {
          queue.unshift(...batch.groups.map((g) => batchOf([g])));
          continue;
        }
        tally.failed.push(`${batch.groups[0]?.label ?? "?"}: ${error.message}`);
      }
      progress.advance(batch.files, batch.bytes);
    }
  } catch (error) {
    progress.stop();
    if (tally.requests > 0) for (const line of tally.summary(server.url)) out(line);
    throw error;
  }
  progress.stop();

  for (const line of tally.summary(server.url)) out(line);
  if (skipped) out(`${skipped}.`);
  for (const line of tally.problemLines()) err(line);
  return tally.hasProblems ? 1 : 0;
}

/**
 * `starlight import` with no folder: every agent history folder found in the home folder (~/.claude/projects,
 * ~/.codex, …), imported one after the other; the exit code is the worst of theirs.
 * @param {Options} options
 * @returns {Promise<number>}
 */
export async function runImportHome(options) {
  const folders = await homeFolders(os.homedir());
  if (folders.length === 0) throw new CliError(`found no agent history in ${os.homedir()}: expected ${EXPECTED}; name a folder: starlight import <dir>`);
  out(`Found ${folders.map((f) => `${f.name} (${f.dir})`).join(", ")}.`);
  let code = 0;
  for (const folder of folders) code = Math.max(code, await runImport(folder.dir, options));
  return code;
}
