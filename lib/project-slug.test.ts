import { describe, expect, it } from "vitest";
import { projectName, toProjectSlug } from "./project-slug";

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

describe("projectName", () => {
  it("keeps a working folder's name as written when only its case differs from the slug", () => {
    expect(projectName("MyProject", "myproject")).toBe("MyProject");
    expect(projectName("acme-app", "acme-app")).toBe("acme-app");
  });

  it("is the slug when the hint differs otherwise, or there is none", () => {
    expect(projectName("-Users-x-shop", "users-x-shop")).toBe("users-x-shop");
    expect(projectName("My App", "my-app")).toBe("my-app");
    expect(projectName(null, "shop")).toBe("shop");
  });
});
