import { describe, expect, it } from "vitest";
import { toProjectSlug } from "./project-slug";

describe("toProjectSlug", () => {
  it("keeps simple slugs", () => expect(toProjectSlug("my-app")).toBe("my-app"));
  it("lowercases and dashes spaces and symbols", () => expect(toProjectSlug("My App / Web!")).toBe("my-app-web"));
  it("drops accents", () => expect(toProjectSlug("Café Ünïcode")).toBe("cafe-unicode"));
  it("trims leading and trailing separators", () => expect(toProjectSlug("--.x.--")).toBe("x"));
  it("caps the length at 64", () => expect(toProjectSlug("a".repeat(100))).toHaveLength(64));
  it("returns null when nothing usable is left", () => {
    expect(toProjectSlug("")).toBeNull();
    expect(toProjectSlug("🚀🚀")).toBeNull();
    expect(toProjectSlug("<>")).toBeNull();
  });
});
