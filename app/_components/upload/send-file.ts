import { readAnswer, type Outcome } from "@/lib/upload/answer";
import type { PickedFile } from "@/lib/upload/collect";

/**
 * Posts one file to the ingest API as multipart (`files`, named by its relative path) with XMLHttpRequest,
 * which reports upload progress; the browser streams the file from disk. Never rejects: failures are outcomes.
 */
export function sendFile(item: PickedFile, project: string | null, onProgress: (fraction: number) => void, signal: AbortSignal): Promise<Outcome> {
  return new Promise((resolve) => {
    const body = new FormData();
    body.append("files", item.file, item.path);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", project ? `/api/v1/ingest?project=${encodeURIComponent(project)}` : "/api/v1/ingest");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => resolve(readAnswer(xhr.status, xhr.responseText));
    xhr.onerror = () => resolve(readAnswer(0, ""));
    xhr.onabort = () => resolve({ status: "failed", files: [], message: "Upload cancelled." });
    signal.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
