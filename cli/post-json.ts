import http from "node:http";

/**
 * POSTs a JSON body and answers the status and the text of the answer, or rejects after `timeoutMs` (a TimeoutError).
 * With node:http (node:https only for an https URL) instead of fetch: a hook that starts a process per tool call
 * would pay for loading fetch's implementation every time (0.2 s of CPU against 0.04 s, docs/just-in-time.md#latency).
 */
export async function postJson(
  url: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<{ status: number; text: string }> {
  const target = new URL(url);
  const client = target.protocol === "https:" ? await import("node:https") : http;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      const error = new Error(`no answer within ${timeoutMs} ms`);
      error.name = "TimeoutError";
      request.destroy(error);
    }, timeoutMs);
    const request = client.request(
      target,
      { method: "POST", headers: { ...headers, "content-length": String(Buffer.byteLength(body)) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("end", () => {
          clearTimeout(timer);
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") });
        });
        response.on("error", reject);
      },
    );
    request.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.end(body);
  });
}
