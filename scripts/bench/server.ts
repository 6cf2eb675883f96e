/**
 * The production server under test (scripts/harness/production-server.ts) on a given database (a SQLite file or a
 * PostgreSQL database, which the server migrates as it starts), with an API token (ingest, guidance) and a sign-in cookie (pages) of the admin created at start.
 */
import { ADMIN, createToken, startServer } from "../harness/production-server";
import type { Place } from "./databases";
import { PeakRss } from "./measure";

export interface BenchServer {
  url: string;
  /** The server's process (Node.js; PostgreSQL runs in processes of its own). */
  pid: number;
  rss: PeakRss;
  /** The API token (read, ingest; every project), for the CLI. */
  token: string;
  /** Headers for API calls with the token. */
  tokenHeaders: Record<string, string>;
  /** Headers for page requests with the sign-in cookie. */
  cookieHeaders: Record<string, string>;
  stop(): Promise<void>;
}

async function signInCookie(url: string): Promise<string> {
  const response = await fetch(`${url}/api/v1/session`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify(ADMIN),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return (response.headers.getSetCookie().find((c) => c.startsWith("starlight_session=")) ?? "").split(";")[0] ?? "";
}

/** The production server (scripts/server.mjs) on `port` over `place`, without the upload and sign-in rate limits or the cap on uploads under way. */
export async function startBenchServer(
  place: Place,
  port: number,
  logFile: string,
  extraEnv: Record<string, string> = {},
): Promise<BenchServer> {
  const env = {
    STARLIGHT_INGEST_PER_MINUTE: "1000000",
    STARLIGHT_UPLOADS_CONCURRENT: "1000",
    STARLIGHT_LOGIN_ATTEMPTS: "1000",
    ...extraEnv,
  };
  const server = await startServer({ port, dbPath: place.file, databaseUrl: place.url ?? undefined, logFile, env });
  try {
    const [token, cookie] = [await createToken(server.url, "bench"), await signInCookie(server.url)];
    return {
      url: server.url,
      pid: server.child.pid!,
      rss: new PeakRss(server.child.pid!),
      token,
      tokenHeaders: { authorization: `Bearer ${token}` },
      cookieHeaders: { cookie },
      stop: server.stop,
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
}
