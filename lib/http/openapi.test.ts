import { describe, expect, it } from "vitest";
import { z } from "zod";
import { MARKDOWN, NO_CONTENT } from "./answer";
import { apiRoute, areaOf, openApiDocument, openApiPath, summaryOf, type ApiRoute } from "./openapi";
import type { RouteApi } from "./route";

const handler = (api: RouteApi) => Object.assign(() => new Response(), { api });

const memoryRoute: ApiRoute = {
  path: "/api/v1/projects/[slug]/notes/[id]",
  operations: {
    PATCH: {
      doc: "Edits a note. Only its project's curators may.",
      auth: "user",
      params: z.object({ slug: z.string().min(1), id: z.coerce.number().int().positive() }),
      query: z.object({
        dryRun: z.enum(["0", "1"]).optional(),
        limit: z.coerce.number().int().default(10),
        mode: z.enum(["a", "b"]),
      }),
      body: {
        schema: z.strictObject({ content: z.string().max(50), pinned: z.boolean().default(false) }),
        example: '{"content": "Run the tests"}',
      },
      response: NO_CONTENT,
    },
    GET: {
      doc: "One note.",
      auth: "admin",
      params: z.object({ slug: z.string(), id: z.coerce.number() }),
      response: z.object({ id: z.number(), content: z.string() }),
    },
  },
};

const document = openApiDocument([
  memoryRoute,
  {
    path: "/api/v1/health",
    operations: { GET: { doc: "Readiness.", auth: "none", response: z.object({ ok: z.literal(true) }) } },
  },
  {
    path: "/api/v1/upload",
    operations: {
      POST: { doc: "Files.", auth: "user", upload: true, limit: "ingest", response: z.object({ stored: z.number() }) },
    },
  },
  {
    path: "/api/v1/notes",
    operations: {
      POST: { doc: "Adds a note.", auth: "user", response: z.object({ id: z.number() }), status: 201 },
      DELETE: { doc: "Deletes them all.", auth: "user", response: NO_CONTENT },
      GET: { doc: "Them all, as markdown.", auth: "user", response: MARKDOWN },
    },
  },
]);
const patch = document.paths["/api/v1/projects/{slug}/notes/{id}"]!.patch!;

