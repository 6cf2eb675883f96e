/**
 * Memory while streaming a large upload: one multipart request of `mb` megabytes (Claude Code transcript files of
 * 4 MB whose lines are bookkeeping records, which are read and counted but store nothing), produced chunk by chunk
 * so the bench process never holds it, against the server's peak RSS during the request.
 */
import type { BenchServer } from "./server";
import { sessionUuid } from "./transcripts";

const FILE_BYTES = 4 * 1024 * 1024;
const BOUNDARY = "----starlight-bench-large-upload";

export interface UploadFigures {
  mb: number;
  status: number;
  seconds: number;
  serverBeforeMb: number;
  serverPeakMb: number;
}

/** One transcript file: `progress` lines (bookkeeping Claude Code writes), about FILE_BYTES long. */
function filePart(index: number): Buffer {
  const sessionId = sessionUuid(9_999, index);
  const line = JSON.stringify({ type: "progress", sessionId, cwd: "/home/dev/app", data: { output: "x".repeat(900) } });
  const lines = Array.from({ length: Math.floor(FILE_BYTES / (line.length + 1)) }, () => line).join("\n");
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="-home-dev-app/${sessionId}.jsonl"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return Buffer.concat([Buffer.from(head), Buffer.from(lines), Buffer.from("\r\n")]);
}

function body(mb: number): ReadableStream<Uint8Array> {
  const files = Math.ceil((mb * 1024 * 1024) / FILE_BYTES);
  let next = 0;
  return new ReadableStream({
    pull(controller) {
      if (next < files) controller.enqueue(new Uint8Array(filePart(next++)));
      else {
        controller.enqueue(new TextEncoder().encode(`--${BOUNDARY}--\r\n`));
        controller.close();
      }
    },
  });
}

/** Streams `mb` megabytes to the ingest route of a server whose body limit allows it. */
export async function largeUpload(server: BenchServer, mb: number): Promise<UploadFigures> {
  const serverBeforeMb = server.rss.currentMb();
  server.rss.reset();
  const started = performance.now();
  const response = await fetch(`${server.url}/api/v1/ingest?project=large-upload`, {
    method: "POST",
    headers: { ...server.tokenHeaders, "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
    body: body(mb),
    duplex: "half",
  } as RequestInit & { duplex: "half" });
  await response.text();
  return { mb, status: response.status, seconds: (performance.now() - started) / 1000, serverBeforeMb, serverPeakMb: server.rss.peakMb() };
}
