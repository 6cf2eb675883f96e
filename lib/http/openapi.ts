import { z, type ZodType } from "zod";
import { contentTypesOf, isJsonAnswer, statusOf } from "./answer";
import type { AuthLevel, RouteApi } from "./route";

/** The methods a route module may export, in the order the description lists them. */
export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** One route file: its URL path as Next spells it (`/api/v1/memories/[id]`) and the spec of each method it exports. */
export interface ApiRoute {
  path: string;
  operations: Partial<Record<HttpMethod, RouteApi>>;
}

type JsonSchema = Record<string, unknown>;

interface OpenApiParameter {
  name: string;
  in: "path" | "query";
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  security: Record<string, string[]>[];
  parameters?: OpenApiParameter[];
  requestBody?: { required: true; content: Record<string, { schema: JsonSchema; example?: unknown }> };
  responses: Record<
    string,
    { $ref: string } | { description: string; content?: Record<string, { schema: JsonSchema }> }
  >;
}

export interface OpenApiDocument {
  openapi: "3.1.1";
  info: { title: string; version: string; description: string };
  tags: { name: string }[];
  paths: Record<string, Partial<Record<Lowercase<HttpMethod>, OpenApiOperation>>>;
  components: Record<string, Record<string, unknown>>;
}

/**
 * A route module's operations: every exported method is a route() handler carrying the spec it validates with.
 * A method exported some other way has no spec to describe, and is refused here rather than left out.
 */
export function apiRoute(path: string, module: Partial<Record<HttpMethod, unknown>>): ApiRoute {
  const operations: ApiRoute["operations"] = {};
  for (const method of HTTP_METHODS) {
    const handler = module[method];
    if (handler === undefined) continue;
    const api = (handler as { api?: RouteApi }).api;
    if (!api)
      throw new Error(`${method} ${path} is not a route() handler, so the API description cannot read its spec`);
    operations[method] = api;
  }
  return { path, operations };
}

/** `/api/v1/memories/[id]` → `/api/v1/memories/{id}`. */
export function openApiPath(path: string): string {
  return path.replace(/\[([^\]]+)\]/g, "{$1}");
}

/** The area a route belongs to (its first segment after /api/v1), which groups it in the description and on the page. */
export function areaOf(path: string): string {
  return path.replace(/^\/api\/v1\/?/, "").split("/")[0] || "api";
}

/** The first sentence of a route's doc. */
export function summaryOf(doc: string): string {
  const first = /^(.+?[.!?])(\s|$)/.exec(doc);
  return first ? first[1]! : doc;
}

/** The JSON Schema (2020-12, as OpenAPI 3.1 takes it) of what a caller sends: defaults make a field optional. */
function requestSchema(schema: ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  return rest;
}

function responseSchema(schema: ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: "output", unrepresentable: "any" }) as JsonSchema;
  return rest;
}

function parametersOf(schema: ZodType, where: "path" | "query"): OpenApiParameter[] {
  const json = requestSchema(schema);
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, { description, ...property }]) => ({
    name,
    in: where,
    required: where === "path" || required.has(name),
    ...(typeof description === "string" ? { description } : {}),
    schema: property,
  }));
}

type Security = Record<string, string[]>[];
const SIGNED_IN: Security = [{ bearer: [] }, { cookie: [] }];
const SECURITY: Record<AuthLevel, Security> = {
  none: [],
  setup: [],
  anonymous: [],
  user: SIGNED_IN,
  admin: [{ cookie: [] }],
};

/** The refusals route() itself answers for a spec (a handler may answer others, listed under `default`). */
function refusals(api: RouteApi): string[] {
  const statuses: string[] = [];
  if (api.auth === "user" || api.auth === "admin") statuses.push("401", "403");
  if (api.params) statuses.push("404");
  if (api.auth === "setup") statuses.push("409");
  if (api.query || api.body) statuses.push("422");
  if (api.limit || api.busy) statuses.push("429");
  if (api.auth !== "none") statuses.push("503");
  return statuses;
}

const UPLOAD_CONTENT = {
  "multipart/form-data": {
    schema: {
      type: "object",
      properties: { project: { type: "string", description: "Project to store into, when the query names none." } },
      additionalProperties: { type: "string", contentMediaType: "application/octet-stream" },
      description: "Any number of file parts (JSONL transcripts, ACOS JSON, or .zip/.tar.gz/.tgz archives of them).",
    },
  },
  "application/octet-stream": { schema: { description: "One session file, named by `?name=`." } },
};

