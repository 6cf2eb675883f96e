import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-error";
import { buildZip } from "@/test/fuzz/zip-inputs";
import { handZip, zeros } from "@/test/factories/zip";
import {
  COMPRESSION_LIMIT,
  expandArchives,
  isJunkEntry,
  leavesArchive,
  MAX_ENTRIES,
  type ArchiveLimits,
} from "./archive";
import { memoryFile, RefusedFile, type NamedFile, type RangedFile } from "./named-file";

const zip = zipSync({
  "-Users-me-app/abc.jsonl": strToU8('{"type":"summary"}\n'),
  "-Users-me-app/abc/subagents/agent-1.jsonl": strToU8("{}\n"),
  "__MACOSX/-Users-me-app/._abc.jsonl": strToU8("junk"),
  ".DS_Store": strToU8("junk"),
});

const MB = 1024 * 1024;
const text = async (file: NamedFile) => Buffer.from(await file.read()).toString();
const caps = (bytes: number | ArchiveLimits) =>
  typeof bytes === "number" ? { entryBytes: bytes, totalBytes: bytes } : bytes;

/** What reading `file` answers: its content, or the reason it was refused with. */
const readOrRefusal = (file: NamedFile) =>
  file.read().catch((error: unknown) => (error instanceof RefusedFile ? error.error : Promise.reject(error)));

