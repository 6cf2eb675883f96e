import { defineConfig } from "drizzle-kit";

// The PostgreSQL backend's migrations (docs/postgres.md), generated from db/pg/schema.ts; db/pg/migrate.ts applies them.
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/pg/schema.ts",
  out: "./db/pg/migrations",
});
