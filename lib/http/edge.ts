/**
 * scripts/server.mjs, the production server, puts this on globalThis before Next loads, so the route handlers,
 * proxy.ts and instrumentation.ts of its process see it: that the peer header is its own, and where it listens.
 */
export interface EdgeServer {
  /** The URL it listens on, for people to open (`http://127.0.0.1:3000`). */
  url: string;
}

/** The server this process serves through, or null when it is not scripts/server.mjs (`next dev`, `next start`). */
export function edgeServer(): EdgeServer | null {
  return (globalThis as { starlightEdge?: EdgeServer }).starlightEdge ?? null;
}
