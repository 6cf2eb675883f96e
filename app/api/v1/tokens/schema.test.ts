import { describe, expect, it } from "vitest";
import { newTokenSchema } from "./schema";

describe("newTokenSchema", () => {
  it("says what to send when the projects are left out, an API caller's likeliest mistake", () => {
    const parsed = newTokenSchema.safeParse({ name: "laptop", permissions: ["ingest"] });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues).toMatchObject([
      { path: ["projects"], message: 'name the projects: "all", or a list of project slugs' },
    ]);
  });

  it("takes every project or a list of slugs", () => {
    expect(newTokenSchema.parse({ name: "ci", permissions: ["read"], projects: "all" }).projects).toBe("all");
    expect(newTokenSchema.parse({ name: "ci", permissions: ["read"], projects: ["a", "a", "b"] }).projects).toEqual([
      "a",
      "b",
    ]);
  });
});
