import { readAnswer, type Outcome } from "@/lib/upload/answer";
import type { PickedFile } from "@/lib/upload/collect";

/** When the server says "too many uploads" (429), wait as long as it asks, up to this many times. */
const RATE_LIMIT_RETRIES = 5;
const MAX_WAIT_SECONDS = 60;

interface Attempt {
  status: number;
  text: string;
  retryAfterSeconds: number;
}

function attempt(
  item: PickedFile,
  project: string | null,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<Attempt | null> {
  return new Promise((resolve) => {
    const body = new FormData();
    body.append("files", item.file, item.path);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", project ? `/api/v1/ingest?project=${encodeURIComponent(project)}` : "/api/v1/ingest");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () =>
      resolve({
        status: xhr.status,
        text: xhr.responseText,
        retryAfterSeconds: Number(xhr.getResponseHeader("Retry-After")) || 1,
      });
    xhr.onerror = () => resolve({ status: 0, text: "", retryAfterSeconds: 0 });
    xhr.onabort = () => resolve(null);
    signal.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

const wait = (seconds: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, Math.min(seconds, MAX_WAIT_SECONDS) * 1000);
    signal.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
  });

/**
 * Posts one file to the ingest API as multipart (`files`, named by its relative path) with XMLHttpRequest,
 * which reports upload progress; the browser streams the file from disk. A rate-limited upload waits and
 * tries again. Never rejects: failures are outcomes.
 */
export async function sendFile(
  item: PickedFile,
  project: string | null,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<Outcome> {
  for (let tries = 0; ; tries++) {
    const answer = await attempt(item, project, onProgress, signal);
    if (answer === null || signal.aborted) return { status: "failed", files: [], message: "Upload cancelled." };
    if (answer.status !== 429 || tries === RATE_LIMIT_RETRIES) return readAnswer(answer.status, answer.text);
    onProgress(0);
    await wait(answer.retryAfterSeconds, signal);
  }
}
