import { z } from "zod";
import { migratePg } from "@/db/pg/migrate";
import { newDatabase, startPostgres } from "../../../scripts/postgres.mjs";

/**
 * The PostgreSQL server the tests of this process use: STARLIGHT_TEST_DATABASE_URL when set (a server someone
 * runs, whose role may create databases), else a throwaway cluster started once per test process. That cluster's
 * watchdog stops and removes it when the process exits. Kept on globalThis so that test files sharing a process
 * share it too.
 */
function testPostgres(): Promise<string> {
  const holder = globalThis as { starlightTestPostgres?: Promise<string> };
  const given = process.env.STARLIGHT_TEST_DATABASE_URL;
  holder.starlightTestPostgres ??= given ? Promise.resolve(z.url({ protocol: /^postgres(ql)?$/ }).parse(given)) : startPostgres().then((cluster) => cluster.url);
  return holder.starlightTestPostgres;
}

/** A new, uniquely named database on the test server, migrated with migratePg; its URL. */
export async function freshDatabase(): Promise<string> {
  const url = await newDatabase(await testPostgres(), "starlight_test");
  await migratePg(url);
  return url;
}