/** What expanding `content` (named `name`) answers: the files, or the ApiError it was refused with. */
function expand(content: Uint8Array, cap: number | ArchiveLimits = 1e6, name = "liar.zip"): NamedFile[] | ApiError {
  try {
    return expandArchives([memoryFile(name, content)], caps(cap));
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
}

/** A file that counts how much of it is read, and refuses to be read whole. */
function watched(name: string, bytes: Uint8Array) {
  const seen = { sliced: 0 };
  const file: RangedFile = {
    name,
    size: bytes.length,
    slice: (start, end) => {
      const part = bytes.subarray(start, end);
      seen.sliced += part.length;
      return part;
    },
    read: () => Promise.reject(new Error("read whole")),
  };
  return { file, seen };
}

/** A one-entry stored archive written the zip64 way: sizes and offset in the entry's zip64 field, counts in a zip64 end record. */
function zip64(name: string, content: Uint8Array): Uint8Array {
  const nameBytes = strToU8(name);
  const local = Buffer.alloc(30 + nameBytes.length);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(nameBytes.length, 26);
  local.set(nameBytes, 30);
  const central = Buffer.alloc(46 + nameBytes.length + 28);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt32LE(0xffffffff, 20);
  central.writeUInt32LE(0xffffffff, 24);
  central.writeUInt16LE(nameBytes.length, 28);
  central.writeUInt16LE(28, 30);
  central.writeUInt32LE(0xffffffff, 42);
  central.set(nameBytes, 46);
  const extra = 46 + nameBytes.length;
  central.writeUInt16LE(1, extra);
  central.writeUInt16LE(24, extra + 2);
  central.writeBigUInt64LE(BigInt(content.length), extra + 4);
  central.writeBigUInt64LE(BigInt(content.length), extra + 12);
  central.writeBigUInt64LE(0n, extra + 20);
  const directoryAt = local.length + content.length;
  const recordAt = directoryAt + central.length;
  const record = Buffer.alloc(56 + 20 + 22);
  record.writeUInt32LE(0x06064b50, 0);
  record.writeBigUInt64LE(1n, 32);
  record.writeBigUInt64LE(BigInt(directoryAt), 48);
  record.writeUInt32LE(0x07064b50, 56);
  record.writeBigUInt64LE(BigInt(recordAt), 64);
  record.writeUInt32LE(0x06054b50, 76);
  record.writeUInt16LE(0xffff, 86);
  record.writeUInt32LE(0xffffffff, 92);
  return Buffer.concat([local, content, central, record]);
}

describe("expandArchives", () => {
  it("replaces a zip by its entries, keeping their paths under the archive name", async () => {
    const out = expandArchives([memoryFile("projects.zip", zip), memoryFile("plain.json", "{}")], caps(1e6));
    expect(out.map((f) => f.name).sort()).toEqual([
      "plain.json",
      "projects.zip/-Users-me-app/abc.jsonl",
      "projects.zip/-Users-me-app/abc/subagents/agent-1.jsonl",
    ]);
    expect(await text(out.find((f) => f.name.endsWith("abc.jsonl"))!)).toBe('{"type":"summary"}\n');
  });

  it("recognises a zip by its signature, not its name", () => {
    expect(expandArchives([memoryFile("upload.bin", zip)], caps(1e6))).toHaveLength(2);
  });

  it("reads an archive's directory by ranges and each entry only when that entry is read", async () => {
    const deflated = zipSync(
      { "a.jsonl": strToU8("a".repeat(50_000)), "b.jsonl": strToU8("b".repeat(50_000)) },
      { level: 0 },
    );
    const { file, seen } = watched("big.zip", deflated);
    const out = expandArchives([file], caps(1e6));
    expect(out.map((f) => [f.name, f.size])).toEqual([
      ["big.zip/a.jsonl", 50_000],
      ["big.zip/b.jsonl", 50_000],
    ]);
    expect(seen.sliced).toBeLessThan(2_000);
    expect(await text(out[1]!)).toBe("b".repeat(50_000));
    expect(seen.sliced).toBeGreaterThan(50_000);
  });

  it("passes a file that is no zip through untouched, without reading it whole", () => {
    const { file } = watched("plain.jsonl", strToU8('{"a":1}\n'));
    expect(expandArchives([file], caps(1e6))).toEqual([file]);
  });

  it("reads an archive written the zip64 way", async () => {
    const out = expand(zip64("-Users-me-app/abc.jsonl", strToU8("{}\n")), 1e6, "z64.zip") as NamedFile[];
    expect(await Promise.all(out.map(async (f) => [f.name, await text(f)]))).toEqual([
      ["z64.zip/-Users-me-app/abc.jsonl", "{}\n"],
    ]);
  });

  it("refuses archives whose entries together expand past the request's cap with 413, giving the cap as the upload limit does", () => {
    const big = zipSync({ "a.jsonl": strToU8("a".repeat(60_000)), "b.jsonl": strToU8("b".repeat(60_000)) });
    expect(expand(big, 100_000, "bomb.zip")).toMatchObject({
      status: 413,
      message: "bomb.zip: the archive expands to more than 0.1 MB.",
    });
  });

  describe("archives that lie (found by fuzzing)", () => {
    const status = (content: Uint8Array, cap: number | ArchiveLimits = 1e6) => {
      const out = expand(content, cap);
      return out instanceof ApiError ? out.status : 200;
    };

    it("counts a stored entry at its stored size, whatever size it declares", () => {
      const small = buildZip({
        entries: [["a.jsonl", new Uint8Array(200_000)]],
        level: 0,
        lies: [{ kind: "original-size", size: 0 }],
      });
      expect(status(small, { entryBytes: 1e6, totalBytes: 100_000 })).toBe(413);
    });

    it("refuses a directory that claims more entries than the archive has room for, without walking them", () => {
      const many = buildZip({
        entries: [["a.jsonl", strToU8("{}")]],
        level: 6,
        lies: [{ kind: "zip64-count", count: 200_000_000, offset: 0x7fffff00 }],
      });
      expect(expand(many, 1e9)).toMatchObject({
        status: 422,
        message: "liar.zip: not a readable zip archive (its directory lists more entries than it holds).",
      });
    });

    it("keeps an entry named __proto__ as a file like any other", async () => {
      const proto = buildZip({ entries: [["__proto__", strToU8("{}")]], level: 0, lies: [] });
      const out = expand(proto) as NamedFile[];
      expect(await Promise.all(out.map(async (f) => [f.name, await text(f)]))).toEqual([["liar.zip/__proto__", "{}"]]);
    });

    it("refuses, as damaged, an entry that inflates past the size it declares", async () => {
      const bomb = buildZip({
        entries: [["a.jsonl", new Uint8Array(200_000)]],
        level: 6,
        lies: [{ kind: "original-size", size: 10 }],
      });
      const out = expand(bomb) as NamedFile[];
      expect(await readOrRefusal(out[0]!)).toEqual({
        line: null,
        field: null,
        message: "not a readable zip archive (it inflates past the 10 bytes it declares)",
      });
    });
  });

  it("names a corrupt archive in a 422", () => {
    expect(expand(zip.slice(0, 40), 1e6, "broken.zip")).toMatchObject({
      status: 422,
      message: expect.stringMatching(/^broken\.zip: not a readable zip archive/),
    });
  });

  it("refuses a directory that points past the archive's end", () => {
    const cut = zipSync({ "a.jsonl": strToU8("{}") });
    const view = new DataView(cut.buffer);
    view.setUint32(cut.length - 6, cut.length, true);
    expect(expand(cut)).toMatchObject({
      status: 422,
      message: expect.stringMatching(/points past its own end|damaged/),
    });
  });

  it("refuses a damaged entry when it is read, giving the reason", async () => {
    const good = zipSync({ "a.jsonl": strToU8('{"a":1}\n'.repeat(1_000)) }, { level: 6 });
    const damaged = good.slice();
    damaged.fill(0xff, 40, 60);
    const out = expandArchives([memoryFile("d.zip", damaged)], caps(1e6));
    expect(await readOrRefusal(out[0]!)).toMatchObject({
      field: null,
      message: expect.stringMatching(/^not a readable zip archive \(its compressed data is damaged/),
    });
  });
});

describe("expandArchives against zip bombs", () => {
  const limits = { entryBytes: 100 * MB, totalBytes: 1_000 * MB };

  it("refuses an entry whose declared size is over the per-file limit without inflating it, and goes on with the rest", async () => {
    const archive = handZip([zeros("bomb.jsonl", 110 * MB), { name: "ok.jsonl", data: strToU8("{}\n"), method: 0 }]);
    const { file, seen } = watched("bomb.zip", archive);
    const [bomb, ok] = expandArchives([file], limits);
    const directory = seen.sliced;
    expect(await readOrRefusal(bomb!)).toEqual({
      line: null,
      field: null,
      message:
        "the entry holds 110 MB, more than the 100 MB limit of one file (STARLIGHT_MAX_BODY_MB); it was not inflated",
    });
    expect(seen.sliced).toBe(directory);
    expect(await text(ok!)).toBe("{}\n");
  });

  it(`refuses an entry compressed more than ${COMPRESSION_LIMIT.ratio}:1 from its declared sizes, without inflating it`, async () => {
    const { file, seen } = watched("bomb.zip", handZip([zeros("bomb.jsonl", 50 * MB)]));
    const [bomb] = expandArchives([file], limits);
    const directory = seen.sliced;
    expect(await readOrRefusal(bomb!)).toMatchObject({
      message: expect.stringMatching(
        /^the entry is compressed more than 100:1 \(52428800 bytes in \d+\), as zip bombs are; it was not inflated$/,
      ),
    });
    expect(seen.sliced).toBe(directory);
  });

  it("keeps text compressed as text is, whatever its size", async () => {
    const lines = Array.from(
      { length: 40_000 },
      (_, i) => `{"id":"t-${i}","tool":"${["Read", "Edit", "Bash"][i % 3]}","at":${1_767_000_000_000 + i * 977}}\n`,
    ).join("");
    const out = expandArchives([memoryFile("t.zip", zipSync({ "t.jsonl": strToU8(lines) }, { level: 9 }))], limits);
    expect(await text(out[0]!)).toBe(lines);
  });

  it("stops inflating the moment an entry goes past the ratio its sizes promised", async () => {
    // Its records say 2 MB from 64 KB (32:1); the first 16 KB given to the inflater hold all of it (about 1,000:1).
    const liar = zeros("liar.jsonl", 2 * MB, { stored: 64 * 1024 });
    const [file] = expandArchives([memoryFile("liar.zip", handZip([liar]))], limits);
    expect(await readOrRefusal(file!)).toMatchObject({
      message: expect.stringMatching(
        /^the entry inflates more than 100:1, as zip bombs do; inflating it stopped at 1\.\d+ MB$/,
      ),
    });
  });

  it("stops inflating an entry the moment it goes past the size it declares", async () => {
    const liar = zeros("liar.jsonl", 200 * MB, { declared: 5 * MB, stored: 64 * 1024 });
    const [file] = expandArchives([memoryFile("liar.zip", handZip([liar]))], limits);
    const before = process.memoryUsage().arrayBuffers;
    expect(await readOrRefusal(file!)).toMatchObject({
      message: expect.stringMatching(/inflates more than 100:1|inflates past the 5242880 bytes it declares/),
    });
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(20 * MB);
  });

  it("counts the bytes actually inflated against the request's cap, however often an entry is read", async () => {
    const content = strToU8("x".repeat(600_000));
    const [file] = expandArchives([memoryFile("twice.zip", zipSync({ "a.jsonl": content }, { level: 0 }))], {
      entryBytes: 1 * MB,
      totalBytes: 1 * MB,
    });
    expect(Buffer.from(await file!.read()).equals(content)).toBe(true);
    expect(await readOrRefusal(file!)).toMatchObject({
      message: "the upload's archives inflate to more than 1 MB; inflating this entry stopped",
    });
  });

  it(`refuses a request whose archives list more than ${MAX_ENTRIES.toLocaleString("en")} files with 413, before reading any`, () => {
    const empties = (prefix: string) =>
      handZip(
        Array.from({ length: 60_000 }, (_, i) => ({
          name: `${prefix}/${i}.jsonl`,
          data: new Uint8Array(0),
          method: 0 as const,
        })),
      );
    const files = [memoryFile("a.zip", empties("a")), memoryFile("b.zip", empties("b"))];
    expect(() => expandArchives(files, limits)).toThrow(
      expect.objectContaining({
        status: 413,
        message: "b.zip: the upload's archives hold more than 100,000 files; send them in several requests.",
      }),
    );
  });

  it("reports an entry whose path leaves the archive's folder as refused, naming it, instead of dropping it", async () => {
    const archive = zipSync({
      "../../etc/evil.jsonl": strToU8("{}"),
      "/abs.jsonl": strToU8("{}"),
      "a/../../up.jsonl": strToU8("{}"),
      "ok/.x/../fine.jsonl": strToU8("{}"),
    });
    const out = expandArchives([memoryFile("p.zip", archive)], limits);
    expect(out.map((f) => f.name)).toEqual([
      "p.zip/../../etc/evil.jsonl",
      "p.zip//abs.jsonl",
      "p.zip/a/../../up.jsonl",
      "p.zip/ok/.x/../fine.jsonl",
    ]);
    for (const file of out) {
      const entry = file.name.slice("p.zip/".length);
      expect(await readOrRefusal(file)).toEqual({
        line: null,
        field: "path",
        message: `the entry "${entry}" points outside the archive's folder (a ".." segment or an absolute path); it was not read`,
      });
    }
  });
});

describe("leavesArchive", () => {
  it.each([
    ["../x.jsonl", true],
    ["a/../../x.jsonl", true],
    ["a\\..\\x.jsonl", true],
    ["/etc/x", true],
    ["\\share\\x", true],
    ["C:\\x.jsonl", true],
    ["c:/x.jsonl", true],
    ["a/..b/x.jsonl", false],
    ["-Users-me/abc.jsonl", false],
  ])("%s → %s", (path, leaves) => expect(leavesArchive(path)).toBe(leaves));
});

describe("isJunkEntry", () => {
  it.each([
    ["dir/", true],
    ["__MACOSX/x.jsonl", true],
    ["a/.hidden.jsonl", true],
    ["-Users-me/abc.jsonl", false],
  ])("%s → %s", (path, junk) => expect(isJunkEntry(path)).toBe(junk));
});
