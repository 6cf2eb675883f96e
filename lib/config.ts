import { z } from "zod";

/** Every setting Starlight reads from the environment, validated in one place (documented in README). */
const ConfigSchema = z.object({
  STARLIGHT_DB: z.string().min(1).default("./data/starlight.db"),
  STARLIGHT_MAX_BODY_MB: z.coerce.number().positive().max(10_240).default(100),
  STARLIGHT_MEMORY_HALF_LIFE_DAYS: z.coerce.number().positive().max(36_500).default(30),
  STARLIGHT_PROMOTE_AFTER: z.coerce.number().int().min(1).max(1_000).default(3),
});

export type Config = { dbPath: string; maxBodyBytes: number; memoryHalfLifeDays: number; promoteAfter: number };

export function readConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid Starlight configuration: ${issues}`);
  }
  return {
    dbPath: parsed.data.STARLIGHT_DB,
    maxBodyBytes: Math.round(parsed.data.STARLIGHT_MAX_BODY_MB * 1024 * 1024),
    memoryHalfLifeDays: parsed.data.STARLIGHT_MEMORY_HALF_LIFE_DAYS,
    promoteAfter: parsed.data.STARLIGHT_PROMOTE_AFTER,
  };
}
