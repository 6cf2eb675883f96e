// A new PostgreSQL database for a load, fault or benchmark run: on the server of STARLIGHT_TEST_DATABASE_URL when set
// (npm test starts one cluster for the whole run), else on a throwaway cluster started here and stopped by `stop`.
import { dropDatabase, newDatabase, startPostgres } from "../postgres.mjs";

export interface TestDatabase {
  url: string;
  /** Drops the database, and stops the cluster if one was started for it. */
  stop(): Promise<void>;
}

export async function testDatabase(prefix: string): Promise<TestDatabase> {
  const given = process.env.STARLIGHT_TEST_DATABASE_URL;
  const cluster = given ? null : await startPostgres();
  const url = await newDatabase(given ?? cluster!.url, prefix);
  return {
    url,
    async stop() {
      if (cluster) await cluster.stop();
      else await dropDatabase(url);
    },
  };
}
