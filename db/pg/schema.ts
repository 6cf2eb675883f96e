import { sql } from "drizzle-orm";
import { bigint, doublePrecision, index, pgTable, primaryKey, smallint, text, uniqueIndex } from "drizzle-orm/pg-core";
import { DOMAIN_COLUMNS, STRATUM_MOMENT_COLUMNS } from "../stats-columns";

/**
 * The PostgreSQL tables, for DDL only: the app queries PostgreSQL through the SQLite schema (db/schema.ts), so each
 * table here stores and returns exactly what SQLite's column mappers send and expect. SQLite integers are bigint
 * (read back as JS numbers), booleans smallint 0/1 (so `sum(flag)` and `flag = 1` work unchanged), reals double
 * precision, text and JSON text. Same names, nullability, defaults, keys, indexes and ON DELETE actions as SQLite
 * (test/integration/pg-schema.test.ts compares the two catalogs). Not mirrored: the FTS5 tables `memories_fts` and
 * `memories_words`, whose PostgreSQL counterparts are the `search` and `words` columns of migration 0009.
 */

const int = (name: string) => bigint(name, { mode: "number" });
const flag = (name: string) => smallint(name);
const float = (name: string) => doublePrecision(name);
const id = () => int("id").primaryKey().generatedByDefaultAsIdentity();

/** Epoch milliseconds, set by PostgreSQL when a row is written without one; clock_timestamp, as SQLite's clock is not per transaction. */
const nowMs = sql`(extract(epoch from clock_timestamp()) * 1000)::bigint`;

export const projects = pgTable("projects", {
  id: id(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  createdAt: int("created_at").notNull().default(nowMs),
  lastActivityAt: int("last_activity_at"),
  reviewGuidance: flag("review_guidance"),
  justInTime: text("just_in_time").notNull().default("on"),
});

export const sessions = pgTable(
  "sessions",
  {
    id: id(),
    projectId: int("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    format: text("format").notNull(),
    externalId: text("external_id").notNull(),
    sessionId: text("session_id"),
    agent: text("agent").notNull(),
    task: text("task"),
    domain: text("domain").notNull(),
    category: text("category").notNull(),
    startedAt: int("started_at").notNull(),
    endedAt: int("ended_at"),
    durationMs: int("duration_ms"),
    promptCount: int("prompt_count"),
    prompts: text("prompts").notNull().default("[]"),
    successScore: float("success_score").notNull(),
    successSource: text("success_source").notNull(),
    successSignals: text("success_signals"),
    successScoreUnverified: float("success_score_unverified").notNull().default(0),
    originalScore: float("original_score"),
    originalSource: text("original_source"),
    overriddenAt: int("overridden_at"),
    critique: text("critique"),
    models: text("models").notNull(),
    gitBranch: text("git_branch"),
    tokensInput: int("tokens_input"),
    tokensOutput: int("tokens_output"),
    tokensCacheRead: int("tokens_cache_read"),
    tokensCacheCreation: int("tokens_cache_creation"),
    tokensByModel: text("tokens_by_model").notNull().default("{}"),
    toolBreakdown: text("tool_breakdown").notNull(),
    operationCount: int("operation_count").notNull(),
    filesModifiedCount: int("files_modified_count").notNull(),
    filesReadCount: int("files_read_count"),
    verifiedAfterEdit: flag("verified_after_edit"),
    verificationPassed: flag("verification_passed"),
    readBeforeEditRatio: float("read_before_edit_ratio"),
    blindEdits: int("blind_edits"),
    delegated: flag("delegated"),
    toolErrors: int("tool_errors"),
    interruptions: int("interruptions"),
    shellOps: int("shell_ops").notNull(),
    raw: text("raw").notNull(),
    ingestedAt: int("ingested_at").notNull().default(nowMs),
    uploadedByUserId: int("uploaded_by_user_id"),
    uploadedByTokenId: int("uploaded_by_token_id"),
    uploadedBy: text("uploaded_by"),
  },
  (t) => [
    uniqueIndex("sessions_project_external").on(t.projectId, t.externalId),
    index("sessions_project_started").on(t.projectId, t.startedAt, t.id),
    index("sessions_project_success").on(t.projectId, t.successScore, t.id),
    index("sessions_project_operations").on(t.projectId, t.operationCount, t.id),
    index("sessions_project_session").on(t.projectId, t.sessionId),
    index("sessions_project_category").on(t.projectId, t.category),
    index("sessions_project_domain").on(t.projectId, t.domain),
    index("sessions_project_uploader").on(t.projectId, t.uploadedBy),
  ],
);

export const operations = pgTable(
  "operations",
  {
    sessionId: int("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    seq: int("seq").notNull(),
    tool: text("tool").notNull(),
    file: text("file"),
    command: text("command"),
    isError: flag("is_error").notNull(),
    at: int("at"),
    delegated: flag("delegated").notNull(),
    output: text("output"),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.seq] })],
);

