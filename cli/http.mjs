// @ts-check
import { readFileSync } from "node:fs";
import { multipartBody } from "../lib/upload/multipart";
import { CliError } from "./errors.mjs";

/** @typedef {import("./config.mjs").Server} Server */
/** @typedef {import("../lib/walk/files").FoundFile} SourceFile */

/**
 * @typedef {object} RecordError
 * @property {number | null} line
 * @property {string | null} field
 * @property {string} message
 */

/**
 * The ingest API's report for one file (docs/api.md).
 * @typedef {object} FileReport
 * @property {string} name
 * @property {string} format
 * @property {number} accepted
 * @property {number} duplicates
 * @property {number} rejected
 * @property {RecordError[]} errors  the first 100 of the file's errors
 * @property {number} [errorCount]  every error of the file, listed or not
 * @property {string | null} [project]  the project the file went to, when the server says
 * @property {{ project: string, externalId: string }[]} [sessions]  sessions stored or updated from this file
 * @property {{ project: string, externalId: string } | null} [waitingFor]  a sub-agent's file kept for a session whose main transcript has not arrived
 */

/**
 * @typedef {object} IngestReport
 * @property {string | null} project
 * @property {FileReport[]} files
 * @property {{ accepted: number, duplicates: number, rejected: number, waiting?: number }} totals
 */

/** The server answered, but with an error instead of a report. */
export class ServerError extends CliError {
  /**
   * @param {number} status
   * @param {string} message
   */
  constructor(status, message) {
    super(message);
    this.name = "ServerError";
    this.status = status;
  }
}

const TIMEOUT_MS = 5 * 60 * 1000;

/**
 * @param {unknown} error
 * @param {string} url
 * @returns {CliError}
 */
function networkError(error, url) {
  const err = /** @type {{ name?: string, message?: string, cause?: { code?: string, message?: string, errors?: { code?: string }[] } }} */ (error);
  if (err.name === "TimeoutError" || err.name === "AbortError") {
    return new CliError(`Starlight at ${url} did not answer within ${TIMEOUT_MS / 1000} s`);
  }
  const code = err.cause?.code ?? err.cause?.errors?.[0]?.code;
  const reasons = /** @type {Record<string, string>} */ ({
    ECONNREFUSED: "connection refused — is it running? (npm start)",
    ENOTFOUND: "host not found",
    EAI_AGAIN: "host not found (DNS lookup failed)",
    ECONNRESET: "the connection was reset",
    ETIMEDOUT: "the connection timed out",
    EHOSTUNREACH: "host unreachable",
  });
  const reason = (code && reasons[code]) ?? err.cause?.message ?? err.message ?? String(error);
  return new CliError(`cannot reach Starlight at ${url}: ${reason}`);
}

/**
 * @param {unknown} body
 * @returns {body is IngestReport}
 */
function isReport(body) {
  return typeof body === "object" && body !== null && Array.isArray(/** @type {{ files?: unknown }} */ (body).files);
}

/** @param {unknown} body */
function serverMessage(body) {
  const error = /** @type {{ error?: { code?: string, message?: string } } | null} */ (body)?.error;
  return error?.message ? `${error.message}${error.code ? ` (${error.code})` : ""}` : null;
}

/**
 * Uploads files as one multipart request to `POST /api/v1/ingest`, each part named by its `name`.
 * Answers the server's report (200, 207, and 422 with a per-file report); throws a CliError otherwise.
 * @param {Server} server
 * @param {SourceFile[]} files
 * @param {{ project?: string }} [options]
 * @returns {Promise<IngestReport>}
 */
export async function uploadFiles(server, files, options = {}) {
  // Read synchronously, one file after the other: a small file costs a system call or two so, three round trips
  // through the thread pool otherwise. A file the walker builds (an OpenCode session) is built when it is sent.
  const contents = [];
  for (const file of files) contents.push({ name: file.name, content: file.read ? await file.read() : readFileSync(file.path) });
  const { body: upload, contentType } = multipartBody(contents);
  const url = new URL(`${server.url}/api/v1/ingest`);
  if (options.project) url.searchParams.set("project", options.project);
  /** @type {Record<string, string>} */
  const headers = { accept: "application/json", "content-type": contentType };
  if (server.token) headers.authorization = `Bearer ${server.token}`;

  let response;
  try {
    response = await fetch(url, { method: "POST", body: upload, headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw networkError(error, server.url);
  }
  const text = await response.text();
  /** @type {unknown} */
  let body = null;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: handled below
  }
  if (isReport(body) && (response.ok || response.status === 422)) return body;
  const message = serverMessage(body);
  if (!message) {
    const type = response.headers.get("content-type") ?? "no content type";
    throw new ServerError(response.status, `unexpected answer from ${url.origin}${url.pathname}: HTTP ${response.status} (${type}) — is this a Starlight server?`);
  }
  if (response.status >= 500) throw new ServerError(response.status, `Starlight at ${server.url} failed (HTTP ${response.status}): ${message}`);
  throw new ServerError(response.status, `Starlight refused the upload (HTTP ${response.status}): ${message}`);
}

/**
 * The CliError for an answer that is not what was asked for: the server's own message when it gave one.
 * @param {Response} response
 * @param {unknown} body
 * @param {URL} url
 * @param {Server} server
 * @param {string} what  "the upload", "the request", …
 */
function refusal(response, body, url, server, what) {
  const message = serverMessage(body);
  if (!message) {
    const type = response.headers.get("content-type") ?? "no content type";
    return new ServerError(response.status, `unexpected answer from ${url.origin}${url.pathname}: HTTP ${response.status} (${type}) — is this a Starlight server?`);
  }
  if (response.status >= 500) return new ServerError(response.status, `Starlight at ${server.url} failed (HTTP ${response.status}): ${message}`);
  return new ServerError(response.status, `Starlight refused ${what} (HTTP ${response.status}): ${message}`);
}

/**
 * @param {Server} server
 * @param {string} method
 * @param {URL} url
 * @param {{ body?: string | FormData, headers?: Record<string, string> }} init
 * @param {string} what
 * @returns {Promise<{ text: string, type: string }>}
 */
async function send(server, method, url, init, what) {
  /** @type {Record<string, string>} */
  const headers = { accept: "application/json", ...init.headers };
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
  /** @type {unknown} */
  let body = null;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: refusal() says so
  }
  throw refusal(response, body, url, server, what);
}

/**
 * A call of the JSON API: `body` sent as JSON; answers the parsed JSON, or the text of a non-JSON answer (a report).
 * @param {Server} server
 * @param {"GET" | "POST"} method
 * @param {string} pathname
 * @param {unknown} [body]
 * @returns {Promise<unknown>}
 */
export async function requestJson(server, method, pathname, body) {
  const init = body === undefined ? {} : { body: JSON.stringify(body), headers: { "content-type": "application/json" } };
  const answer = await send(server, method, new URL(`${server.url}${pathname}`), init, `${method} ${pathname}`);
  return answer.type.includes("json") ? JSON.parse(answer.text) : answer.text;
}

/**
 * Reports an ablation run: a multipart form with the run as JSON in its `run` field and the transcript files.
 * @param {Server} server
 * @param {string} pathname
 * @param {unknown} run
 * @param {SourceFile[]} files
 */
export async function postRun(server, pathname, run, files) {
  const form = new FormData();
  form.append("run", JSON.stringify(run));
  for (const file of files) form.append("files", new Blob([readFileSync(file.path)]), file.name);
  await send(server, "POST", new URL(`${server.url}${pathname}`), { body: form }, "the run");
}
