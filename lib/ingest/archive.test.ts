import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/http/errors";
import { buildZip } from "@/test/fuzz/zip-inputs";
import { expandArchives, isJunkEntry } from "./archive";
import { memoryFile, type NamedFile } from "./named-file";

const zip = zipSync({
  "-Users-me-app/abc.jsonl": strToU8('{"type":"summary"}\n'),
  "-Users-me-app/abc/subagents/agent-1.jsonl": strToU8("{}\n"),
  "__MACOSX/-Users-me-app/._abc.jsonl": strToU8("junk"),
  ".DS_Store": strToU8("junk"),
});

const text = (file: NamedFile) => Buffer.from(file.read()).toString();

/** What expanding `content` (named `name`) answers: the files, or the ApiError it was refused with. */
function expand(content: Uint8Array, cap = 1e6, name = "liar.zip"): NamedFile[] | ApiError {
  try {
    return expandArchives([memoryFile(name, content)], cap);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
}

/** A file that counts how much of it is read, and refuses to be read whole. */
function watched(name: string, bytes: Uint8Array) {
  const seen = { sliced: 0 };
  const file: NamedFile = {
    name,
    size: bytes.length,
    slice: (start, end) => {
      const part = bytes.subarray(start, end);
      seen.sliced += part.length;
      return part;
    },
    read: () => {
      throw new Error("read whole");
    },
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
  it("replaces a zip by its entries, keeping their paths under the archive name", () => {
    const out = expandArchives([memoryFile("projects.zip", zip), memoryFile("plain.json", "{}")], 1e6);
    expect(out.map((f) => f.name).sort()).toEqual(["plain.json", "projects.zip/-Users-me-app/abc.jsonl", "projects.zip/-Users-me-app/abc/subagents/agent-1.jsonl"]);
    expect(text(out.find((f) => f.name.endsWith("abc.jsonl"))!)).toBe('{"type":"summary"}\n');
  });

  it("recognises a zip by its signature, not its name", () => {
    expect(expandArchives([memoryFile("upload.bin", zip)], 1e6)).toHaveLength(2);
  });

  it("reads an archive's directory by ranges and each entry only when that entry is read", () => {
    const deflated = zipSync({ "a.jsonl": strToU8("a".repeat(50_000)), "b.jsonl": strToU8("b".repeat(50_000)) }, { level: 0 });
    const { file, seen } = watched("big.zip", deflated);
    const out = expandArchives([file], 1e6);
    expect(out.map((f) => [f.name, f.size])).toEqual([
      ["big.zip/a.jsonl", 50_000],
      ["big.zip/b.jsonl", 50_000],
    ]);
    expect(seen.sliced).toBeLessThan(2_000);
    expect(text(out[1]!)).toBe("b".repeat(50_000));
    expect(seen.sliced).toBeGreaterThan(50_000);
  });

  it("passes a file that is no zip through untouched, without reading it whole", () => {
    const { file } = watched("plain.jsonl", strToU8('{"a":1}\n'));
    expect(expandArchives([file], 1e6)).toEqual([file]);
  });

  it("reads an archive written the zip64 way", () => {
    const out = expand(zip64("-Users-me-app/abc.jsonl", strToU8("{}\n")), 1e6, "z64.zip");
    expect(Array.isArray(out) && out.map((f) => [f.name, text(f)])).toEqual([["z64.zip/-Users-me-app/abc.jsonl", "{}\n"]]);
  });

  it("refuses an archive that expands past the cap with 413, giving the cap as the upload limit does", () => {
    const big = zipSync({ "a.jsonl": new Uint8Array(200_000) });
    expect(expand(big, 100_000, "bomb.zip")).toMatchObject({ status: 413, message: "bomb.zip: the archive expands to more than 0.1 MB." });
  });

  describe("archives that lie (found by fuzzing)", () => {
    const status = (content: Uint8Array, cap = 1e6) => {
      const out = expand(content, cap);
      return out instanceof ApiError ? out.status : 200;
    };

    it("counts a stored entry at its stored size, whatever size it declares", () => {
      const small = buildZip({ entries: [["a.jsonl", new Uint8Array(200_000)]], level: 0, lies: [{ kind: "original-size", size: 0 }] });
      expect(status(small, 100_000)).toBe(413);
    });

    it("refuses a directory that claims more entries than the archive has room for, without walking them", () => {
      const many = buildZip({ entries: [["a.jsonl", strToU8("{}")]], level: 6, lies: [{ kind: "zip64-count", count: 200_000_000, offset: 0x7fffff00 }] });
      expect(expand(many, 1e9)).toMatchObject({ status: 422, message: "liar.zip: not a readable zip archive (its directory lists more entries than it holds)." });
    });

    it("keeps an entry named __proto__ as a file like any other", () => {
      const proto = buildZip({ entries: [["__proto__", strToU8("{}")]], level: 0, lies: [] });
      const out = expand(proto);
      expect(Array.isArray(out) && out.map((f) => [f.name, text(f)])).toEqual([["liar.zip/__proto__", "{}"]]);
    });

    it("never inflates an entry past the size it declares", () => {
      const bomb = buildZip({ entries: [["a.jsonl", new Uint8Array(200_000)]], level: 6, lies: [{ kind: "original-size", size: 10 }] });
      const out = expand(bomb);
      expect(Array.isArray(out) && out[0]!.read().length).toBe(10);
    });
  });

  it("names a corrupt archive in a 422", () => {
    expect(expand(zip.slice(0, 40), 1e6, "broken.zip")).toMatchObject({ status: 422, message: expect.stringMatching(/^broken\.zip: not a readable zip archive/) });
  });

  it("refuses a directory that points past the archive's end", () => {
    const cut = zipSync({ "a.jsonl": strToU8("{}") });
    const view = new DataView(cut.buffer);
    view.setUint32(cut.length - 6, cut.length, true);
    expect(expand(cut)).toMatchObject({ status: 422, message: expect.stringMatching(/points past its own end|damaged/) });
  });

  it("names a damaged entry in a 422 when it is read", () => {
    const good = zipSync({ "a.jsonl": strToU8('{"a":1}\n'.repeat(1_000)) }, { level: 6 });
    const damaged = good.slice();
    damaged.fill(0xff, 40, 60);
    const out = expandArchives([memoryFile("d.zip", damaged)], 1e6);
    expect(() => out[0]!.read()).toThrow(/^d\.zip\/a\.jsonl: not a readable zip archive/);
    try {
      out[0]!.read();
    } catch (error) {
      expect(error).toMatchObject({ status: 422, code: "invalid_archive" });
    }
  });
});

describe("isJunkEntry", () => {
  it.each([
    ["dir/", true],
    ["__MACOSX/x.jsonl", true],
    ["a/.hidden.jsonl", true],
    ["-Users-me/abc.jsonl", false],
  ])("%s → %s", (path, junk) => expect(isJunkEntry(path)).toBe(junk));
});
