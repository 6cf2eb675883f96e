import type { TestProject } from "vitest/node";
import { migratePg } from "@/db/pg/migrate";
import { dropDatabase, newDatabase, startPostgres } from "../../scripts/postgres.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated database each PostgreSQL test file's own database is copied from (support/postgres.ts). */
    postgresTemplate: string;
  }
}

/**
 * Vitest globalSetup of the integration-pg project: one migrated database that every test file copies (CREATE
 * DATABASE … TEMPLATE) instead of running the migrations again, on STARLIGHT_TEST_DATABASE_URL's server or on a
 * throwaway cluster started here for the whole run. Dropped (or the cluster stopped) when the run ends.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const given = process.env.STARLIGHT_TEST_DATABASE_URL;
  const cluster = given ? null : await startPostgres();
  const template = await newDatabase(given ?? cluster!.url, "starlight_template");
  await migratePg(template);
  project.provide("postgresTemplate", template);
  return async () => {
    await dropDatabase(template);
    await cluster?.stop();
  };
}
