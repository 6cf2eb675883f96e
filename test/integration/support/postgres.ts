import { inject } from "vitest";
import { copyDatabase } from "../../../scripts/postgres.mjs";

/**
 * A new, uniquely named database holding Starlight's migrated schema, on the test PostgreSQL server: a copy of the
 * run's template (postgres-template.ts); its URL.
 */
export function freshDatabase(): Promise<string> {
  return copyDatabase(inject("postgresTemplate"), "starlight_test");
}