/** The success a route answers: its JSON schema, another content type, or no body. */
function successOf(api: RouteApi): OpenApiOperation["responses"] {
  const declared = api.response;
  if (isJsonAnswer(declared)) {
    const status = api.status ?? 200;
    return {
      [status]: {
        description: status === 201 ? "Created" : "OK",
        content: { "application/json": { schema: responseSchema(declared) } },
      },
    };
  }
  const status = statusOf(declared);
  const types = contentTypesOf(declared);
  const content =
    types.length === 0
      ? {}
      : { content: Object.fromEntries(types.map((type) => [type, { schema: { type: "string" } }])) };
  return { [status]: { description: declared.description, ...content } };
}

function operationOf(method: HttpMethod, path: string, api: RouteApi): OpenApiOperation {
  const parameters = [
    ...(api.params ? parametersOf(api.params, "path") : []),
    ...(api.query ? parametersOf(api.query, "query") : []),
  ];
  const content = api.body
    ? {
        "application/json": {
          schema: requestSchema(api.body.schema),
          example: JSON.parse(api.body.example) as unknown,
        },
      }
    : api.upload
      ? UPLOAD_CONTENT
      : null;
  const success = successOf(api);
  return {
    operationId: `${method.toLowerCase()}${path.replace(/^\/api\/v1/, "").replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? "").toUpperCase())}`,
    summary: summaryOf(api.doc),
    description: api.doc,
    tags: [areaOf(path)],
    security: SECURITY[api.auth],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(content ? { requestBody: { required: true as const, content } } : {}),
    responses: {
      ...success,
      ...Object.fromEntries(refusals(api).map((status) => [status, { $ref: `#/components/responses/${status}` }])),
      default: { $ref: "#/components/responses/default" },
    },
  };
}

const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
});

const COMPONENTS = {
  securitySchemes: {
    bearer: {
      type: "http",
      scheme: "bearer",
      description: "An API token (Settings → Tokens), sent as `Authorization: Bearer <token>`.",
    },
    cookie: {
      type: "apiKey",
      in: "cookie",
      name: "starlight_session",
      description: "The sign-in cookie a browser gets when it signs in.",
    },
  },
  schemas: {
    Error: {
      type: "object",
      required: ["error"],
      properties: {
        error: {
          type: "object",
          required: ["code", "message"],
          properties: {
            code: {
              type: "string",
              description: "Stable, machine-readable: `not_found`, `invalid_request`, `rate_limited`, …",
            },
            message: { type: "string", description: "For a person to read." },
            details: { description: "Per-field problems (`[{ field, message }]`) or other structured detail." },
          },
        },
      },
    },
  },
  responses: {
    "401": errorResponse("`unauthenticated`: no valid sign-in cookie or API token."),
    "403": errorResponse(
      "`forbidden` or `cross_site`: the caller may not do this, or a browser change came from another site.",
    ),
    "404": errorResponse("`not_found`: no such resource, or one the caller may not see."),
    "409": errorResponse("`already_set_up`: this Starlight already has an admin."),
    "422": errorResponse(
      "`invalid_request`, `invalid_query` or `invalid_body`: the input failed validation; `details` names each field.",
    ),
    "429": {
      ...errorResponse(
        "`rate_limited`: too many requests from this client; `too_busy`: too many of its requests under way at once.",
      ),
      headers: {
        "Retry-After": { description: "Seconds until the client may try again.", schema: { type: "integer" } },
      },
    },
    "503": errorResponse("`setup_required` (no admin yet) or `database_unavailable`/`database_damaged`."),
    default: errorResponse("Any other failure, in the same shape."),
  },
};

/** The OpenAPI 3.1 description of the routes, built from the specs route() validates each request with. */
export function openApiDocument(routes: ApiRoute[]): OpenApiDocument {
  const sorted = [...routes].sort((a, b) => a.path.localeCompare(b.path));
  const paths: OpenApiDocument["paths"] = {};
  for (const { path, operations } of sorted) {
    const item: OpenApiDocument["paths"][string] = {};
    for (const method of HTTP_METHODS) {
      const api = operations[method];
      if (api) item[method.toLowerCase() as Lowercase<HttpMethod>] = operationOf(method, path, api);
    }
    paths[openApiPath(path)] = item;
  }
  return {
    openapi: "3.1.1",
    info: {
      title: "Starlight API",
      version: "v1",
      description:
        "Ingest agent sessions, read what Starlight learnt from them, and manage the instance. Errors answer `{ error: { code, message, details } }`.",
    },
    tags: [...new Set(sorted.map((r) => areaOf(r.path)))].map((name) => ({ name })),
    paths,
    components: COMPONENTS,
  };
}
