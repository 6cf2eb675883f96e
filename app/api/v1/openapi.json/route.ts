import { apiRoute, openApiDocument, type OpenApiDocument } from "@/lib/http/openapi";
import { route } from "@/lib/http/route";
import { API_ROUTES } from "./registry";

let document: OpenApiDocument | null = null;

export const GET = route({
  doc: "This description of the API: OpenAPI 3.1, generated from the schemas the routes validate with. Public, like health.",
  auth: "none",
}, () => {
  document ??= openApiDocument([...API_ROUTES, apiRoute("/api/v1/openapi.json", { GET })]);
  return document;
});
