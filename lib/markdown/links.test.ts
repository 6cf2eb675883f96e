import { describe, expect, it } from "vitest";
import { headingAnchors, headingSlug, isExternal, markdownLinks } from "@/lib/markdown/links";

describe("markdownLinks", () => {
  it("finds links and images with their lines, and none inside code", () => {
    const doc = [
      'See [the API](docs/api.md#errors) and ![shot](docs/images/a.png "title").',
      "`[not](a-link.md)` but [this](<other file.md>) is",
      "```md",
      "[inside](fence.md)",
      "```",
      "[last](#quick-start)",
    ].join("\n");
    expect(markdownLinks(doc)).toEqual([
      { target: "docs/api.md#errors", line: 1 },
      { target: "docs/images/a.png", line: 1 },
      { target: "other file.md", line: 2 },
      { target: "#quick-start", line: 6 },
    ]);
  });

  it("tells links that leave the repository from those that name its files", () => {
    expect(isExternal("https://github.com/gitleaks/gitleaks")).toBe(true);
    expect(isExternal("mailto:a@b.c")).toBe(true);
    expect(isExternal("docs/api.md")).toBe(false);
    expect(isExternal("#limits")).toBe(false);
  });
});

describe("headingAnchors", () => {
  it("makes GitHub's anchors: lower case, punctuation dropped, spaces hyphens, repeats numbered", () => {
    expect(headingSlug("Accounts, access and security")).toBe("accounts-access-and-security");
    expect(headingSlug("The `starlight` command: import & push")).toBe("the-starlight-command-import--push");
    expect(headingSlug("Codex CLI")).toBe("codex-cli");
    const doc = "# Title\n## Usage\n```sh\n# not a heading\n```\n## Usage\n### Ingest (ACOS)";
    expect([...headingAnchors(doc)]).toEqual(["title", "usage", "usage-1", "ingest-acos"]);
  });
});
