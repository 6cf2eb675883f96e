import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, count, eq, like } from "drizzle-orm";
import { getDb } from "@/db/client";
import { transcriptFiles } from "@/db/schema";
import { adminToken } from "./auth";

/** Sessions per project, as the projects API lists them to the admin's token. */
export async function sessionsByProject(url: string): Promise<Record<string, number>> {
  const answer = await fetch(`${url}/api/v1/projects`, { headers: { authorization: `Bearer ${await adminToken()}` } });
  const { items } = (await answer.json()) as { items: { slug: string; sessions: number }[] };
  return Object.fromEntries(items.map((p) => [p.slug, p.sessions]));
}

/** Sub-agent meta files the server attached to a session: only possible when it saw their `<session>/subagents/` path. */
export async function metaParts(sessionId: string): Promise<number> {
  const where = and(eq(transcriptFiles.sessionId, sessionId), like(transcriptFiles.part, "meta:%"));
  return (await getDb().select({ n: count() }).from(transcriptFiles).where(where).get())!.n;
}

/** A port nothing listens on: bound, then released. */
export async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