export const sessionFiles = pgTable(
  "session_files",
  {
    sessionId: int("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    path: text("path").notNull(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.role, t.path] })],
);

export const transcriptFiles = pgTable(
  "transcript_files",
  {
    id: id(),
    projectId: int("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    sessionId: text("session_id").notNull(),
    part: text("part").notNull(),
    name: text("name").notNull(),
    contentHash: text("content_hash").notNull(),
    content: text("content").notNull(),
    lineCount: int("line_count").notNull(),
    receivedAt: int("received_at").notNull().default(nowMs),
  },
  (t) => [
    uniqueIndex("transcript_files_session_part").on(t.projectId, t.sessionId, t.part),
    index("transcript_files_part").on(t.projectId, t.part),
  ],
);

export const toolPatterns = pgTable(
  "tool_patterns",
  {
    id: id(),
    projectId: int("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    sequence: text("sequence").notNull(),
    type: text("type"),
    count: int("count").notNull(),
    avgSuccess: float("avg_success").notNull(),
    category: text("category").notNull(),
    discoveredAt: int("discovered_at"),
    lastSeen: int("last_seen"),
    updatedAt: int("updated_at").notNull().default(nowMs),
  },
  (t) => [uniqueIndex("tool_patterns_project_sequence").on(t.projectId, t.sequence)],
);

export const users = pgTable("users", {
  id: id(),
  email: text("email").notNull().unique(),
  name: text("name").notNull(),
  passwordHash: text("password_hash").notNull(),
  isAdmin: flag("is_admin").notNull().default(0),
  createdAt: int("created_at").notNull().default(nowMs),
});

export const memories = pgTable(
  "memories",
  {
    id: id(),
    projectId: int("project_id").references(() => projects.id, { onDelete: "cascade" }),
    category: text("category").notNull(),
    content: text("content").notNull(),
    tags: text("tags").notNull().default(""),
    confidence: float("confidence").notNull(),
    source: text("source").notNull().unique(),
    sessionId: int("session_id").references(() => sessions.id, { onDelete: "cascade" }),
    patternId: int("pattern_id").references(() => toolPatterns.id, { onDelete: "cascade" }),
    pinned: flag("pinned").notNull().default(0),
    pinnedBy: int("pinned_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: int("created_at").notNull().default(nowMs),
    updatedAt: int("updated_at").notNull().default(nowMs),
    reinforcedAt: int("reinforced_at"),
  },
  (t) => [
    index("memories_project_category").on(t.projectId, t.category, t.confidence, t.pinned, t.createdAt, t.reinforcedAt),
    index("memories_pinned").on(t.projectId).where(sql`pinned = 1`),
    index("memories_browse").on(
      t.updatedAt,
      t.projectId,
      t.category,
      t.confidence,
      t.pinned,
      t.createdAt,
      t.reinforcedAt,
    ),
    index("memories_session").on(t.sessionId),
    index("memories_pattern").on(t.patternId),
  ],
);

/** Kept by triggers on memories (SQLite migration 0014); no foreign key, as there: project_key 0 is the global memories. */
export const memoryCounts = pgTable(
  "memory_counts",
  {
    projectKey: int("project_key").notNull(),
    category: text("category").notNull(),
    n: int("n").notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectKey, t.category] })],
);

export const guidanceVersions = pgTable(
  "guidance_versions",
  {
    id: id(),
    projectId: int("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    generation: int("generation").notNull(),
    contentHash: text("content_hash").notNull(),
    createdAt: int("created_at").notNull().default(nowMs),
    content: text("content").notNull(),
  },
  (t) => [uniqueIndex("guidance_versions_project_generation").on(t.projectId, t.generation)],
);

export const guidanceReviews = pgTable(
  "guidance_reviews",
  {
    projectId: int("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    itemKey: text("item_key").notNull(),
    acceptedText: text("accepted_text"),
    acceptedHash: text("accepted_hash"),
    acceptedItem: text("accepted_item"),
    acceptedBy: text("accepted_by"),
    acceptedAt: int("accepted_at"),
    rejectedHash: text("rejected_hash"),
    rejectedBy: text("rejected_by"),
    rejectedAt: int("rejected_at"),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.itemKey] })],
);

export const agentNoteFiles = pgTable(
  "agent_note_files",
  {
    id: id(),
    projectId: int("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    uploader: text("uploader").notNull(),
    uploaderKey: text("uploader_key").notNull(),
    agent: text("agent").notNull(),
    path: text("path").notNull(),
    content: text("content").notNull(),
    contentHash: text("content_hash").notNull(),
    storedAt: int("stored_at").notNull(),
  },
  (t) => [uniqueIndex("agent_note_files_source").on(t.projectId, t.uploaderKey, t.agent, t.path)],
);

export const ruleHistory = pgTable(
  "rule_history",
  {
    projectId: int("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    generation: int("generation").notNull(),
    ruleKey: text("rule_key").notNull(),
    support: text("support").notNull(),
    instruction: text("instruction").notNull(),
    evidenceLine: text("evidence_line").notNull(),
    evidence: text("evidence").notNull(),
    tested: text("tested"),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.ruleKey, t.generation] }),
    index("rule_history_project_generation").on(t.projectId, t.generation),
  ],
);

