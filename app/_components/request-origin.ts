const HOST = /^[A-Za-z0-9.-]+(?::\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](?::\d{1,5})?$/;

/** The origin the browser used to reach this server (behind a proxy too), for copyable commands. */
export function requestOrigin(headers: Headers): string {
  const host = headers.get("x-forwarded-host")?.split(",")[0]?.trim() ?? headers.get("host") ?? "";
  const proto = headers.get("x-forwarded-proto")?.split(",")[0]?.trim();
  const safeHost = HOST.test(host) ? host : "localhost:3000";
  return `${proto === "https" ? "https" : "http"}://${safeHost}`;
}
