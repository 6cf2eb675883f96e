import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/http/errors";
import { buildZip } from "@/test/fuzz/zip-inputs";
import { expandArchives, isJunkEntry } from "./archive";

const zip = zipSync({
  "-Users-me-app/abc.jsonl": strToU8('{"type":"summary"}\n'),
  "-Users-me-app/abc/subagents/agent-1.jsonl": strToU8("{}\n"),
  "__MACOSX/-Users-me-app/._abc.jsonl": strToU8("junk"),
  ".DS_Store": strToU8("junk"),
});

describe("expandArchives", () => {
  it("replaces a zip by its entries, keeping their paths under the archive name", () => {
    const out = expandArchives([{ name: "projects.zip", content: zip }, { name: "plain.json", content: "{}" }], 1e6);
    expect(out.map((f) => f.name).sort()).toEqual(["plain.json", "projects.zip/-Users-me-app/abc.jsonl", "projects.zip/-Users-me-app/abc/subagents/agent-1.jsonl"]);
  });

  it("recognises a zip by its signature, not its name", () => {
    expect(expandArchives([{ name: "upload.bin", content: zip }], 1e6)).toHaveLength(2);
  });

  it("refuses an archive that expands past the cap with 413", () => {
    const big = zipSync({ "a.jsonl": new Uint8Array(200_000) });
    expect(() => expandArchives([{ name: "bomb.zip", content: big }], 100_000)).toThrow(ApiError);
    try {
      expandArchives([{ name: "bomb.zip", content: big }], 100_000);
    } catch (error) {
      expect((error as ApiError).status).toBe(413);
      expect((error as ApiError).message).toContain("bomb.zip");
    }
  });

  describe("archives that lie (found by fuzzing)", () => {
    const status = (content: Uint8Array, cap = 1e6) => {
      try {
        expandArchives([{ name: "liar.zip", content }], cap);
        return 200;
      } catch (error) {
        return (error as ApiError).status;
      }
    };

    it("counts a stored entry at its stored size, whatever size it declares", () => {
      const small = buildZip({ entries: [["a.jsonl", new Uint8Array(200_000)]], level: 0, lies: [{ kind: "original-size", size: 0 }] });
      expect(status(small, 100_000)).toBe(413);
    });

    it("refuses a directory that claims more entries than the archive has room for, without walking them", () => {
      const many = buildZip({ entries: [["a.jsonl", strToU8("{}")]], level: 6, lies: [{ kind: "zip64-count", count: 200_000_000, offset: 0x7fffff00 }] });
      expect(() => expandArchives([{ name: "liar.zip", content: many }], 1e9)).toThrow(/liar\.zip: not a readable zip archive \(its directory lists more entries than it holds\)/);
    });

    it("refuses an entry named __proto__ rather than dropping it", () => {
      const proto = buildZip({ entries: [["__proto__", strToU8("{}")]], level: 0, lies: [] });
      expect(() => expandArchives([{ name: "liar.zip", content: proto }], 1e6)).toThrow(/__proto__/);
      expect(status(proto)).toBe(422);
    });
  });

  it("names a corrupt archive in a 422", () => {
    const broken = zip.slice(0, 40);
    expect(() => expandArchives([{ name: "broken.zip", content: broken }], 1e6)).toThrow(/broken\.zip: not a readable zip archive/);
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
