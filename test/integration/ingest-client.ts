import { POST } from "@/app/api/v1/ingest/route";
import type { IngestReport } from "@/lib/ingest/report";
import { apiRequest } from "./support/auth";

const BASE = "http://localhost/api/v1/ingest";

type IngestAnswer = IngestReport & { error?: { code: string; message: string } };

function url(query: Record<string, string | undefined>): string {
  const params = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined));
  return `${BASE}?${params}`;
}

/** Posts one raw body to the real route handler with the admin's token, as curl --data-binary would. */
export async function postRaw(body: string | Uint8Array, query: Record<string, string | undefined> = {}) {
  const response = await POST(await apiRequest(url(query), { method: "POST", body: body as BodyInit }));
  return { status: response.status, body: (await response.json()) as IngestAnswer };
}

/** Posts many files as multipart/form-data, as a browser or `curl -F` would. */
export async function postFiles(
  files: { name: string; content: string | Uint8Array }[],
  query: Record<string, string | undefined> = {},
) {
  const form = new FormData();
  for (const f of files) form.append("files", new Blob([f.content as BlobPart]), f.name);
  const response = await POST(await apiRequest(url(query), { method: "POST", body: form }));
  return { status: response.status, body: (await response.json()) as IngestAnswer };
}
