import { describe, expect, it } from "vitest";
import { curatesAnything, mayCurate, startingProject, type Curation } from "./curation";

const admin: Curation = { projects: [{ slug: "alpha", name: "Alpha" }], global: true };
const member: Curation = {
  projects: [
    { slug: "alpha", name: "Alpha" },
    { slug: "beta", name: "Beta" },
  ],
  global: false,
};
const viewer: Curation = { projects: [], global: false };

describe("memory curation", () => {
  it("allows global memories to admins only, and projects to their curators", () => {
    expect(mayCurate(admin, null)).toBe(true);
    expect(mayCurate(member, null)).toBe(false);
    expect(mayCurate(member, "beta")).toBe(true);
    expect(mayCurate(member, "gamma")).toBe(false);
    expect(curatesAnything(viewer)).toBe(false);
    expect(curatesAnything(member)).toBe(true);
  });

  it("starts a new memory in the filtered project when allowed, else global or the first project", () => {
    expect(startingProject(member, "beta")).toBe("beta");
    expect(startingProject(member, "gamma")).toBe("alpha");
    expect(startingProject(member, undefined)).toBe("alpha");
    expect(startingProject(admin, "gamma")).toBeNull();
    expect(startingProject(admin, "alpha")).toBe("alpha");
  });
});