describe("openApiDocument", () => {
  it("is OpenAPI 3.1 with paths in Next's [param] spelled as {param}, sorted", () => {
    expect(document.openapi).toBe("3.1.1");
    expect(Object.keys(document.paths)).toEqual([
      "/api/v1/health",
      "/api/v1/notes",
      "/api/v1/projects/{slug}/notes/{id}",
      "/api/v1/upload",
    ]);
    expect(Object.keys(document.paths["/api/v1/projects/{slug}/notes/{id}"]!)).toEqual(["get", "patch"]);
  });

  it("turns the params schema into required path parameters and the query schema into query parameters", () => {
    expect(patch.parameters).toEqual([
      { name: "slug", in: "path", required: true, schema: { type: "string", minLength: 1 } },
      {
        name: "id",
        in: "path",
        required: true,
        schema: { type: "integer", exclusiveMinimum: 0, maximum: Number.MAX_SAFE_INTEGER },
      },
      { name: "dryRun", in: "query", required: false, schema: { type: "string", enum: ["0", "1"] } },
      {
        name: "limit",
        in: "query",
        required: false,
        schema: { type: "integer", default: 10, minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER },
      },
      { name: "mode", in: "query", required: true, schema: { type: "string", enum: ["a", "b"] } },
    ]);
  });

  it("describes a JSON body as the caller sends it (a default makes a field optional), with its example", () => {
    expect(patch.requestBody).toEqual({
      required: true,
      content: {
        "application/json": {
          schema: {
            type: "object",
            properties: { content: { type: "string", maxLength: 50 }, pinned: { type: "boolean", default: false } },
            required: ["content"],
            additionalProperties: false,
          },
          example: { content: "Run the tests" },
        },
      },
    });
    expect(JSON.stringify(document)).not.toContain("$schema");
  });

  it("takes the summary from the doc's first sentence and keeps the whole doc as the description", () => {
    expect(patch.summary).toBe("Edits a note.");
    expect(patch.description).toBe("Edits a note. Only its project's curators may.");
    expect(patch.operationId).toBe("patchProjectsSlugNotesId");
    expect(patch.tags).toEqual(["projects"]);
  });

  it("answers with the response schema", () => {
    const get = document.paths["/api/v1/projects/{slug}/notes/{id}"]!.get!;
    expect(get.responses["200"]).toEqual({
      description: "OK",
      content: {
        "application/json": {
          schema: {
            type: "object",
            properties: { id: { type: "number" }, content: { type: "string" } },
            required: ["id", "content"],
            additionalProperties: false,
          },
        },
      },
    });
    expect(Object.keys(patch.responses).sort()).toEqual(["204", "401", "403", "404", "422", "503", "default"]);
  });

  it("answers a created resource with its status, no content with 204, and another type by its media type", () => {
    const notes = document.paths["/api/v1/notes"]!;
    expect(notes.post!.responses["201"]).toEqual({
      description: "Created",
      content: {
        "application/json": {
          schema: {
            type: "object",
            properties: { id: { type: "number" } },
            required: ["id"],
            additionalProperties: false,
          },
        },
      },
    });
    expect(notes.delete!.responses["204"]).toEqual({ description: "No content." });
    expect(notes.get!.responses["200"]).toEqual({
      description: "Markdown.",
      content: { "text/markdown": { schema: { type: "string" } } },
    });
  });

  it("lists the refusals route() answers for the spec, each in the one error shape", () => {
    expect(Object.keys(document.paths["/api/v1/health"]!.get!.responses)).toEqual(["200", "default"]);
    expect(Object.keys(document.paths["/api/v1/upload"]!.post!.responses).sort()).toEqual([
      "200",
      "401",
      "403",
      "429",
      "503",
      "default",
    ]);
    expect(document.components.schemas!.Error).toMatchObject({
      required: ["error"],
      properties: { error: { required: ["code", "message"] } },
    });
  });

  it("asks for a token or the sign-in cookie, the cookie alone for admins, nothing for public routes", () => {
    expect(patch.security).toEqual([{ bearer: [] }, { cookie: [] }]);
    expect(document.paths["/api/v1/projects/{slug}/notes/{id}"]!.get!.security).toEqual([{ cookie: [] }]);
    expect(document.paths["/api/v1/health"]!.get!.security).toEqual([]);
    expect(document.components.securitySchemes).toMatchObject({
      bearer: { type: "http", scheme: "bearer" },
      cookie: { type: "apiKey", in: "cookie", name: "starlight_session" },
    });
  });

  it("describes an upload as multipart parts or one raw file", () => {
    expect(Object.keys(document.paths["/api/v1/upload"]!.post!.requestBody!.content)).toEqual([
      "multipart/form-data",
      "application/octet-stream",
    ]);
  });

  it("groups the routes by area", () => {
    expect(document.tags).toEqual([{ name: "health" }, { name: "notes" }, { name: "projects" }, { name: "upload" }]);
  });
});

describe("apiRoute", () => {
  it("reads the spec each exported route() handler carries", () => {
    const api: RouteApi = { doc: "Readiness.", auth: "none", response: z.object({ ok: z.literal(true) }) };
    expect(apiRoute("/api/v1/health", { GET: handler(api) })).toEqual({
      path: "/api/v1/health",
      operations: { GET: api },
    });
  });

  it("refuses a method exported without a spec rather than leave it out of the description", () => {
    expect(() => apiRoute("/api/v1/mcp", { POST: () => new Response() })).toThrow(
      "POST /api/v1/mcp is not a route() handler",
    );
  });
});

describe("path helpers", () => {
  it("spell paths, areas and summaries", () => {
    expect(openApiPath("/api/v1/rules/[key]/adr")).toBe("/api/v1/rules/{key}/adr");
    expect(areaOf("/api/v1/sessions/[id]/outcome")).toBe("sessions");
    expect(summaryOf("Readiness: answers `{ ok: true }` once ready.")).toBe(
      "Readiness: answers `{ ok: true }` once ready.",
    );
    expect(summaryOf("No full stop")).toBe("No full stop");
  });
});
