import { openApiDocument, type OpenApiDocument } from "@/lib/http/openapi";
import type { RouteApi } from "@/lib/http/route";
import { API_ROUTES } from "./registry";

/** The spec of GET /api/v1/openapi.json, kept beside the description that lists it (its route cannot import itself). */
export const OPENAPI_ROUTE = {
  doc: "This description of the API: OpenAPI 3.1, generated from the schemas the routes validate with. Public, like health.",
  auth: "none",
  response: { contentType: "application/json", description: "This OpenAPI 3.1 document." },
} satisfies RouteApi;

let document: OpenApiDocument | null = null;

/** The API description, built once per process: the routes cannot change while it runs. */
export function apiDocument(): OpenApiDocument {
  document ??= openApiDocument([...API_ROUTES, { path: "/api/v1/openapi.json", operations: { GET: OPENAPI_ROUTE } }]);
  return document;
}
