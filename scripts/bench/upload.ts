/**
 * Memory while streaming a large upload: one multipart request of `mb` megabytes (Claude Code transcript files of
 * 4 MB whose lines are bookkeeping records, which are read and counted but store nothing), produced chunk by chunk
 * so the bench process never holds it, against the server's peak RSS during a first upload a tenth its size. The
 * first upload a fresh server takes raises its memory by what it keeps for any upload (V8's young generation grown
 * to its set size, the ingest's code); whether memory stays flat is what the larger upload adds to that.
 */
import type { BenchServer } from "./server";
import { sessionUuid } from "./transcripts";

const FILE_BYTES = 4 * 1024 * 1024;
const BOUNDARY = "----starlight-bench-large-upload";

interface Streamed {
  mb: number;
  status: number;
  seconds: number;
  serverBeforeMb: number;
  serverPeakMb: number;
}

export interface UploadFigures extends Streamed {
  /** Files like these, a tenth as many (named otherwise), uploaded first to the fresh server. */
  first: Streamed;
}

/** How far the large upload took the server's peak above the first upload's (MB): what the flat-memory target reads. */
export const riseOverFirst = (upload: UploadFigures) => upload.serverPeakMb - upload.first.serverPeakMb;

/** One transcript file of the upload numbered `upload`: `progress` lines (bookkeeping Claude Code writes), about FILE_BYTES long. */
function filePart(upload: number, index: number): Buffer {
  const sessionId = sessionUuid(9_999 + upload, index);
  const line = JSON.stringify({ type: "progress", sessionId, cwd: "/home/dev/app", data: { output: "x".repeat(900) } });
  const lines = Array.from({ length: Math.floor(FILE_BYTES / (line.length + 1)) }, () => line).join("\n");
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="-home-dev-app/${sessionId}.jsonl"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return Buffer.concat([Buffer.from(head), Buffer.from(lines), Buffer.from("\r\n")]);
}

function body(upload: number, files: number): ReadableStream<Uint8Array> {
  let next = 0;
  return new ReadableStream({
    pull(controller) {
      if (next < files) controller.enqueue(new Uint8Array(filePart(upload, next++)));
      else {
        controller.enqueue(new TextEncoder().encode(`--${BOUNDARY}--\r\n`));
        controller.close();
      }
    },
  });
}

/**
 * Streams at least `mb` megabytes, in whole files named for the upload numbered `upload` (so that no upload repeats
 * another's files), to the ingest route of a server whose body limit allows it.
 */
async function stream(server: BenchServer, upload: number, mb: number): Promise<Streamed> {
  const files = Math.ceil((mb * 1024 * 1024) / FILE_BYTES);
  const serverBeforeMb = server.rss.currentMb();
  server.rss.reset();
  const started = performance.now();
  const response = await fetch(`${server.url}/api/v1/ingest?project=large-upload`, {
    method: "POST",
    headers: { ...server.tokenHeaders, "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
    body: body(upload, files),
    duplex: "half",
  } as RequestInit & { duplex: "half" });
  await response.text();
  return {
    mb: (files * FILE_BYTES) / 1024 / 1024,
    status: response.status,
    seconds: (performance.now() - started) / 1000,
    serverBeforeMb,
    serverPeakMb: server.rss.peakMb(),
  };
}

/** A first upload of a tenth of `mb` megabytes to a fresh server, then one of `mb`. */
export async function largeUpload(server: BenchServer, mb: number): Promise<UploadFigures> {
  const first = await stream(server, 0, mb / 10);
  if (first.status >= 400) throw new Error(`the first upload answered HTTP ${first.status}`);
  return { ...(await stream(server, 1, mb)), first };
}
