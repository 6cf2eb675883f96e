import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/http/errors";
import { expandArchives, isJunkEntry } from "@/lib/ingest/archive";
import { memoryFile } from "@/lib/ingest/named-file";
import { parseFile } from "@/lib/ingest/parse-file";
import { expectWellFormed } from "@/test/fuzz/parsed-file-contract";
import { fuzzRuns } from "@/test/fuzz/settings";
import { buildZip, zipSpec } from "@/test/fuzz/zip-inputs";

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];
type Read = { name: string; content: Uint8Array | string };
const bytesOf = (files: readonly Read[]) => files.reduce((n, f) => n + (typeof f.content === "string" ? f.content.length : f.content.byteLength), 0);

/**
 * Expands `zip` and reads every file, answering them, or the status it was refused with (an entry is read only when
 * asked for, so a damaged one is refused then; anything but an ApiError fails the property).
 */
function expand(zip: Uint8Array, cap: number): Read[] | number {
  try {
    return expandArchives([memoryFile("upload.zip", zip)], cap).map((f) => ({ name: f.name, content: f.read() }));
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return (error as ApiError).status;
  }
}

describe("expandArchives, fuzzed", { timeout: 60_000 }, () => {
  it("expands any archive into at most `cap` bytes of files named under it, or refuses it with 413 or 422", () => {
    fc.assert(
      fc.property(zipSpec, fc.oneof(fc.integer({ min: 0, max: 2_048 }), fc.constant(1 << 20)), (spec, cap) => {
        const zip = buildZip(spec);
        const out = expand(zip, cap);
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
          expect(isJunkEntry(file.name.slice("upload.zip/".length))).toBe(false);
          expectWellFormed(parseFile(file.content, file.name), file.content);
        }
        if (spec.lies.length > 0) return;
        const kept = spec.entries.filter(([name]) => !isJunkEntry(name));
        expect(Object.fromEntries(out.map((f) => [f.name, f.content]))).toEqual(Object.fromEntries(kept.map(([name, content]) => [`upload.zip/${name}`, content])));
      }),
      fuzzRuns(400),
    );
  });

  it("refuses any bytes that open like a zip but are not one with 422, and passes every other file through", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 1_024 }), fc.boolean(), (tail, signed) => {
        const content = signed ? new Uint8Array([...ZIP_SIGNATURE, ...tail]) : tail;
        const out = expand(content, 1 << 20);
        if (typeof out === "number") expect(signed && out === 422).toBe(true);
        else if (!signed) expect(out).toEqual([{ name: "upload.zip", content }]);
      }),
      fuzzRuns(300),
    );
  });
});
