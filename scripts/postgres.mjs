// A throwaway PostgreSQL cluster for tests and local runs of the PostgreSQL backend: initdb into a fresh temp
// folder, started on 127.0.0.1 only, stopped and removed by stop() or, should the caller die first, by a detached
// watchdog (scripts/postgres-watchdog.mjs). As root the server runs as the `postgres` user, since PostgreSQL
// refuses to run as root. CLI: `node scripts/postgres.mjs start [--port N] [--database NAME]`.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";

const isRoot = process.getuid?.() === 0;
const watchdogScript = path.join(import.meta.dirname, "postgres-watchdog.mjs");

function onPath(name) {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    const file = path.join(dir, name);
    if (dir && fs.existsSync(file)) return fs.realpathSync(file);
  }
  return null;
}

function newestDebianBin() {
  const root = "/usr/lib/postgresql";
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? path.join(root, versions[0], "bin") : null;
}

/** The folder holding initdb and pg_ctl (pg_ctl finds the server binary beside itself). */
function binDir() {
  const initdb = onPath("initdb");
  if (initdb && fs.existsSync(path.join(path.dirname(initdb), "pg_ctl"))) return path.dirname(initdb);
  const debian = newestDebianBin();
  if (debian) return debian;
  if (isRoot && onPath("apt-get")) {
    console.log("[postgres] PostgreSQL not found: installing Debian's postgresql (apt-get install -y -qq postgresql)");
    const result = spawnSync("apt-get", ["install", "-y", "-qq", "postgresql"], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    const installed = result.status === 0 ? newestDebianBin() : null;
    if (installed) return installed;
  }
  throw new Error("PostgreSQL's initdb and pg_ctl were not found on PATH or in /usr/lib/postgresql/<version>/bin");
}

/** The command line running `args` as the cluster's owner: the postgres user when root, else the caller. */
function asOwner(args) {
  return isRoot ? ["runuser", "-u", "postgres", "--", ...args] : args;
}

function run(args) {
  const [command, ...rest] = asOwner(args);
  const result = spawnSync(command, rest, { encoding: "utf8" });
  if (result.status !== 0)
    throw new Error(`${args.join(" ")} failed (${result.status ?? result.signal}): ${result.stderr || result.stdout}`);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function makeFolder() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "starlight-pg-"));
  if (isRoot) {
    const id = (flag) => Number(spawnSync("id", [flag, "postgres"], { encoding: "utf8" }).stdout.trim());
    fs.chownSync(dir, id("-u"), id("-g"));
  }
  return dir;
}

/** Started before initdb, so that a caller killed at any point after this leaves nothing behind. */
function startWatchdog(pgCtl, dir) {
  const child = spawn(process.execPath, [watchdogScript, JSON.stringify({ command: asOwner([pgCtl]), dir })], {
    detached: true,
    stdio: ["pipe", "ignore", "ignore"],
  });
  // The pipe is how the watchdog learns that its caller is gone; it must not keep the caller alive.
  child.unref();
  child.stdin.unref();
  return child;
}

const quoted = (name) => `"${name.replaceAll('"', '""')}"`;

async function createDatabase(url, database, template = null) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`create database ${quoted(database)}${template ? ` template ${quoted(template)}` : ""}`);
  } finally {
    await client.end();
  }
}

async function namedDatabase(url, prefix, template) {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  await createDatabase(url, name, template);
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.href;
}

/**
 * A new, empty database with a unique name (`<prefix>_<random>`) on the server at `url` (any database URL of it);
 * its URL. The app migrates it when it starts.
 */
export function newDatabase(url, prefix = "starlight") {
  return namedDatabase(url, prefix, null);
}

/**
 * A copy (CREATE DATABASE … TEMPLATE) of the database at `template`, to which nothing may be connected, with a unique
 * name (`<prefix>_<random>`) on the same server; its URL. Much faster than migrating a new database. PostgreSQL
 * refuses a copy while another copy of the same template is being made (55006, "being accessed by other users"):
 * that one is tried again shortly, up to a minute.
 */
export async function copyDatabase(template, prefix = "starlight") {
  const source = decodeURIComponent(new URL(template).pathname.slice(1));
  for (let attempt = 1; ; attempt++) {
    try {
      return await namedDatabase(template, prefix, source);
    } catch (error) {
      if (error?.code !== "55006" || attempt >= 300) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 150));
    }
  }
}

/** Drops the database at `url` (made by newDatabase), ending any connection still open to it. */
export async function dropDatabase(url) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  target.pathname = "/postgres";
  const client = new pg.Client({ connectionString: target.href });
  await client.connect();
  try {
    await client.query(`drop database if exists ${quoted(name)} with (force)`);
  } finally {
    await client.end();
  }
}

/**
 * Starts a fresh cluster (trust auth, C locale, UTF-8, fsync off) on `port` (a free one when not given) and, when
 * `database` is given, creates it. Resolves once the server accepts connections.
 */
export async function startPostgres({ port, database } = {}) {
  const bin = binDir();
  const pgCtl = path.join(bin, "pg_ctl");
  const dir = makeFolder();
  const watchdog = startWatchdog(pgCtl, dir);
  const data = path.join(dir, "data");
  const stop = async () => {
    watchdog.kill("SIGKILL");
    try {
      if (fs.existsSync(path.join(data, "postmaster.pid"))) run([pgCtl, "stop", "-D", data, "-m", "fast", "-w"]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
  try {
    run([
      path.join(bin, "initdb"),
      "-D",
      data,
      "-U",
      "postgres",
      "--auth=trust",
      "--locale=C",
      "--encoding=UTF8",
      "--no-sync",
      "--no-instructions",
    ]);
    const chosen = port ?? (await freePort());
    const options = `-c listen_addresses=127.0.0.1 -p ${chosen} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
    const log = path.join(dir, "server.log");
    try {
      run([pgCtl, "start", "-D", data, "-l", log, "-w", "-t", "60", "-o", options]);
    } catch (error) {
      const tail = fs.existsSync(log) ? fs.readFileSync(log, "utf8") : "";
      throw new Error(`${error instanceof Error ? error.message : error}\n${tail}`);
    }
    const server = `postgres://postgres@127.0.0.1:${chosen}`;
    if (database) await createDatabase(`${server}/postgres`, database);
    return { url: `${server}/${database ?? "postgres"}`, dir, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function cli() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { port: { type: "string" }, database: { type: "string" } },
  });
  if (positionals[0] !== "start") {
    console.error("usage: node scripts/postgres.mjs start [--port N] [--database NAME]");
    process.exit(2);
  }
  const startedAt = performance.now();
  const cluster = await startPostgres({
    port: values.port ? Number(values.port) : undefined,
    database: values.database,
  });
  console.log(cluster.url);
  console.error(
    `[postgres] ready in ${Math.round(performance.now() - startedAt)} ms; Ctrl-C stops it and removes ${cluster.dir}`,
  );
  const shutdown = () => cluster.stop().then(() => process.exit(0));
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);
  // The pipe to the watchdog is unref'd, so something must keep the process waiting for a signal.
  setInterval(() => {}, 1 << 30);
}

// No top-level await: the load and fault tests' TypeScript, which tsx compiles to CommonJS, imports this module.
if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  cli().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
