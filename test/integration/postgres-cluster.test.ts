import { spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { startPostgres } from "../../scripts/postgres.mjs";

const script = path.resolve("scripts/postgres.mjs");

async function query(url: string, text: string): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

/** Processes whose command line names `dir`: the postmaster and its workers run with `-D <dir>/data`. */
function processesIn(dir: string): number[] {
  return fs
    .readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(dir);
      } catch {
        return false;
      }
    })
    .map(Number);
}

async function eventually(check: () => boolean, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((resolve) => setTimeout(resolve, 100)))
    if (check()) return true;
  return check();
}

describe("the throwaway PostgreSQL cluster (scripts/postgres.mjs)", () => {
  it("starts with the asked-for database, C collation and UTF-8, answers queries, and leaves nothing once stopped", async () => {
    const cluster = await startPostgres({ database: "cluster_check" });
    expect(cluster.url).toMatch(/^postgres:\/\/postgres@127\.0\.0\.1:\d+\/cluster_check$/);
    const [settings] = await query(
      cluster.url,
      "select current_database() as db, current_setting('lc_collate') as collate, current_setting('server_encoding') as encoding, current_setting('listen_addresses') as listen, 6 * 7 as answer",
    );
    expect(settings).toEqual({ db: "cluster_check", collate: "C", encoding: "UTF8", listen: "127.0.0.1", answer: 42 });
    await cluster.stop();
    expect(fs.existsSync(cluster.dir)).toBe(false);
    expect(processesIn(cluster.dir)).toEqual([]);
    await expect(query(cluster.url, "select 1")).rejects.toThrow(/ECONNREFUSED/);
  });

  it("is stopped and removed by its watchdog when the process that started it is killed with SIGKILL", async () => {
    const child = spawn(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `import { startPostgres } from ${JSON.stringify(script)}; const c = await startPostgres(); console.log(JSON.stringify(c)); setInterval(() => {}, 1e9);`,
      ],
      {
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    const [line] = (await once(readline.createInterface({ input: child.stdout }), "line")) as [string];
    const { url, dir } = JSON.parse(line) as { url: string; dir: string };
    expect(await query(url, "select 1 as one")).toEqual([{ one: 1 }]);
    expect(processesIn(dir).length).toBeGreaterThan(0);
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGKILL");
    await exited;
    expect(await eventually(() => !fs.existsSync(dir) && processesIn(dir).length === 0, 10_000)).toBe(true);
  });
});