export const sources = pgTable("sources", {
  id: id(),
  name: text("name").notNull().unique(),
  kind: text("kind").notNull(),
  path: text("path").notNull(),
  project: text("project"),
  createdAt: int("created_at").notNull().default(nowMs),
  lastSyncedAt: int("last_synced_at"),
  lastResult: text("last_result"),
});

export const sourceFiles = pgTable(
  "source_files",
  {
    sourceId: int("source_id")
      .notNull()
      .references(() => sources.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    size: int("size").notNull(),
    mtimeMs: int("mtime_ms").notNull(),
    project: text("project"),
    importedAt: int("imported_at").notNull().default(nowMs),
  },
  (t) => [primaryKey({ columns: [t.sourceId, t.name] })],
);

export const scoreSnapshots = pgTable(
  "score_snapshots",
  {
    id: id(),
    projectId: int("project_id").references(() => projects.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    total: float("total").notNull(),
    grade: text("grade").notNull(),
    components: text("components").notNull(),
    createdAt: int("created_at").notNull().default(nowMs),
  },
  (t) => [uniqueIndex("score_snapshots_scope_day").on(sql`coalesce(${t.projectId}, 0)`, t.day)],
);

/** A signed-in browser. The id is the SHA-256 of the cookie's secret, so the database never holds the cookie. */
export const signIns = pgTable(
  "sign_ins",
  {
    id: text("id").primaryKey(),
    userId: int("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: int("created_at").notNull().default(nowMs),
    lastSeenAt: int("last_seen_at").notNull().default(nowMs),
    expiresAt: int("expires_at").notNull(),
  },
  (t) => [index("sign_ins_user").on(t.userId)],
);

export const projectMembers = pgTable(
  "project_members",
  {
    projectId: int("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    userId: int("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    createdAt: int("created_at").notNull().default(nowMs),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] }), index("project_members_user").on(t.userId)],
);

export const projectShares = pgTable(
  "project_shares",
  {
    sourceProjectId: int("source_project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    targetProjectId: int("target_project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    createdBy: int("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: int("created_at").notNull().default(nowMs),
  },
  (t) => [
    primaryKey({ columns: [t.targetProjectId, t.sourceProjectId] }),
    index("project_shares_source").on(t.sourceProjectId),
  ],
);

export const apiTokens = pgTable("api_tokens", {
  id: id(),
  userId: int("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  tokenHash: text("token_hash").notNull().unique(),
  prefix: text("prefix").notNull(),
  permissions: text("permissions").notNull(),
  allProjects: flag("all_projects").notNull().default(0),
  createdAt: int("created_at").notNull().default(nowMs),
  lastUsedAt: int("last_used_at"),
  revokedAt: int("revoked_at"),
});

export const apiTokenProjects = pgTable(
  "api_token_projects",
  {
    tokenId: int("token_id")
      .notNull()
      .references(() => apiTokens.id, { onDelete: "cascade" }),
    projectId: int("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.tokenId, t.projectId] }), index("api_token_projects_project").on(t.projectId)],
);

export const auditLog = pgTable(
  "audit_log",
  {
    id: id(),
    at: int("at").notNull().default(nowMs),
    userId: int("user_id").references(() => users.id, { onDelete: "set null" }),
    actor: text("actor").notNull(),
    action: text("action").notNull(),
    target: text("target"),
    detail: text("detail"),
    ip: text("ip"),
  },
  (t) => [index("audit_log_at").on(t.at)],
);

export const experiments = pgTable(
  "experiments",
  {
    id: id(),
    projectId: int("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    holdoutShare: float("holdout_share").notNull(),
    salt: text("salt").notNull(),
    startedAt: int("started_at").notNull().default(nowMs),
    endedAt: int("ended_at"),
  },
  (t) => [index("experiments_project").on(t.projectId, t.endedAt)],
);

export const guidanceDeliveries = pgTable(
  "guidance_deliveries",
  {
    id: id(),
    experimentId: int("experiment_id")
      .notNull()
      .references(() => experiments.id, { onDelete: "cascade" }),
    projectId: int("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    sessionId: text("session_id").notNull(),
    arm: text("arm").notNull(),
    generation: int("generation"),
    rules: text("rules").notNull(),
    leftOut: text("left_out"),
    deliveredAt: int("delivered_at").notNull().default(nowMs),
    requests: int("requests").notNull().default(1),
  },
  (t) => [
    uniqueIndex("guidance_deliveries_experiment_session").on(t.experimentId, t.sessionId),
    index("guidance_deliveries_project_session").on(t.projectId, t.sessionId),
  ],
);

export const toolCallNotes = pgTable(
  "tool_call_notes",
  {
    id: id(),
    projectId: int("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    experimentId: int("experiment_id").references(() => experiments.id, { onDelete: "cascade" }),
    sessionId: text("session_id").notNull(),
    itemKey: text("item_key").notNull(),
    moment: text("moment").notNull(),
    tool: text("tool").notNull(),
    /**
     * given: the note was handed to the agent; drawn-out: due, but the item's draw (lib/experiment/arm.ts) withheld it
     * from this guidance-arm session; holdout: due, but the session is in the experiment's holdout.
     */
    delivery: text("delivery").notNull().default("given"),
    deliveredAt: int("delivered_at").notNull().default(nowMs),
  },
  (t) => [uniqueIndex("tool_call_notes_project_session_item").on(t.projectId, t.sessionId, t.itemKey)],
);

const momentCount = (name: string) => int(name).notNull().default(0);
const momentSum = (name: string) => float(name).notNull().default(0);
const momentColumns = (names: readonly string[], isCount: (name: string) => boolean) =>
  Object.fromEntries(names.map((c) => [c, isCount(c) ? momentCount(c) : momentSum(c)]));

export const projectDomainStats = pgTable(
  "project_domain_stats",
  {
    projectId: int("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    domain: text("domain").notNull(),
    ...momentColumns(DOMAIN_COLUMNS, (c) => c.endsWith("_n")),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.domain] })],
);

const stratumMomentColumns = () => momentColumns(STRATUM_MOMENT_COLUMNS, (c) => c === "n");

export const projectStratumStats = pgTable(
  "project_stratum_stats",
  {
    projectId: int("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    domain: text("domain").notNull(),
    stratum: int("stratum").notNull(),
    ...stratumMomentColumns(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.domain, t.stratum] })],
);

export const projectToolStratumStats = pgTable(
  "project_tool_stratum_stats",
  {
    projectId: int("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    domain: text("domain").notNull(),
    tool: text("tool").notNull(),
    stratum: int("stratum").notNull(),
    ...stratumMomentColumns(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.domain, t.tool, t.stratum] })],
);

export const projectDayStats = pgTable(
  "project_day_stats",
  {
    projectId: int("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    agent: text("agent").notNull(),
    domain: text("domain").notNull(),
    category: text("category").notNull(),
    n: int("n").notNull().default(0),
    successSum: float("success_sum").notNull().default(0),
    withTokens: int("with_tokens").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.day, t.agent, t.domain, t.category] })],
);

export const projectDayToolStats = pgTable(
  "project_day_tool_stats",
  {
    projectId: int("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    agent: text("agent").notNull(),
    tool: text("tool").notNull(),
    calls: float("calls").notNull().default(0),
    sessions: int("sessions").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.day, t.agent, t.tool] })],
);

export const projectDayModelStats = pgTable(
  "project_day_model_stats",
  {
    projectId: int("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    agent: text("agent").notNull(),
    model: text("model").notNull(),
    sessions: int("sessions").notNull().default(0),
    input: float("input").notNull().default(0),
    output: float("output").notNull().default(0),
    cacheRead: float("cache_read").notNull().default(0),
    cacheCreation: float("cache_creation").notNull().default(0),
    reasoning: float("reasoning").notNull().default(0),
    cacheCreationHour: float("cache_creation_hour").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.day, t.agent, t.model] })],
);

