import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { generateAcosTrajectories, toJsonl } from "@/test/factories/generate/acos";
import { memoryFile } from "@/lib/ingest/named-file";
import { ingestFiles } from "@/lib/server/ingest";
import { registerSource, syncSource } from "@/lib/server/sync";
import { transcript } from "@/test/factories/transcript";
import { turnsDuring } from "./support/event-loop";

/**
 * Turns of the event loop other requests must get while an upload is ingested or a folder synced: work that held
 * the thread from start to end would give none. How long each wait is, is measured by `npm run bench` (stalls), not
 * asserted here.
 */
const MIN_TURNS = 50;

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "starlight-event-loop-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const uuid = (batch: number, i: number) =>
  `${batch.toString(16).padStart(8, "0")}-0000-4000-8000-${i.toString(16).padStart(12, "0")}`;
const tools = (n: number) => Array.from({ length: n }, (_, i) => ["Read", "Edit", "Bash", "Grep"][i % 4]!);

describe("the server keeps answering while it ingests", () => {
  it("an upload of 12 MB of transcripts and a 2,000-trajectory ACOS file lets the event loop turn while it is stored", async () => {
    const transcripts = Array.from({ length: 40 }, (_, i) =>
      memoryFile(
        `-home-dev-loop/${uuid(1, i)}.jsonl`,
        Buffer.from(transcript(uuid(1, i), tools(300), { cwd: "/home/dev/loop" })),
      ),
    );
    const acos = memoryFile(
      "trajectories.jsonl",
      Buffer.from(toJsonl(generateAcosTrajectories({ seed: 14, count: 2_000, idPrefix: "loop" }))),
    );

    // What the first ingest of a process does once (statements prepared, code compiled) is not measured.
    const db = getDb();
    await ingestFiles(
      db,
      [memoryFile("warm-up.jsonl", toJsonl(generateAcosTrajectories({ seed: 1, count: 2, idPrefix: "warm" })))],
      "loop",
      async () => true,
    );
    const { turns, result } = await turnsDuring(() =>
      ingestFiles(db, [...transcripts, acos], "loop", async () => true),
    );

    expect(result.totals).toEqual({ accepted: 40 + 2_000, duplicates: 0, rejected: 0, waiting: 0 });
    expect(turns).toBeGreaterThanOrEqual(MIN_TURNS);
  });

  it("a sync of a 1,000-file folder lets the event loop turn while it is stored", async () => {
    const root = path.join(tmp, "projects");
    for (let folder = 0; folder < 4; folder++) {
      const dir = path.join(root, `-home-dev-sync${folder}`);
      fs.mkdirSync(dir, { recursive: true });
      for (let i = 0; i < 250; i++) {
        const id = uuid(10 + folder, i);
        fs.writeFileSync(path.join(dir, `${id}.jsonl`), transcript(id, tools(4), { cwd: `/home/dev/sync${folder}` }));
      }
    }
    const source = await registerSource(getDb(), { name: "one thousand", path: root, project: null });

    const { turns, result } = await turnsDuring(() => syncSource(getDb(), source.id));

    expect(result.error).toBeNull();
    expect(result.filesRead).toBe(1_000);
    expect(result.sessions).toBe(1_000);
    expect(turns).toBeGreaterThanOrEqual(MIN_TURNS);
  });
});
