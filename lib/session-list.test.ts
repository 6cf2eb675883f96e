import { describe, expect, it } from "vitest";
import {
  decodeCursor,
  encodeCursor,
  parseSessionListLenient,
  sessionListQuerySchema,
  startedRange,
  type SessionCursor,
} from "./session-list";

describe("cursor codec", () => {
  it("round-trips, including fractional sort values", () => {
    const cursor: SessionCursor = { sort: "success", dir: "asc", value: 0.1 + 0.2, id: 42 };
    const text = encodeCursor(cursor);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(text)).toEqual(cursor);
  });

  it("rejects anything it did not write", () => {
    expect(decodeCursor("not-a-cursor")).toBeNull();
    expect(decodeCursor(Buffer.from('["started","desc","x",1]').toString("base64url"))).toBeNull();
    expect(decodeCursor(Buffer.from('["bogus","desc",1,1]').toString("base64url"))).toBeNull();
  });
});

describe("sessionListQuerySchema", () => {
  it("applies defaults and treats blank fields as absent", () => {
    expect(sessionListQuerySchema.parse({ category: "", q: "  ", domain: "" })).toEqual({
      sort: "started",
      dir: "desc",
      limit: 50,
    });
  });

  it("coerces the limit and checks its range", () => {
    expect(sessionListQuerySchema.parse({ limit: "10" }).limit).toBe(10);
    expect(sessionListQuerySchema.safeParse({ limit: "0" }).success).toBe(false);
    expect(sessionListQuerySchema.safeParse({ limit: "201" }).success).toBe(false);
    expect(sessionListQuerySchema.safeParse({ limit: "ten" }).success).toBe(false);
  });

  it("rejects unknown categories, sorts and malformed dates", () => {
    expect(sessionListQuerySchema.safeParse({ category: "bogus" }).success).toBe(false);
    expect(sessionListQuerySchema.safeParse({ sort: "name" }).success).toBe(false);
    expect(sessionListQuerySchema.safeParse({ from: "2025-13-01" }).success).toBe(false);
    expect(sessionListQuerySchema.safeParse({ from: "2025-03-02", to: "2025-03-01" }).success).toBe(false);
  });

  it("decodes the cursor and requires it to match the sort order", () => {
    const cursor = encodeCursor({ sort: "operations", dir: "asc", value: 7, id: 3 });
    expect(sessionListQuerySchema.parse({ sort: "operations", dir: "asc", cursor }).cursor).toEqual({
      sort: "operations",
      dir: "asc",
      value: 7,
      id: 3,
    });
    const mismatch = sessionListQuerySchema.safeParse({ sort: "started", cursor });
    expect(mismatch.success).toBe(false);
    expect(mismatch.error?.issues[0]?.path).toEqual(["cursor"]);
  });
});

describe("startedRange", () => {
  it("covers whole UTC days, the last one included", () => {
    expect(startedRange({ from: "2025-03-01", to: "2025-03-01" })).toEqual({
      from: Date.UTC(2025, 2, 1),
      to: Date.UTC(2025, 2, 2),
    });
    expect(startedRange({})).toEqual({ from: undefined, to: undefined });
  });
});

describe("parseSessionListLenient", () => {
  it("drops invalid fields, keeps the rest and names what it dropped", () => {
    const { query, ignored } = parseSessionListLenient({
      category: "bogus",
      limit: "5",
      q: ["fix", "other"],
      sort: "x",
    });
    expect(query).toEqual({ sort: "started", dir: "desc", limit: 5, q: "fix" });
    expect(ignored.sort()).toEqual(["category", "sort"]);
  });

  it("drops a cursor from another sort order", () => {
    const cursor = encodeCursor({ sort: "success", dir: "desc", value: 0.5, id: 1 });
    const { query, ignored } = parseSessionListLenient({ cursor, sort: "duration" });
    expect(query.cursor).toBeUndefined();
    expect(query.sort).toBe("duration");
    expect(ignored).toEqual(["cursor"]);
  });
});
