/**
 * Writes lib/cost/prices.json, the price table Starlight prices tokens with, from a copy of LiteLLM's
 * model_prices_and_context_window.json (github.com/BerriAI/litellm, MIT): the chat models of Anthropic, OpenAI and
 * Google that coding agents name, in USD per million tokens.
 *
 *   npx tsx scripts/update-prices.ts <litellm.json> --version <YYYY-MM-DD> --source "<where the file came from>" [--exclude a,b]
 *
 * `--exclude` leaves out keys the copy added itself (a mirror's aliases), so every price is one LiteLLM publishes.
 */
import fs from "node:fs";
import { parseArgs } from "node:util";
import { z } from "zod";
import type { PriceTable, ModelPrice } from "../lib/cost/prices";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { version: { type: "string" }, source: { type: "string" }, exclude: { type: "string", default: "" } },
});
if (positionals.length !== 1 || !values.version || !values.source) {
  console.error(
    'usage: tsx scripts/update-prices.ts <litellm.json> --version <YYYY-MM-DD> --source "<source>" [--exclude a,b]',
  );
  process.exit(2);
}

const PREFIXES = ["claude-", "gpt-4.1", "gpt-5", "o3", "o4-mini", "codex-", "gemini-2", "gemini-3"];
/** Models agents do not run on: media, speech, search and embedding variants. */
const NOT_AGENT_MODELS = /image|tts|audio|embedding|live|native|computer-use|search|deep-research|robotics|-v\d:\d$/;

const perToken = z.number().nonnegative().optional();
const entry = z.looseObject({
  mode: z.string().optional(),
  input_cost_per_token: perToken,
  output_cost_per_token: perToken,
  cache_read_input_token_cost: perToken,
  cache_creation_input_token_cost: perToken,
  cache_creation_input_token_cost_above_1hr: perToken,
  output_cost_per_reasoning_token: perToken,
});

const perMillion = (usd: number | undefined) => (usd === undefined ? null : Math.round(usd * 1e6 * 1e6) / 1e6);
const excluded = new Set(values.exclude.split(",").filter(Boolean));
const source = z.record(z.string(), z.unknown()).parse(JSON.parse(fs.readFileSync(positionals[0]!, "utf8")));

const models: Record<string, ModelPrice> = {};
for (const key of Object.keys(source).sort()) {
  if (excluded.has(key) || key.includes("/") || !PREFIXES.some((p) => key.startsWith(p)) || NOT_AGENT_MODELS.test(key))
    continue;
  const parsed = entry.safeParse(source[key]);
  if (!parsed.success || !["chat", "responses"].includes(parsed.data.mode ?? "")) continue;
  const e = parsed.data;
  if (e.input_cost_per_token === undefined || e.output_cost_per_token === undefined) continue;
  models[key] = {
    input: perMillion(e.input_cost_per_token)!,
    output: perMillion(e.output_cost_per_token)!,
    cacheRead: perMillion(e.cache_read_input_token_cost),
    cacheWrite: perMillion(e.cache_creation_input_token_cost),
    cacheWriteHour: perMillion(e.cache_creation_input_token_cost_above_1hr),
    reasoning: perMillion(e.output_cost_per_reasoning_token),
  };
}

const table: PriceTable = { version: values.version, source: values.source, unit: "USD per million tokens", models };
fs.writeFileSync("lib/cost/prices.json", `${JSON.stringify(table, null, 2)}\n`);
console.log(`lib/cost/prices.json: ${Object.keys(models).length} models, version ${values.version}`);
