import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { collectFiles } from "./collect";

const blob = (text: string) => new Blob([text]);

describe("collectFiles", () => {
  it("keeps JSON files as picked, unpacks zips by entry path and lists what it skipped", async () => {
    const zip = zipSync({
      "projects/-a/s1.jsonl": strToU8("{}\n"),
      "projects/readme.md": strToU8("#"),
      "projects/.DS_Store": strToU8("x"),
    });
    const trajectories = blob("{}");
    const seen: string[] = [];
    const { files, skipped } = await collectFiles(
      [
        { path: "acos/trajectories.jsonl", file: trajectories },
        { path: "acos/.DS_Store", file: blob("x") },
        { path: "notes.txt", file: blob("x") },
        { path: "projects.zip", file: new Blob([zip]) },
      ],
      (path) => seen.push(path),
    );
    expect(files.map((f) => f.path)).toEqual(["acos/trajectories.jsonl", "projects/-a/s1.jsonl"]);
    expect(files[0]!.file).toBe(trajectories);
    expect(await files[1]!.file.text()).toBe("{}\n");
    expect(skipped).toEqual([
      { path: "notes.txt", reason: "not a JSON or JSONL file" },
      { path: "projects.zip: projects/readme.md", reason: "not a JSON or JSONL file" },
    ]);
    expect(seen).toEqual(["projects.zip"]);
  });

  it("lists a broken zip as skipped and goes on", async () => {
    const { files, skipped } = await collectFiles([
      { path: "broken.zip", file: blob("this is not a zip file, only text pretending to be one") },
      { path: "a.json", file: blob("{}") },
    ]);
    expect(files.map((f) => f.path)).toEqual(["a.json"]);
    expect(skipped[0]).toMatchObject({ path: "broken.zip" });
    expect(skipped[0]!.reason).toMatch(/^could not be read as a zip/);
  });
});
