import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { headingAnchors, isExternal, markdownLinks } from "@/lib/markdown/links";

/** The documents a reader moves between: README, CONTRIBUTING and every page of docs/. */
const ROOT = path.resolve(import.meta.dirname, "../..");
const DOCUMENTS = [
  "README.md",
  "CONTRIBUTING.md",
  ...readdirSync(path.join(ROOT, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
];

/** Each relative link of `document` that names no file, or a heading its file does not have. */
function brokenLinks(document: string): string[] {
  const markdown = readFileSync(path.join(ROOT, document), "utf8");
  const broken: string[] = [];
  for (const { target, line } of markdownLinks(markdown)) {
    if (isExternal(target)) continue;
    const [file = "", anchor] = target.split("#", 2);
    const resolved =
      file === "" ? path.join(ROOT, document) : path.resolve(path.dirname(path.join(ROOT, document)), decodeURI(file));
    if (!existsSync(resolved)) {
      broken.push(`${document}:${line} ${target}: no such file`);
    } else if (anchor !== undefined && resolved.endsWith(".md") && statSync(resolved).isFile()) {
      if (!headingAnchors(readFileSync(resolved, "utf8")).has(anchor))
        broken.push(`${document}:${line} ${target}: no such heading`);
    }
  }
  return broken;
}

describe("links between the repository's documents", () => {
  it.each(DOCUMENTS)("%s links only to files and headings that exist", (document) => {
    expect(brokenLinks(document)).toEqual([]);
  });
});
