import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/http/errors";
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
