import { z } from "zod";

/** Every setting Starlight reads from the environment, validated in one place (documented in docs/configuration.md). */
const ConfigSchema = z
  .object({
    STARLIGHT_DB: z.string().min(1).default("./data/starlight.db"),
    STARLIGHT_DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\/\S+$/, "a PostgreSQL URL: postgres://user:password@host:5432/database")
      .optional(),
    STARLIGHT_MAX_BODY_MB: z.coerce.number().positive().max(10_240).default(100),
    STARLIGHT_MEMORY_HALF_LIFE_DAYS: z.coerce.number().positive().max(36_500).default(30),
    STARLIGHT_PROMOTE_AFTER: z.coerce.number().int().min(1).max(1_000).default(3),
    STARLIGHT_LOGIN_ATTEMPTS: z.coerce.number().int().min(1).max(100_000).default(10),
    STARLIGHT_INGEST_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
    STARLIGHT_LOGIN_FAILURES: z.coerce.number().int().min(1).max(100_000).default(10),
    STARLIGHT_MCP_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(300),
    STARLIGHT_MCP_CONCURRENT: z.coerce.number().int().min(1).max(1_000).default(4),
    STARLIGHT_UPLOADS_CONCURRENT: z.coerce.number().int().min(1).max(1_000).default(4),
    STARLIGHT_UPLOAD_IDLE_SECONDS: z.coerce.number().positive().max(3_600).default(30),
    STARLIGHT_TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
    STARLIGHT_SETUP_CODE: z.string().trim().min(8).max(100).optional(),
    STARLIGHT_ADMIN_EMAIL: z.email().optional(),
    STARLIGHT_ADMIN_PASSWORD: z.string().min(10).max(200).optional(),
  })
  .refine((env) => (env.STARLIGHT_ADMIN_EMAIL === undefined) === (env.STARLIGHT_ADMIN_PASSWORD === undefined), {
    message: "set both STARLIGHT_ADMIN_EMAIL and STARLIGHT_ADMIN_PASSWORD, or neither",
    path: ["STARLIGHT_ADMIN_PASSWORD"],
  });

export type Config = {
  dbPath: string;
  /** The PostgreSQL server to use instead of the SQLite file, for a team's instance; null: the embedded SQLite file. */
  databaseUrl: string | null;
  maxBodyBytes: number;
  memoryHalfLifeDays: number;
  promoteAfter: number;
  /** Sign-in attempts allowed per client address per 10 minutes. */
  loginAttemptsPer10Min: number;
  /** Upload requests allowed per token, person or address per minute. */
  ingestRequestsPerMinute: number;
  /** Failed sign-ins allowed per account (email) per 10 minutes. */
  loginFailuresPerAccount: number;
  /** MCP messages (each tool call of a batch counts) allowed per token and per person per minute. */
  mcpMessagesPerMinute: number;
  /** MCP requests one person may have under way at once, in one web process. */
  mcpConcurrent: number;
  /** Uploads (ingest, ablation runs) one person may have under way at once, in one web process. */
  uploadsConcurrent: number;
  /** An upload whose body sends no byte for this long is answered 408 and its temp folder removed. */
  uploadIdleMs: number;
  /** Reverse proxies in front of Starlight whose X-Forwarded-* headers are believed (0: none, use the connection). */
  trustProxyHops: number;
  /** The first-run setup code, when fixed by the environment instead of generated at start. */
  setupCode: string | null;
  /** Creates this admin at start when nobody has an account yet (headless deployments). */
  bootstrapAdmin: { email: string; password: string } | null;
};

export function readConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid Starlight configuration: ${issues}`);
  }
  return {
    dbPath: parsed.data.STARLIGHT_DB,
    databaseUrl: parsed.data.STARLIGHT_DATABASE_URL ?? null,
    maxBodyBytes: Math.round(parsed.data.STARLIGHT_MAX_BODY_MB * 1024 * 1024),
    memoryHalfLifeDays: parsed.data.STARLIGHT_MEMORY_HALF_LIFE_DAYS,
    promoteAfter: parsed.data.STARLIGHT_PROMOTE_AFTER,
    loginAttemptsPer10Min: parsed.data.STARLIGHT_LOGIN_ATTEMPTS,
    ingestRequestsPerMinute: parsed.data.STARLIGHT_INGEST_PER_MINUTE,
    loginFailuresPerAccount: parsed.data.STARLIGHT_LOGIN_FAILURES,
    mcpMessagesPerMinute: parsed.data.STARLIGHT_MCP_PER_MINUTE,
    mcpConcurrent: parsed.data.STARLIGHT_MCP_CONCURRENT,
    uploadsConcurrent: parsed.data.STARLIGHT_UPLOADS_CONCURRENT,
    uploadIdleMs: Math.round(parsed.data.STARLIGHT_UPLOAD_IDLE_SECONDS * 1000),
    trustProxyHops: parsed.data.STARLIGHT_TRUST_PROXY,
    setupCode: parsed.data.STARLIGHT_SETUP_CODE ?? null,
    bootstrapAdmin:
      parsed.data.STARLIGHT_ADMIN_EMAIL && parsed.data.STARLIGHT_ADMIN_PASSWORD
        ? { email: parsed.data.STARLIGHT_ADMIN_EMAIL, password: parsed.data.STARLIGHT_ADMIN_PASSWORD }
        : null,
  };
}
