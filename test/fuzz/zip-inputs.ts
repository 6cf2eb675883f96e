import { zipSync } from "fflate";
import fc from "fast-check";
import { fileName, jsonLines } from "./json-inputs";

/**
 * Zip archives with hostile entries: names that climb out of folders, absolute and Windows paths, unicode,
 * very long names, `__proto__`; contents of any bytes; and directories that lie (entry counts and sizes that
 * do not match, a zip64 record claiming billions of entries, flipped and cut bytes).
 */

export interface ZipSpec {
  entries: [string, Uint8Array][];
  level: 0 | 6;
  lies: Lie[];
}

type Lie =
  | { kind: "entry-count"; count: number }
  | { kind: "zip64-count"; count: number; offset: number }
  | { kind: "original-size"; size: number }
  | { kind: "flip-byte"; at: number; mask: number }
  | { kind: "truncate"; at: number };

const entryName = fc.oneof(
  fileName,
  fc.constantFrom(
    "__MACOSX/._a.jsonl",
    ".DS_Store",
    "dir/",
    "../../../../tmp/evil.jsonl",
    "/abs.jsonl",
    "__proto__",
    "constructor",
    "0",
    "toString",
    "",
  ),
);
const entryContent = fc.oneof(
  fc.uint8Array({ maxLength: 512 }),
  jsonLines.map((text) => new TextEncoder().encode(text)),
);

const lie: fc.Arbitrary<Lie> = fc.oneof(
  fc.record({ kind: fc.constant("entry-count" as const), count: fc.integer({ min: 0, max: 0xffff }) }),
  fc.record({
    kind: fc.constant("zip64-count" as const),
    count: fc.integer({ min: 0, max: 0xffffffff }),
    offset: fc.integer({ min: 0, max: 0xffffffff }),
  }),
  fc.record({
    kind: fc.constant("original-size" as const),
    size: fc.oneof(fc.integer({ min: 0, max: 64 }), fc.integer({ min: 0, max: 0xffffffff })),
  }),
  fc.record({ kind: fc.constant("flip-byte" as const), at: fc.nat(), mask: fc.integer({ min: 1, max: 255 }) }),
  fc.record({ kind: fc.constant("truncate" as const), at: fc.nat() }),
);

export const zipSpec: fc.Arbitrary<ZipSpec> = fc.record({
  entries: fc.uniqueArray(fc.tuple(entryName, entryContent), { maxLength: 6, selector: ([name]) => name }),
  level: fc.constantFrom(0 as const, 6 as const),
  lies: fc.array(lie, { maxLength: 2 }),
});

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;

function lastIndexOfSignature(bytes: Uint8Array, signature: number): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = bytes.length - 4; i >= 0; i--) if (view.getUint32(i, true) === signature) return i;
  return -1;
}

function tell(zip: Uint8Array, lie: Lie): Uint8Array {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const eocd = lastIndexOfSignature(zip, EOCD);
  switch (lie.kind) {
    case "entry-count":
      if (eocd >= 0) view.setUint16(eocd + 10, lie.count, true);
      return zip;
    case "zip64-count": {
      if (eocd < 0) return zip;
      // A zip64 end record (count and directory offset as given) and its locator, just before the end record.
      const extra = new Uint8Array(76);
      const record = new DataView(extra.buffer);
      record.setUint32(0, 0x06064b50, true);
      record.setUint32(32, lie.count, true);
      record.setUint32(48, lie.offset, true);
      record.setUint32(56, 0x07064b50, true);
      record.setUint32(64, eocd, true);
      const out = new Uint8Array(zip.length + extra.length);
      out.set(zip.subarray(0, eocd));
      out.set(extra, eocd);
      out.set(zip.subarray(eocd), eocd + extra.length);
      return out;
    }
    case "original-size": {
      const central = zip.findIndex((_, i) => i + 4 <= zip.length && view.getUint32(i, true) === CENTRAL);
      if (central >= 0) view.setUint32(central + 24, lie.size, true);
      return zip;
    }
    case "flip-byte":
      if (zip.length > 0) zip[lie.at % zip.length]! ^= lie.mask;
      return zip;
    case "truncate":
      return zip.slice(0, lie.at % (zip.length + 1));
  }
}

/** fflate cannot write an entry named `__proto__`: it is written under this 9-byte stand-in, then renamed in place. */
const PROTO = "__proto__";
const STAND_IN = "\u0001\u0002\u0003\u0004\u0005\u0006\u0007\u0008\u000e";

function renameStandIn(zip: Uint8Array): Uint8Array {
  const from = new TextEncoder().encode(STAND_IN);
  const to = new TextEncoder().encode(PROTO);
  for (let i = 0; i + from.length <= zip.length; i++) if (from.every((byte, j) => zip[i + j] === byte)) zip.set(to, i);
  return zip;
}

/** The archive `spec` describes: built by fflate, then made to lie. */
export function buildZip(spec: ZipSpec): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  for (const [name, content] of spec.entries) {
    Object.defineProperty(files, name === PROTO ? STAND_IN : name, {
      value: content,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return spec.lies.reduce(tell, renameStandIn(zipSync(files, { level: spec.level })));
}
