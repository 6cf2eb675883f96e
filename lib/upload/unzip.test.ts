import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { readZip } from "./unzip";

const text = (data: Uint8Array) => new TextDecoder().decode(data);

describe("readZip", () => {
  it("names each JSON or JSONL entry by its path inside the zip", async () => {
    const zip = zipSync({
      "projects/": {},
      "projects/-Users-me-app/ba79.jsonl": strToU8('{"type":"user"}\n'),
      "projects/-x/ef95/subagents/agent-a1.meta.json": [strToU8('{"agentType":"general-purpose"}'), { level: 0 }],
    });
    const { entries, skipped } = await readZip(zip);
    expect(entries.map((e) => e.path)).toEqual([
      "projects/-Users-me-app/ba79.jsonl",
      "projects/-x/ef95/subagents/agent-a1.meta.json",
    ]);
    expect(text(entries[0]!.data)).toBe('{"type":"user"}\n');
    expect(text(entries[1]!.data)).toBe('{"agentType":"general-purpose"}');
    expect(skipped).toEqual([]);
  });

  it("drops __MACOSX and dotfiles silently, and says why other files are skipped", async () => {
    const zip = zipSync({
      "__MACOSX/projects/._a.jsonl": strToU8("x"),
      "projects/.DS_Store": strToU8("x"),
      "projects/a.jsonl": strToU8("{}"),
      "projects/notes.txt": strToU8("hi"),
      "projects/inner.zip": strToU8("PK"),
    });
    const { entries, skipped } = await readZip(zip);
    expect(entries.map((e) => e.path)).toEqual(["projects/a.jsonl"]);
    expect(skipped.map((s) => s.path)).toEqual(["projects/notes.txt", "projects/inner.zip"]);
    expect(skipped[0]!.reason).toMatch(/not a JSON or JSONL file/);
  });

  it("expands in batches with a pause between them", async () => {
    const files = Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`p/${i}.jsonl`, strToU8("x".repeat(100))]));
    let pauses = 0;
    const { entries } = await readZip(zipSync(files), { batchBytes: 250, pause: async () => void pauses++ });
    expect(entries).toHaveLength(5);
    expect(pauses).toBe(3);
  });

  it("reads an empty zip", async () => {
    expect(await readZip(zipSync({}))).toEqual({ entries: [], skipped: [] });
  });

  it("rejects data that is not a zip", async () => {
    await expect(readZip(strToU8("not a zip at all, just some text that is long enough"))).rejects.toThrow();
  });
});
