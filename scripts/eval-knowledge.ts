/**
 * `npm run eval:knowledge`: how much of what a senior engineer would hand over the guidance an agent receives at
 * SessionStart holds, on the labelled fixture projects and on generated projects with planted truth
 * (docs/knowledge-eval.md). Imports them into a fresh SQLite database in a temp folder, scores, prints a table per
 * project and totals.
 *
 *   npm run eval:knowledge                  the table
 *   npm run eval:knowledge -- -v            and, per project, the facts missed and the lines that state an anti-fact
 *   npm run eval:knowledge -- --json        the whole result, guidance texts included, as JSON
 *   npm run eval:knowledge -- --seeds 1,2   the generated sets' seeds (default 1,2,3)
 *   npm run eval:knowledge -- --guidance    print each project's guidance text too
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { openDb } from "@/db/client";
import { DEFAULT_SEEDS, evaluationSets } from "./eval/sets";
import { classTable, guidanceListing, table, verboseListing } from "./eval/report";
import { evaluate } from "./eval/run";

const { values: flags } = parseArgs({
  options: {
    json: { type: "boolean" },
    verbose: { type: "boolean", short: "v" },
    guidance: { type: "boolean" },
    seeds: { type: "string" },
  },
});

function seeds(): number[] {
  if (!flags.seeds) return DEFAULT_SEEDS;
  const list = flags.seeds.split(",").map((s) => Number(s.trim()));
  if (list.some((n) => !Number.isInteger(n) || n < 0))
    throw new Error(`--seeds takes non-negative integers separated by commas, not "${flags.seeds}"`);
  return list;
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "starlight-eval-"));
  const db = openDb(path.join(dir, "starlight.db"));
  try {
    const result = await evaluate(db, evaluationSets(seeds()));
    if (flags.json) {
      process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
      return;
    }
    console.log(table(result));
    console.log(`\n${classTable(result)}`);
    if (flags.verbose) console.log(`\n${verboseListing(result)}`);
    if (flags.guidance) console.log(`\n${guidanceListing(result)}`);
  } finally {
    await db.$executor.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
