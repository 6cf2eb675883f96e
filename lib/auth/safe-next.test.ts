import { describe, expect, it } from "vitest";
import { safeNextPath } from "./safe-next";

describe("safeNextPath", () => {
  it("keeps a path on this site, with its query", () => {
    expect(safeNextPath("/projects/my-app?tab=rules")).toBe("/projects/my-app?tab=rules");
  });

  it.each([
    undefined,
    "",
    "projects",
    "https://evil.example/",
    "//evil.example",
    "/\\evil.example",
    "/\t/evil.example",
    "javascript:alert(1)",
  ])("answers / for %j", (raw) => {
    expect(safeNextPath(raw)).toBe("/");
  });

  it("takes the first of repeated parameters", () => {
    expect(safeNextPath(["/memories", "//evil.example"])).toBe("/memories");
  });
});
