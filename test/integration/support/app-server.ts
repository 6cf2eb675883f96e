import http from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { POST as hookEvent } from "@/app/api/v1/hooks/claude-code/route";
import { POST as ingest } from "@/app/api/v1/ingest/route";
import { GET as ablation } from "@/app/api/v1/projects/[slug]/ablations/[id]/route";
import { GET as ablationReport } from "@/app/api/v1/projects/[slug]/ablations/[id]/report/route";
import { POST as ablationRun } from "@/app/api/v1/projects/[slug]/ablations/[id]/runs/route";
import { GET as ablations, POST as startAblation } from "@/app/api/v1/projects/[slug]/ablations/route";
import { DELETE as mcpDelete, GET as mcpGet, POST as mcp } from "@/app/api/v1/mcp/route";
import { GET as openApi } from "@/app/api/v1/openapi.json/route";
import { GET as guidance } from "@/app/api/v1/projects/[slug]/guidance/route";
import { POST as toolCall } from "@/app/api/v1/projects/[slug]/guidance/tool-call/route";
import { GET as listProjects } from "@/app/api/v1/projects/route";

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** The routes the CLI, MCP clients and the API description's readers talk to: "METHOD /path", with `:name` for a path segment handed over as a param. */
const ROUTES: Record<string, Handler> = {
  "POST /api/v1/ingest": (request) => ingest(request),
  "POST /api/v1/hooks/claude-code": (request) => hookEvent(request),
  "GET /api/v1/openapi.json": (request) => openApi(request),
  "GET /api/v1/projects": (request) => listProjects(request),
  "GET /api/v1/projects/:slug/guidance": guidance,
  "POST /api/v1/projects/:slug/guidance/tool-call": toolCall,
  "GET /api/v1/projects/:slug/ablations": ablations,
  "POST /api/v1/projects/:slug/ablations": startAblation,
  "GET /api/v1/projects/:slug/ablations/:id": ablation,
  "GET /api/v1/projects/:slug/ablations/:id/report": ablationReport,
  "POST /api/v1/projects/:slug/ablations/:id/runs": ablationRun,
  "POST /api/v1/mcp": (request) => mcp(request),
  "GET /api/v1/mcp": (request) => mcpGet(request),
  "DELETE /api/v1/mcp": (request) => mcpDelete(request),
};

/** The handler for a request and its path params, or null when no route matches. */
function match(key: string): { handler: Handler; params: Record<string, string> } | null {
  const [method, path] = key.split(" ") as [string, string];
  const segments = path.split("/");
  for (const [pattern, handler] of Object.entries(ROUTES)) {
    const [m, p] = pattern.split(" ") as [string, string];
    const parts = p.split("/");
    if (m !== method || parts.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const fits = parts.every((part, i) => {
      const segment = segments[i]!;
      if (!part.startsWith(":")) return part === segment;
      params[part.slice(1)] = decodeURIComponent(segment);
      return segment !== "";
    });
    if (fits) return { handler, params };
  }
  return null;
}

export interface AppServer {
  url: string;
  /** Requests served so far, as "METHOD /path". */
  requests: string[];
  close(): Promise<void>;
}

/** The WHATWG Request for a Node request, headers (and so any token or cookie) included. */
export function toRequest(req: http.IncomingMessage, base: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(new URL(req.url ?? "/", base), {
    method: req.method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
    duplex: "half",
  } as RequestInit & { duplex: "half" });
}

async function writeResponse(res: http.ServerResponse, response: Response): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(body);
}

/**
 * A tiny HTTP server on 127.0.0.1 that hands each request, as a WHATWG Request, to the real route handlers:
 * the app's own code against the test's SQLite file, without a Next build.
 */
export async function startAppServer(): Promise<AppServer> {
  const requests: string[] = [];
  let base = "http://127.0.0.1";
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? "/", base).pathname;
    const key = `${req.method} ${path}`;
    requests.push(key);
    const found = match(key);
    const answer = found
      ? found.handler(toRequest(req, base), { params: Promise.resolve(found.params) })
      : Promise.resolve(
          Response.json({ error: { code: "not_found", message: `${key} is not served here` } }, { status: 404 }),
        );
    answer
      .then((response) => writeResponse(res, response))
      .catch((error: unknown) => {
        res.writeHead(500, { "content-type": "text/plain" });
        res.end(String(error));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
