import { readFileSync } from "node:fs";
import { multipartBody } from "../lib/upload/multipart";
import { CliError } from "./errors";
import type { Server } from "./config";
import type { FoundFile as SourceFile } from "../lib/walk/files";

export interface RecordError {
  line: number | null;
  field: string | null;
  message: string;
}

/**
 * The ingest API's report for one file (docs/api.md).
 */
export interface FileReport {
  name: string;
  format: string;
  accepted: number;
  duplicates: number;
  rejected: number;
  /** the first 100 of the file's errors */
  errors: RecordError[];
  /** every error of the file, listed or not */
  errorCount?: number;
  /** the project the file went to, when the server says */
  project?: string | null;
  /** sessions stored or updated from this file */
  sessions?: { project: string; externalId: string }[];
  /** a sub-agent's file kept for a session whose main transcript has not arrived */
  waitingFor?: { project: string; externalId: string } | null;
}

export interface IngestReport {
  project: string | null;
  files: FileReport[];
  totals: { accepted: number; duplicates: number; rejected: number; waiting?: number };
}

/** The server answered, but with an error instead of a report. */
export class ServerError extends CliError {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = "ServerError";
    this.status = status;
  }
}

const TIMEOUT_MS = 5 * 60 * 1000;
function networkError(error: unknown, url: string): CliError {
  const err = error as {
    name?: string;
    message?: string;
    cause?: { code?: string; message?: string; errors?: { code?: string }[] };
  };
  if (err.name === "TimeoutError" || err.name === "AbortError") {
    return new CliError(`Starlight at ${url} did not answer within ${TIMEOUT_MS / 1000} s`);
  }
  const code = err.cause?.code ?? err.cause?.errors?.[0]?.code;
  const reasons = {
    ECONNREFUSED: "connection refused — is it running? (npm start)",
    ENOTFOUND: "host not found",
    EAI_AGAIN: "host not found (DNS lookup failed)",
    ECONNRESET: "the connection was reset",
    ETIMEDOUT: "the connection timed out",
    EHOSTUNREACH: "host unreachable",
  } as Record<string, string>;
  const reason = (code && reasons[code]) ?? err.cause?.message ?? err.message ?? String(error);
  return new CliError(`cannot reach Starlight at ${url}: ${reason}`);
}
function isReport(body: unknown): body is IngestReport {
  return typeof body === "object" && body !== null && Array.isArray((body as { files?: unknown }).files);
}
function serverMessage(body: unknown) {
  const error = (body as { error?: { code?: string; message?: string } } | null)?.error;
  return error?.message ? `${error.message}${error.code ? ` (${error.code})` : ""}` : null;
}

/**
 * Uploads files as one multipart request to `POST /api/v1/ingest`, each part named by its `name`.
 * Answers the server's report (200, 207, and 422 with a per-file report); throws a CliError otherwise.
 */
export async function uploadFiles(
  server: Server,
  files: SourceFile[],
  options: { project?: string } = {},
): Promise<IngestReport> {
  // Read synchronously, one file after the other: a small file costs a system call or two so, three round trips
  // through the thread pool otherwise. A file the walker builds (an OpenCode session) is built when it is sent.
  const contents = [];
  for (const file of files)
    contents.push({ name: file.name, content: file.read ? await file.read() : readFileSync(file.path) });
  const { body: upload, contentType } = multipartBody(contents);
  const url = new URL(`${server.url}/api/v1/ingest`);
  if (options.project) url.searchParams.set("project", options.project);
  const headers: Record<string, string> = { accept: "application/json", "content-type": contentType };
  if (server.token) headers.authorization = `Bearer ${server.token}`;

  let response;
  try {
    response = await fetch(url, { method: "POST", body: upload, headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw networkError(error, server.url);
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: handled below
  }
  if (isReport(body) && (response.ok || response.status === 422)) return body;
  const message = serverMessage(body);
  if (!message) {
    const type = response.headers.get("content-type") ?? "no content type";
    throw new ServerError(
      response.status,
      `unexpected answer from ${url.origin}${url.pathname}: HTTP ${response.status} (${type}) — is this a Starlight server?`,
    );
  }
  if (response.status >= 500)
    throw new ServerError(response.status, `Starlight at ${server.url} failed (HTTP ${response.status}): ${message}`);
  throw new ServerError(response.status, `Starlight refused the upload (HTTP ${response.status}): ${message}`);
}

/**
 * The CliError for an answer that is not what was asked for: the server's own message when it gave one.
 * @param what "the upload", "the request", …
 */
function refusal(response: Response, body: unknown, url: URL, server: Server, what: string) {
  const message = serverMessage(body);
  if (!message) {
    const type = response.headers.get("content-type") ?? "no content type";
    return new ServerError(
      response.status,
      `unexpected answer from ${url.origin}${url.pathname}: HTTP ${response.status} (${type}) — is this a Starlight server?`,
    );
  }
  if (response.status >= 500)
    return new ServerError(response.status, `Starlight at ${server.url} failed (HTTP ${response.status}): ${message}`);
  return new ServerError(response.status, `Starlight refused ${what} (HTTP ${response.status}): ${message}`);
}
async function send(
  server: Server,
  method: string,
  url: URL,
  init: { body?: string | FormData; headers?: Record<string, string> },
  what: string,
): Promise<{ text: string; type: string }> {
  const headers: Record<string, string> = { accept: "application/json", ...init.headers };
  if (server.token) headers.authorization = `Bearer ${server.token}`;
  let response;
  try {
    response = await fetch(url, { method, body: init.body, headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw networkError(error, server.url);
  }
  const text = await response.text();
  const type = response.headers.get("content-type") ?? "";
  if (response.ok) return { text, type };
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: refusal() says so
  }
  throw refusal(response, body, url, server, what);
}

/**
 * A call of the JSON API: `body` sent as JSON; answers the parsed JSON, or the text of a non-JSON answer (a report).
 */
export async function requestJson(
  server: Server,
  method: "GET" | "POST",
  pathname: string,
  body?: unknown,
): Promise<unknown> {
  const init =
    body === undefined ? {} : { body: JSON.stringify(body), headers: { "content-type": "application/json" } };
  const answer = await send(server, method, new URL(`${server.url}${pathname}`), init, `${method} ${pathname}`);
  return answer.type.includes("json") ? JSON.parse(answer.text) : answer.text;
}

/**
 * Reports an ablation run: a multipart form with the run as JSON in its `run` field and the transcript files.
 */
export async function postRun(server: Server, pathname: string, run: unknown, files: SourceFile[]) {
  const form = new FormData();
  form.append("run", JSON.stringify(run));
  for (const file of files) form.append("files", new Blob([readFileSync(file.path)]), file.name);
  await send(server, "POST", new URL(`${server.url}${pathname}`), { body: form }, "the run");
}
