import { describe, expect, it } from "vitest";
import { z } from "zod";
import { NO_CONTENT } from "./answer";
import { apiReference, typeLabel } from "./api-reference";
import { openApiDocument } from "./openapi";

const document = openApiDocument([
  {
    path: "/api/v1/notes/[id]",
    operations: {
      PUT: {
        doc: "Replaces a note. Curators only.",
        auth: "user",
        params: z.object({ id: z.coerce.number().int().positive() }),
        query: z.object({ dry: z.enum(["0", "1"]).optional() }),
        body: {
          schema: z.object({ content: z.string().max(50), tags: z.array(z.string()).optional() }),
          example: '{"content": "x"}',
        },
        response: z.object({ id: z.number(), content: z.string() }),
      },
      DELETE: {
        doc: "Deletes a note.",
        auth: "admin",
        params: z.object({ id: z.coerce.number() }),
        response: NO_CONTENT,
      },
    },
  },
  {
    path: "/api/v1/health",
    operations: { GET: { doc: "Readiness.", auth: "none", response: z.object({ ok: z.literal(true) }) } },
  },
  {
    path: "/api/v1/ingest",
    operations: {
      POST: { doc: "Stores files.", auth: "user", upload: true, response: z.object({ stored: z.number() }) },
    },
  },
]);

describe("apiReference", () => {
  const areas = apiReference(document);

  it("groups operations by area, in the description's order", () => {
    expect(areas.map((a) => [a.name, a.operations.map((o) => `${o.method} ${o.path}`)])).toEqual([
      ["health", ["GET /api/v1/health"]],
      ["ingest", ["POST /api/v1/ingest"]],
      ["notes", ["PUT /api/v1/notes/{id}", "DELETE /api/v1/notes/{id}"]],
    ]);
  });

  it("lists path, query and body fields with whether they are required and a readable type", () => {
    const put = areas[2]!.operations[0]!;
    expect(put.summary).toBe("Replaces a note.");
    expect(put.fields).toEqual([
      { name: "id", where: "path", required: true, type: "integer, > 0" },
      { name: "dry", where: "query", required: false, type: '"0" | "1"' },
      { name: "content", where: "body", required: true, type: "string, ≤ 50 chars" },
      { name: "tags", where: "body", required: false, type: "array of string" },
    ]);
    expect(put.bodyTypes).toEqual([]);
  });

  it("says who may call each operation, and names an upload's media types", () => {
    expect(areas.flatMap((a) => a.operations.map((o) => o.access))).toEqual([
      "public",
      "token or sign-in",
      "token or sign-in",
      "admin, signed in",
    ]);
    expect(areas[1]!.operations[0]!.bodyTypes).toEqual(["multipart/form-data", "application/octet-stream"]);
  });
});

describe("typeLabel", () => {
  it("reads enums, constants, unions, arrays, bounds and defaults", () => {
    expect(typeLabel({ type: "string", const: "1" })).toBe('"1"');
    expect(typeLabel({ anyOf: [{ type: "string" }, { type: "null" }] })).toBe("string | null");
    expect(typeLabel({ type: "integer", minimum: 1, maximum: 200, default: 50 })).toBe(
      "integer, ≥ 1, ≤ 200, default 50",
    );
    expect(typeLabel({ type: "integer", minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER })).toBe(
      "integer",
    );
    expect(typeLabel({ type: "string", format: "date" })).toBe("string, date");
    expect(typeLabel({})).toBe("any");
  });
});
