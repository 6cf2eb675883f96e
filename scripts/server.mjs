// The production server: the Next.js build (`.next`, or STARLIGHT_NEXT_DIR) behind a plain node:http server that
// is Starlight's network edge. `npm start`, the Playwright, load, fault and benchmark runs all serve through it.
//
// - It listens on 127.0.0.1 unless `--host <address>` or HOSTNAME says otherwise (`--host 0.0.0.0`: every
//   interface), on `--port` or PORT (3000).
// - Every request gets x-starlight-peer = the connection's address, after whatever the client sent under that
//   name is deleted: the address the rate limits and the audit log use (lib/http/same-origin.ts). Next itself
//   only fills X-Forwarded-For when the client did not.
// - Unless STARLIGHT_TRUST_PROXY names a number of proxies in front, X-Forwarded-* (and Forwarded, X-Real-IP)
//   are deleted too, so Next rebuilds them from the connection: a client cannot claim another host, scheme or
//   address.
// - It puts `globalThis.starlightEdge` in place before Next loads, which tells the app in this process that the
//   peer header is the server's (lib/http/edge.ts) and where it listens (for the last line it prints as it starts).
import http from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";

const root = path.resolve(import.meta.dirname, "..");

const PEER_HEADER = "x-starlight-peer";
const FORWARDED = [
  "forwarded",
  "x-forwarded-for",
  "x-forwarded-host",
  "x-forwarded-proto",
  "x-forwarded-port",
  "x-real-ip",
];

function options() {
  try {
    const { values } = parseArgs({
      options: {
        host: { type: "string", short: "H" },
        hostname: { type: "string" },
        port: { type: "string", short: "p" },
      },
    });
    return values;
  } catch (error) {
    console.error(`[starlight] ${error.message}\nUsage: npm start -- [--host <address>] [--port <port>]`);
    process.exit(2);
  }
}

const args = options();
const hostname = args.host ?? args.hostname ?? process.env.HOSTNAME ?? "127.0.0.1";
const port = Number(args.port ?? process.env.PORT ?? 3000);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`[starlight] the port must be a number from 1 to 65535, not "${args.port ?? process.env.PORT}"`);
  process.exit(2);
}
const trustedProxies = /^\d+$/.test(process.env.STARLIGHT_TRUST_PROXY ?? "")
  ? Number(process.env.STARLIGHT_TRUST_PROXY)
  : 0;

const everywhere = hostname === "0.0.0.0" || hostname === "::";
/** How a person on this machine opens it. */
const urlHost = everywhere ? "localhost" : hostname.includes(":") ? `[${hostname}]` : hostname;
const url = `http://${urlHost}:${port}`;

process.env.NODE_ENV = "production";
globalThis.starlightEdge = { url };
const { default: next } = await import("next");
const app = next({ dev: false, dir: root, hostname, port });

const handle = app.getRequestHandler();
const server = http.createServer((req, res) => {
  req.headers[PEER_HEADER] = req.socket.remoteAddress ?? "";
  if (trustedProxies === 0) for (const name of FORWARDED) delete req.headers[name];
  ready
    .then(() => handle(req, res))
    .catch((error) => {
      console.error("[starlight] request failed", error);
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
      res.end();
    });
});

// A client gets 20 s to send its request's headers (Node's default is 60 s), so connections that trickle headers do
// not pile up. The whole request may take Node's 300 s (requestTimeout): a large upload on a slow link needs it; an
// upload whose body pauses is answered 408 by the app much sooner (STARLIGHT_UPLOAD_IDLE_SECONDS, lib/http/upload.ts).
server.headersTimeout = 20_000;

const where = everywhere
  ? `every network interface, port ${port} (${url} on this machine)`
  : `${url} (${["127.0.0.1", "::1", "localhost"].includes(hostname) ? "this machine only; `npm start -- --host 0.0.0.0` opens it to the network" : hostname})`;
const proxies = trustedProxies
  ? `; believing X-Forwarded-* from ${trustedProxies} prox${trustedProxies === 1 ? "y" : "ies"} (STARLIGHT_TRUST_PROXY)`
  : "";

// Listen first, so a port in use fails at once; then Next prepares, running instrumentation.ts (migrations, the
// admin from the environment, the setup code), while requests that arrive wait for it.
const ready = new Promise((resolve, reject) => {
  server.once("error", reject);
  server.listen(port, hostname, resolve);
}).then(() => {
  console.log(`[starlight] listening on ${where}${proxies}`);
  // Next prints how long reading next.config.mjs took at every start: nothing a person starting Starlight acts on,
  // between the lines that are.
  const log = console.log;
  console.log = (...args) => {
    if (!(typeof args[0] === "string" && /Running next\.config\.\w+ took /.test(args[0]))) log(...args);
  };
  return app.prepare().finally(() => (console.log = log));
});
ready.catch((error) => {
  console.error("[starlight] could not start:", error.message ?? error);
  process.exit(1);
});

for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(0));
