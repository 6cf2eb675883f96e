import { type Db } from "@/db/client";
import { statement } from "@/db/engine/statement";

const tables = statement<{ name: string }>(
  "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name",
);

/**
 * On PostgreSQL, whose files are the server's (paged, compressed, shared with other databases), what a test can
 * read of everything stored: every value of every row of every table of the database's schema, memories' full-text
 * vectors included, as bytes (text in UTF-8), a newline after each.
 */
export async function postgresStoredBytes(db: Db): Promise<Buffer> {
  const parts: Buffer[] = [];
  for (const { name } of await tables.all(db)) {
    for (const row of await statement(`SELECT * FROM "${name}"`).all(db)) {
      for (const value of Object.values(row))
        parts.push(Buffer.isBuffer(value) ? value : Buffer.from(String(value)), Buffer.from("\n"));
    }
  }
  return Buffer.concat(parts);
}