export const rateLimitBuckets = pgTable(
  "rate_limit_buckets",
  {
    kind: text("kind").notNull(),
    client: text("client").notNull(),
    tokens: float("tokens").notNull(),
    updatedAt: int("updated_at").notNull(),
    taken: flag("taken").notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.client] }), index("rate_limit_buckets_updated").on(t.updatedAt)],
);

export const setupCodes = pgTable("setup_codes", {
  codeHash: text("code_hash").primaryKey(),
  createdAt: int("created_at").notNull().default(nowMs),
});

export const ablations = pgTable(
  "ablations",
  {
    id: id(),
    projectId: int("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    suite: text("suite").notNull(),
    agent: text("agent").notNull(),
    tasks: text("tasks").notNull(),
    arms: text("arms").notNull(),
    runs: int("runs").notNull(),
    seed: int("seed").notNull(),
    generation: int("generation").notNull(),
    rules: text("rules").notNull(),
    guidanceHash: text("guidance_hash").notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: int("created_at").notNull().default(nowMs),
  },
  (t) => [index("ablations_project").on(t.projectId, t.createdAt)],
);

export const ablationRuns = pgTable(
  "ablation_runs",
  {
    id: id(),
    ablationId: int("ablation_id")
      .notNull()
      .references(() => ablations.id, { onDelete: "cascade" }),
    task: text("task").notNull(),
    arm: text("arm").notNull(),
    run: int("run").notNull(),
    status: text("status").notNull(),
    setup: text("setup"),
    agent: text("agent"),
    check: text("check"),
    detail: text("detail"),
    session: text("session"),
    reportedAt: int("reported_at").notNull().default(nowMs),
  },
  (t) => [uniqueIndex("ablation_runs_run").on(t.ablationId, t.task, t.arm, t.run)],
);

export const otelEvents = pgTable(
  "otel_events",
  {
    projectId: int("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    eventKey: text("event_key").notNull(),
    name: text("name").notNull(),
    sessionId: text("session_id"),
    person: text("person"),
    at: int("at").notNull(),
    model: text("model"),
    costUsd: float("cost_usd"),
    inputTokens: int("input_tokens"),
    outputTokens: int("output_tokens"),
    cacheReadTokens: int("cache_read_tokens"),
    cacheCreationTokens: int("cache_creation_tokens"),
    toolName: text("tool_name"),
    success: flag("success"),
    decision: text("decision"),
    decisionSource: text("decision_source"),
    error: text("error"),
    statusCode: int("status_code"),
    durationMs: int("duration_ms"),
    promptLength: int("prompt_length"),
    prompt: text("prompt"),
    attributes: text("attributes").notNull(),
    uploadedBy: text("uploaded_by").notNull(),
    receivedAt: int("received_at").notNull().default(nowMs),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.eventKey] }),
    index("otel_events_project_session").on(t.projectId, t.sessionId),
  ],
);

export const otelMetricPoints = pgTable(
  "otel_metric_points",
  {
    projectId: int("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    pointKey: text("point_key").notNull(),
    name: text("name").notNull(),
    sessionId: text("session_id"),
    person: text("person"),
    model: text("model"),
    type: text("type"),
    startAt: int("start_at"),
    at: int("at").notNull(),
    value: float("value").notNull(),
    attributes: text("attributes").notNull(),
    uploadedBy: text("uploaded_by").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.pointKey] }),
    index("otel_metric_points_project_session").on(t.projectId, t.sessionId),
  ],
);
