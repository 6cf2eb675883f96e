/** drizzle-kit's separator between the statements of one migration file. */
export const BREAK = "\n--> statement-breakpoint\n";

export interface TriggerMigration {
  /** Comment lines that open the file. */
  header: string;
  /** Trigger names on `sessions`. */
  triggers: { insert: string; delete: string; update: string };
  /** Statements that empty and refill the kept tables from the stored sessions. */
  refill: readonly string[];
  /** The trigger body that adds NEW's contributions, and the one that subtracts OLD's. */
  add: string;
  subtract: string;
  /** The columns whose update moves a session's contributions. */
  inputColumns: readonly string[];
}

/**
 * A migration that keeps aggregates of `sessions` by triggers: drop the triggers, refill the tables, then
 * create AFTER INSERT (add), AFTER DELETE (subtract) and AFTER UPDATE OF the input columns (subtract, add).
 */
export function triggerMigrationSql(m: TriggerMigration): string {
  return `${[
    `${m.header}\n${Object.values(m.triggers)
      .map((name) => `DROP TRIGGER IF EXISTS \`${name}\`;`)
      .join(BREAK)}`,
    ...m.refill,
    `CREATE TRIGGER \`${m.triggers.insert}\` AFTER INSERT ON \`sessions\` BEGIN\n${m.add}\nEND;`,
    `CREATE TRIGGER \`${m.triggers.delete}\` AFTER DELETE ON \`sessions\` BEGIN\n${m.subtract}\nEND;`,
    `CREATE TRIGGER \`${m.triggers.update}\` AFTER UPDATE OF ${m.inputColumns.join(", ")} ON \`sessions\` BEGIN\n${m.subtract}\n${m.add}\nEND;`,
  ].join(BREAK)}\n`;
}
