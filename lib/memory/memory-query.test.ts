import { describe, expect, it } from "vitest";
import {
  DEFAULT_CONFIDENCE,
  DEFAULT_LIMIT,
  memoryInputSchema,
  memoryPatchSchema,
  memorySearchSchema,
  parseMemorySearchLenient,
} from "./memory-query";

const fieldsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => issue.path.join(".")) ?? [];

describe("memorySearchSchema", () => {
  it("defaults to the first page with no filters", () => {
    expect(memorySearchSchema.parse({})).toEqual({ limit: DEFAULT_LIMIT, offset: 0 });
  });

  it("reads every parameter, treating blank ones as absent", () => {
    const search = memorySearchSchema.parse({
      q: "  read before edit ",
      project: "alpha",
      category: "error",
      tag: "Read-Before-Edit",
      minConfidence: "0.4",
      from: "2026-01-01",
      to: "2026-01-31",
      sort: "confidence",
      limit: "5",
      offset: "10",
    });
    expect(search).toEqual({
      q: "read before edit",
      project: "alpha",
      category: "error",
      tag: "read-before-edit",
      minConfidence: 0.4,
      from: "2026-01-01",
      to: "2026-01-31",
      sort: "confidence",
      limit: 5,
      offset: 10,
    });
    expect(memorySearchSchema.parse({ q: "  ", category: "", sort: "" })).toEqual({ limit: DEFAULT_LIMIT, offset: 0 });
  });

  it("reads minConfidence as a fraction or a percentage", () => {
    expect(memorySearchSchema.parse({ minConfidence: "70%" }).minConfidence).toBeCloseTo(0.7, 12);
    expect(memorySearchSchema.parse({ minConfidence: "0" }).minConfidence).toBe(0);
    expect(memorySearchSchema.parse({ minConfidence: "100%" }).minConfidence).toBe(1);
  });

  it("accepts any q, however long or strange (it is never passed raw to MATCH)", () => {
    expect(memorySearchSchema.parse({ q: "x".repeat(10_000) }).q).toHaveLength(10_000);
    expect(memorySearchSchema.parse({ q: "'; DROP TABLE memories; --" }).q).toBe("'; DROP TABLE memories; --");
  });

  it.each([
    [{ limit: "0" }, "limit"],
    [{ limit: "101" }, "limit"],
    [{ limit: "ten" }, "limit"],
    [{ offset: "-1" }, "offset"],
    [{ category: "bogus" }, "category"],
    [{ sort: "random" }, "sort"],
    [{ minConfidence: "70" }, "minConfidence"],
    [{ minConfidence: "150%" }, "minConfidence"],
    [{ minConfidence: "high" }, "minConfidence"],
    [{ tag: "two words" }, "tag"],
    [{ tag: "-leading" }, "tag"],
    [{ from: "2026-13-01" }, "from"],
    [{ from: "2026-02-01", to: "2026-01-01" }, "to"],
  ])("refuses %o, naming %s", (input, field) => {
    const result = memorySearchSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(fieldsOf(result)).toContain(field);
  });
});

describe("parseMemorySearchLenient", () => {
  it("drops and names invalid fields, keeping the rest", () => {
    const { search, ignored } = parseMemorySearchLenient({
      q: "edit",
      limit: "1000",
      category: "nope",
      tag: ["Edit", "other"],
    });
    expect(search).toEqual({ q: "edit", tag: "edit", limit: DEFAULT_LIMIT, offset: 0 });
    expect(ignored.sort()).toEqual(["category", "limit"]);
  });
});

describe("memoryInputSchema", () => {
  it("trims content and fills the defaults", () => {
    expect(memoryInputSchema.parse({ content: "  Read before edit. ", category: "pattern" })).toEqual({
      content: "Read before edit.",
      category: "pattern",
      tags: [],
      confidence: DEFAULT_CONFIDENCE,
      pinned: false,
    });
  });

  it("reads tags as an array or a comma/space separated string, lowercased, without repeats", () => {
    expect(
      memoryInputSchema.parse({ content: "x", category: "insight", tags: "Read, edit  tool-sequence,edit" }).tags,
    ).toEqual(["read", "edit", "tool-sequence"]);
    expect(memoryInputSchema.parse({ content: "x", category: "insight", tags: [" Bash ", "ns:tag_1.2"] }).tags).toEqual(
      ["bash", "ns:tag_1.2"],
    );
  });

  it("reads confidence as a number, numeric text or a percentage; pinned from form values", () => {
    expect(
      memoryInputSchema.parse({ content: "x", category: "insight", confidence: "65%", pinned: "on" }),
    ).toMatchObject({ confidence: 0.65, pinned: true });
    expect(
      memoryInputSchema.parse({ content: "x", category: "insight", confidence: "0.3", pinned: false }),
    ).toMatchObject({ confidence: 0.3, pinned: false });
  });

  it("treats a blank project as a global memory", () => {
    expect(memoryInputSchema.parse({ content: "x", category: "insight", project: " " }).project).toBeNull();
    expect(memoryInputSchema.parse({ content: "x", category: "insight", project: "alpha" }).project).toBe("alpha");
  });

  it("drops control characters, so content cannot forge highlight marks", () => {
    expect(memoryInputSchema.parse({ content: "a\u0002b\u0003c\u0000\td\ne", category: "insight" }).content).toBe(
      "abc\td\ne",
    );
  });

  it.each([
    [{ category: "insight" }, "content"],
    [{ content: "   ", category: "insight" }, "content"],
    [{ content: "x".repeat(5_001), category: "insight" }, "content"],
    [{ content: "x" }, "category"],
    [{ content: "x", category: "nope" }, "category"],
    [{ content: "x", category: "insight", confidence: 1.5 }, "confidence"],
    [{ content: "x", category: "insight", confidence: "lots" }, "confidence"],
    [{ content: "x", category: "insight", tags: "ok Bad!" }, "tags.1"],
    [{ content: "x", category: "insight", tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, "tags"],
    [{ content: "x", category: "insight", tags: [1] }, "tags.0"],
    [{ content: "x", category: "insight", pinned: "maybe" }, "pinned"],
    [{ content: "x", category: "insight", catgory: "error" }, ""],
  ])("refuses %o, naming %s", (input, field) => {
    const result = memoryInputSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(fieldsOf(result)).toContain(field);
  });

  it("names the bad tag in the message", () => {
    const result = memoryInputSchema.safeParse({ content: "x", category: "insight", tags: ["Good", "no way"] });
    expect(result.error?.issues[0]?.message).toContain('"no way" is not a tag');
  });
});

describe("memoryPatchSchema", () => {
  it("accepts any subset, without defaults", () => {
    expect(memoryPatchSchema.parse({ pinned: true })).toEqual({ pinned: true });
    expect(memoryPatchSchema.parse({ tags: "a b" })).toEqual({ tags: ["a", "b"] });
    expect(memoryPatchSchema.parse({ project: null })).toEqual({ project: null });
  });

  it("refuses an empty patch and unknown fields", () => {
    expect(memoryPatchSchema.safeParse({}).success).toBe(false);
    expect(memoryPatchSchema.safeParse({ colour: "red" }).success).toBe(false);
    expect(fieldsOf(memoryPatchSchema.safeParse({ content: "" }))).toContain("content");
  });
});
