// `npm run demo`: fills the configured database (STARLIGHT_DB) with generated ACOS data for three projects,
// through the same parser and storage as the ingest API. Sessions span the last 60 days, aligned to the day, so
// running it again on the same day adds nothing.
import { closeDb, getDb } from "@/db/client";
import { storeRecords } from "@/lib/server/store-records";
import { generateAcosPatterns, generateAcosTrajectories, toJsonl } from "@/test/factories/generate/acos";
import { readConfig } from "@/lib/config";
import { parseFile } from "@/lib/ingest/parse-file";

const DAY = 24 * 60 * 60 * 1000;
const start = Math.floor(Date.now() / DAY) * DAY - 60 * DAY;

const demo = [
  { slug: "web-shop", seed: 101, count: 320, effects: { delegationBoost: 0.15, scatteredPenalty: 0.2 } },
  { slug: "data-pipeline", seed: 202, count: 160, effects: { marathonPenalty: 0.2 } },
  { slug: "docs-site", seed: 303, count: 80, effects: {} },
];

async function main(): Promise<void> {
  const db = getDb();
  try {
    for (const p of demo) {
      const records = generateAcosTrajectories({
        seed: p.seed,
        count: p.count,
        start,
        spanDays: 60,
        effects: p.effects,
        idPrefix: p.slug,
      });
      const parsed = parseFile(toJsonl(records));
      const patterns = parseFile(JSON.stringify(generateAcosPatterns({ seed: p.seed, count: 25 }))).patterns;
      const stored = await storeRecords(db, p.slug, { sessions: parsed.sessions, patterns });
      console.log(
        `${p.slug.padEnd(14)} ${String(stored.accepted).padStart(4)} new, ${stored.duplicates} already there`,
      );
    }
  } finally {
    await closeDb();
  }
  console.log(
    `\nDemo data is in ${readConfig().dbPath}. Start the app with \`npm start\` and open http://localhost:3000`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
