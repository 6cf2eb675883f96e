import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HTTP_METHODS, type OpenApiDocument } from "@/lib/http/openapi";
import { startAppServer, type AppServer } from "./support/app-server";

/** The route folders and the URL each serves: the API, and the OpenTelemetry receiver at the paths exporters post to. */
const ROUTE_DIRS = [
  { dir: path.resolve(import.meta.dirname, "../../app/api/v1"), prefix: "/api/v1" },
  { dir: path.resolve(import.meta.dirname, "../../app/v1"), prefix: "/v1" },
];

/** Every route file under those folders as "METHOD /path/{param}", read from the methods its source exports. */
function routesOnDisk(): string[] {
  const found: string[] = [];
  for (const { dir, prefix } of ROUTE_DIRS) {
    for (const entry of readdirSync(dir, { recursive: true, encoding: "utf8" })) {
      if (path.basename(entry) !== "route.ts") continue;
      const source = readFileSync(path.join(dir, entry), "utf8");
      const urlPath = `${prefix}/${path.dirname(entry).split(path.sep).join("/")}`.replace(/\[([^\]]+)\]/g, "{$1}");
      for (const method of HTTP_METHODS) {
        if (
          new RegExp(`export (const|async function|function) ${method}\\b|export \\{[^}]*\\b${method}\\b`).test(source)
        )
          found.push(`${method} ${urlPath}`);
      }
    }
  }
  return found.sort();
}

function routesDescribed(document: OpenApiDocument): string[] {
  return Object.entries(document.paths)
    .flatMap(([urlPath, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${urlPath}`))
    .sort();
}

let server: AppServer;
let document: OpenApiDocument;

beforeAll(async () => {
  server = await startAppServer();
  const response = await fetch(`${server.url}/api/v1/openapi.json`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  document = (await response.json()) as OpenApiDocument;
});

afterAll(() => server.close());

describe("GET /api/v1/openapi.json", () => {
  it("answers without a token or cookie: the contract is public, like health", () => {
    expect(document.info.title).toBe("Starlight API");
  });

  it("is an OpenAPI 3.1 document where every path has operations and every operation answers something", () => {
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(Object.keys(document.paths).length).toBeGreaterThan(30);
    for (const [urlPath, item] of Object.entries(document.paths)) {
      const operations = Object.values(item);
      expect(operations.length, urlPath).toBeGreaterThan(0);
      for (const operation of operations) {
        expect(Object.keys(operation.responses).length, urlPath).toBeGreaterThan(0);
        expect(operation.summary.length, urlPath).toBeGreaterThan(0);
      }
    }
  });

  it("documents the answer of every operation: a success, or for the MCP server's GET and DELETE, which only refuse, their 405", () => {
    const answers = Object.entries(document.paths).flatMap(([urlPath, item]) =>
      Object.entries(item).map(([method, operation]) => ({
        operation: `${method.toUpperCase()} ${urlPath}`,
        statuses: Object.keys(operation.responses),
      })),
    );
    const refusals = answers
      .filter(({ statuses }) => !statuses.some((status) => /^2\d\d$/.test(status)))
      .sort((a, b) => a.operation.localeCompare(b.operation));
    expect(refusals).toEqual([
      { operation: "DELETE /api/v1/mcp", statuses: expect.arrayContaining(["405"]) },
      { operation: "GET /api/v1/mcp", statuses: expect.arrayContaining(["405"]) },
    ]);
  });

  it("describes every route that exists, and none that does not (app/api/v1/openapi.json/registry.ts lists them)", () => {
    expect(routesDescribed(document)).toEqual(routesOnDisk());
  });

  it("names each path parameter of every path, and only those", () => {
    for (const [urlPath, item] of Object.entries(document.paths)) {
      const placeholders = [...urlPath.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
      for (const operation of Object.values(item)) {
        const inPath = (operation.parameters ?? [])
          .filter((p) => p.in === "path")
          .map((p) => p.name)
          .sort();
        expect(inPath, `${urlPath} ${operation.operationId}`).toEqual(placeholders);
      }
    }
  });

  it("gives operations unique ids, and security schemes for a token and the sign-in cookie", () => {
    const ids = Object.values(document.paths).flatMap((item) => Object.values(item).map((o) => o.operationId));
    expect(new Set(ids).size).toBe(ids.length);
    expect(Object.keys(document.components.securitySchemes!)).toEqual(["bearer", "cookie"]);
    expect(document.paths["/api/v1/memories"]!.get!.security).toEqual([{ bearer: [] }, { cookie: [] }]);
    expect(document.paths["/api/v1/health"]!.get!.security).toEqual([]);
  });

  it("takes its bodies from the schemas the routes parse with", () => {
    const body = document.paths["/api/v1/projects/{slug}/members"]!.put!.requestBody!.content["application/json"]!;
    expect(body.schema).toMatchObject({
      type: "object",
      properties: { email: { type: "string" }, role: { enum: expect.arrayContaining(["owner", "member"]) } },
    });
    expect(body.example).toEqual({ email: "someone@example.com", role: "member" });
    expect(Object.keys(document.paths["/api/v1/ingest"]!.post!.requestBody!.content)).toEqual([
      "multipart/form-data",
      "application/octet-stream",
    ]);
  });
});
