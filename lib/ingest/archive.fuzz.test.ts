import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-error";
import { expandArchives, isJunkEntry, leavesArchive } from "@/lib/ingest/archive";
import { memoryFile, RefusedFile } from "@/lib/ingest/named-file";
import { parseFile } from "@/lib/ingest/parse-file";
import { expectWellFormed } from "@/test/fuzz/parsed-file-contract";
import { fuzzRuns } from "@/test/fuzz/settings";
import { buildZip, zipSpec } from "@/test/fuzz/zip-inputs";

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];
type Read = { name: string; content: Uint8Array | string } | { name: string; refused: RefusedFile };
const bytesOf = (files: readonly Read[]) =>
  files.reduce(
    (n, f) => n + ("refused" in f ? 0 : typeof f.content === "string" ? f.content.length : f.content.byteLength),
    0,
  );

async function read(name: string, file: { read(): Promise<Uint8Array | string> }): Promise<Read> {
  try {
    return { name, content: await file.read() };
  } catch (error) {
    expect(error).toBeInstanceOf(RefusedFile);
    return { name, refused: error as RefusedFile };
  }
}

/**
 * Expands `zip` and reads every file, answering them (an entry is read only when asked for, so a damaged one is
 * refused then, as a file), or the status the whole archive was refused with; any other error fails the property.
 */
async function expand(zip: Uint8Array, cap: number): Promise<Read[] | number> {
  let files;
  try {
    files = expandArchives([memoryFile("upload.zip", zip)], { entryBytes: cap, totalBytes: cap });
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return (error as ApiError).status;
  }
  const out: Read[] = [];
  for (const file of files) out.push(await read(file.name, file));
  return out;
}

describe("expandArchives, fuzzed", { timeout: 60_000 }, () => {
  it("expands any archive into at most `cap` bytes of files named under it (some refused with a reason), or refuses it with 413 or 422", async () => {
    await fc.assert(
      fc.asyncProperty(
        zipSpec,
        fc.oneof(fc.integer({ min: 0, max: 2_048 }), fc.constant(1 << 20)),
        async (spec, cap) => {
          const zip = buildZip(spec);
          const out = await expand(zip, cap);
          if (typeof out === "number") {
            expect([413, 422]).toContain(out);
            return;
          }
          // An archive that does not open with a local file header (an empty one, a cut or flipped signature) is not taken for one.
          if (!ZIP_SIGNATURE.every((byte, i) => zip[i] === byte)) {
            expect(out).toEqual([{ name: "upload.zip", content: zip }]);
            return;
          }
          expect(bytesOf(out)).toBeLessThanOrEqual(cap);
          for (const file of out) {
            expect(file.name.startsWith("upload.zip/")).toBe(true);
            const path = file.name.slice("upload.zip/".length);
            if (leavesArchive(path)) expect("refused" in file && file.refused.error.field).toBe("path");
            else expect(isJunkEntry(path)).toBe(false);
            if ("refused" in file) expect(file.refused.error.message.length).toBeGreaterThan(0);
            else expectWellFormed(parseFile(file.content, file.name), file.content);
          }
          if (spec.lies.length > 0) return;
          const kept = spec.entries.filter(([name]) => leavesArchive(name) || !isJunkEntry(name));
          const content = (f: Read) => ("refused" in f ? f.refused.error.field : f.content);
          const expected = ([name, bytes]: [string, Uint8Array]) => [
            `upload.zip/${name}`,
            leavesArchive(name) ? "path" : bytes.length > cap ? null : bytes,
          ];
          expect(Object.fromEntries(out.map((f) => [f.name, content(f)]))).toEqual(
            Object.fromEntries(kept.map(expected)),
          );
        },
      ),
      fuzzRuns(400),
    );
  });

  it("refuses any bytes that open like a zip but are not one with 422, and passes every other file through", async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 1_024 }), fc.boolean(), async (tail, signed) => {
        const content = signed ? new Uint8Array([...ZIP_SIGNATURE, ...tail]) : tail;
        const out = await expand(content, 1 << 20);
        if (typeof out === "number") expect(signed && out === 422).toBe(true);
        else if (!signed) expect(out).toEqual([{ name: "upload.zip", content }]);
      }),
      fuzzRuns(300),
    );
  });
});
