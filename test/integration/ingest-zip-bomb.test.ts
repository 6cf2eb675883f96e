import zlib from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { handZip, type HandEntry } from "@/test/factories/zip";
import { postFiles } from "./ingest-client";
import { turnsDuring } from "./support/event-loop";

const MB = 1024 * 1024;
/**
 * Event-loop turns other requests get while a bomb is refused: at least one between entries. How long they wait
 * is measured by `npm run bench -- --only stalls` (its zip-bomb load), not asserted here.
 */
const MIN_TURNS = 9;

/** 110 MB of zeros deflated: about 107 KB. */
const zeros = zlib.deflateRawSync(Buffer.alloc(110 * MB), { level: 9 });
const acos = (id: string) => `${JSON.stringify({ id, startedAt: "2026-01-01T00:00:00Z", successScore: 0.5 })}\n`;
const nine = (declared: number): HandEntry[] =>
  Array.from({ length: 9 }, (_, i) => ({ name: `p/${i}.jsonl`, data: zeros, method: 8, declared }));

/** Posts the archive while counting the event loop's turns and sampling the server's memory. */
async function postWatched(name: string, archive: Uint8Array) {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  try {
    const { turns, result } = await turnsDuring(() => postFiles([{ name, content: archive }], { project: "bombs" }));
    return { ...result, turns, growthMb: (Math.max(peak, process.memoryUsage().rss) - before) / MB };
  } finally {
    clearInterval(sampler);
  }
}

describe("POST /api/v1/ingest against zip bombs (the default 100 MB body limit)", () => {
  // The database, its migrations and the admin's token are made by the first request: not what is measured.
  beforeAll(async () => {
    const warm = handZip([{ name: "warm.jsonl", data: Buffer.from(acos("zip-warm")), method: 0 }]);
    expect((await postFiles([{ name: "warm.zip", content: warm }], { project: "bombs" })).status).toBe(200);
  });

  it("refuses a 1 MB zip of nine 110 MB entries file by file, without inflating them or holding the server", async () => {
    const archive = handZip(nine(110 * MB));
    expect(archive.length).toBeLessThan(1.1 * MB);
    const { status, body, turns, growthMb } = await postWatched("bomb.zip", archive);
    expect(status).toBe(422);
    expect(body.files).toHaveLength(9);
    for (const file of body.files) {
      expect(file).toMatchObject({
        rejected: 1,
        accepted: 0,
        errors: [{ line: null, field: null, message: expect.stringMatching(/more than the 100 MB limit of one file/) }],
      });
    }
    expect(body.error?.message).toMatch(/^bomb\.zip\/p\/0\.jsonl: the entry holds 110 MB, more than the 100 MB limit/);
    expect(turns).toBeGreaterThanOrEqual(MIN_TURNS);
    expect(growthMb).toBeLessThan(64);
  });

  it("stops inflating entries whose sizes lie the moment they pass the compression limit", async () => {
    // Each says 5 MB from 107 KB (49:1, like very repetitive text), and holds 110 MB of zeros.
    const archive = handZip(nine(5 * MB));
    const { status, body, turns, growthMb } = await postWatched("liar.zip", archive);
    expect(status).toBe(422);
    expect(body.files).toHaveLength(9);
    for (const file of body.files) {
      expect(file).toMatchObject({
        rejected: 1,
        errors: [
          {
            field: null,
            message: expect.stringMatching(
              /^the entry inflates more than 100:1, as zip bombs do; inflating it stopped at 1\.\d+ MB$/,
            ),
          },
        ],
      });
    }
    expect(turns).toBeGreaterThanOrEqual(MIN_TURNS);
    expect(growthMb).toBeLessThan(64);
  });

  it("reports the entries whose path leaves the archive's folder as rejected, and stores the others", async () => {
    const entry = (name: string): HandEntry => ({ name, data: Buffer.from(acos("zip-path")), method: 0 });
    const { status, body } = await postFiles(
      [{ name: "paths.zip", content: handZip([entry("../../etc/a.jsonl"), entry("/abs.jsonl"), entry("ok/t.jsonl")]) }],
      { project: "bombs" },
    );
    expect(status).toBe(207);
    expect(body.files.map((f) => [f.name, f.accepted, f.rejected, f.errors[0]?.field ?? null])).toEqual([
      ["paths.zip/../../etc/a.jsonl", 0, 1, "path"],
      ["paths.zip//abs.jsonl", 0, 1, "path"],
      ["paths.zip/ok/t.jsonl", 1, 0, null],
    ]);
    expect(body.error?.message).toContain(
      'paths.zip/../../etc/a.jsonl, field path: the entry "../../etc/a.jsonl" points outside the archive',
    );
  });
});
