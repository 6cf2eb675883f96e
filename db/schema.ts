import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { AblationArm, ProcessEnd } from "../lib/ablation/contract";
import type { AblationSession } from "../lib/ablation/session";
import type { Evidence, GuidanceContent } from "../lib/guidance/contract";
import type { ReviewedItemData } from "../lib/guidance/review";
import type { ModelTokens, Prompt } from "../lib/session";
import { SOURCE_KINDS, type SourceKind } from "../lib/walk/kinds";
import { DOMAIN_COLUMNS, STRATUM_MOMENT_COLUMNS } from "./stats-columns";

/** Epoch milliseconds, set by SQLite when a row is written without one. */
const nowMs = sql`(cast(unixepoch('subsec') * 1000 as integer))`;

export const projects = sqliteTable("projects", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  createdAt: integer("created_at").notNull().default(nowMs),
  lastActivityAt: integer("last_activity_at"),
  /**
   * Whether new or changed guidance items reach agents only once an owner accepts them (docs/trust-model.md);
   * null: decided by the project (on with more than one member or uploader).
   */
  reviewGuidance: integer("review_guidance", { mode: "boolean" }),
  /** Notes at tool calls (docs/just-in-time.md): "on" adds them as context, "ask" asks the user first, "off" gives none. */
  justInTime: text("just_in_time", { enum: ["on", "ask", "off"] })
    .notNull()
    .default("on"),
});

export const sessions = sqliteTable(
  "sessions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    format: text("format").notNull(),
    externalId: text("external_id").notNull(),
    sessionId: text("session_id"),
    agent: text("agent").notNull(),
    task: text("task"),
    domain: text("domain").notNull(),
    category: text("category").notNull(),
    startedAt: integer("started_at").notNull(),
    endedAt: integer("ended_at"),
    durationMs: integer("duration_ms"),
    promptCount: integer("prompt_count"),
    /** The person's prompts (lib/session.ts `Prompt`), redacted; [] when the source has none. */
    prompts: text("prompts", { mode: "json" }).$type<Prompt[]>().notNull().default(sql`'[]'`),
    successScore: real("success_score").notNull(),
    successSource: text("success_source").notNull(),
    successSignals: text("success_signals", { mode: "json" }).$type<
      { name: string; delta: number; detail: string }[]
    >(),
    /**
     * The success score without the signals that come from the session's own build/test/lint runs (a heuristic
     * score re-summed without them and re-clamped; a reported score or a person's verdict as is): what the
     * verification rule is judged on, so that it never grades itself.
     */
    successScoreUnverified: real("success_score_unverified").notNull().default(0),
    /** What the source or heuristic said before a person overrode it; NULL when not overridden. */
    originalScore: real("original_score"),
    originalSource: text("original_source"),
    overriddenAt: integer("overridden_at"),
    critique: text("critique"),
    models: text("models", { mode: "json" }).$type<string[]>().notNull(),
    gitBranch: text("git_branch"),
    tokensInput: integer("tokens_input"),
    tokensOutput: integer("tokens_output"),
    tokensCacheRead: integer("tokens_cache_read"),
    tokensCacheCreation: integer("tokens_cache_creation"),
    /** The tokens per model (lib/session.ts `ModelTokens`); '{}' when the source counts none, or the session was stored before migration 0025. */
    tokensByModel: text("tokens_by_model", { mode: "json" })
      .$type<Record<string, ModelTokens>>()
      .notNull()
      .default(sql`'{}'`),
    toolBreakdown: text("tool_breakdown", { mode: "json" }).$type<Record<string, number>>().notNull(),
    // Features (docs/architecture.md#features); NULL = unknown for this source.
    operationCount: integer("operation_count").notNull(),
    filesModifiedCount: integer("files_modified_count").notNull(),
    filesReadCount: integer("files_read_count"),
    verifiedAfterEdit: integer("verified_after_edit", { mode: "boolean" }),
    verificationPassed: integer("verification_passed", { mode: "boolean" }),
    readBeforeEditRatio: real("read_before_edit_ratio"),
    blindEdits: integer("blind_edits"),
    delegated: integer("delegated", { mode: "boolean" }),
    toolErrors: integer("tool_errors"),
    interruptions: integer("interruptions"),
    shellOps: integer("shell_ops").notNull(),
    raw: text("raw").notNull(),
    ingestedAt: integer("ingested_at").notNull().default(nowMs),
    /** Who uploaded the session last (docs/trust-model.md#provenance); null for sessions stored before migration 0033. */
    uploadedByUserId: integer("uploaded_by_user_id"),
    uploadedByTokenId: integer("uploaded_by_token_id"),
    /** The uploader in words, kept when the user or token is deleted: "a@b.c (token sl_ab12…)", "server folder sync". */
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
    /** Whether more than one uploader sent the project's sessions, in two index seeks (db/queries/guidance-reviews.ts). */
    index("sessions_project_uploader").on(t.projectId, t.uploadedBy),
  ],
);

export const operations = sqliteTable(
  "operations",
  {
    sessionId: integer("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    tool: text("tool").notNull(),
    file: text("file"),
    command: text("command"),
    isError: integer("is_error", { mode: "boolean" }).notNull(),
    at: integer("at"),
    delegated: integer("delegated", { mode: "boolean" }).notNull(),
    /** What a failed call or a shell command answered (an excerpt, redacted); NULL when the source does not say. */
    output: text("output"),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.seq] })],
);

export const FILE_ROLES = ["read", "modified"] as const;

/**
 * The files a session read or modified, WITHOUT ROWID (migration 0015): the primary key is the only index, so each
 * row is one b-tree insert; no query looks files up by path. drizzle-kit does not model WITHOUT ROWID, so a
 * migration it generates to rebuild this table must have the clause added by hand.
 */
export const sessionFiles = sqliteTable(
  "session_files",
  {
    sessionId: integer("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    role: text("role", { enum: FILE_ROLES }).notNull(),
    path: text("path").notNull(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.role, t.path] })],
);

/**
 * Claude Code transcript files as received (redacted), one row per session file or sub-agent file, so a
 * session is re-assembled whenever one of its parts arrives, in any order and in any request.
 */
export const transcriptFiles = sqliteTable(
  "transcript_files",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    sessionId: text("session_id").notNull(),
    /** "" for the main transcript, else the sub-agent id ("meta:<id>" for a sub-agent's meta file). */
    part: text("part").notNull(),
    name: text("name").notNull(),
    contentHash: text("content_hash").notNull(),
    content: text("content").notNull(),
    lineCount: integer("line_count").notNull(),
    receivedAt: integer("received_at").notNull().default(nowMs),
  },
  (t) => [
    uniqueIndex("transcript_files_session_part").on(t.projectId, t.sessionId, t.part),
    // Which session a Codex sub-agent thread is filed under, for the threads it spawned in turn.
    index("transcript_files_part").on(t.projectId, t.part),
  ],
);

export const toolPatterns = sqliteTable(
  "tool_patterns",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    sequence: text("sequence").notNull(),
    type: text("type"),
    count: integer("count").notNull(),
    avgSuccess: real("avg_success").notNull(),
    category: text("category").notNull(),
    discoveredAt: integer("discovered_at"),
    lastSeen: integer("last_seen"),
    updatedAt: integer("updated_at").notNull().default(nowMs),
  },
  (t) => [uniqueIndex("tool_patterns_project_sequence").on(t.projectId, t.sequence)],
);

export const memories = sqliteTable(
  "memories",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    projectId: integer("project_id").references(() => projects.id, { onDelete: "cascade" }),
    category: text("category").notNull(),
    content: text("content").notNull(),
    /** Space-separated tags, so FTS5 indexes each as a token. */
    tags: text("tags").notNull().default(""),
    confidence: real("confidence").notNull(),
    source: text("source").notNull().unique(),
    sessionId: integer("session_id").references(() => sessions.id, { onDelete: "cascade" }),
    patternId: integer("pattern_id").references(() => toolPatterns.id, { onDelete: "cascade" }),
    pinned: integer("pinned", { mode: "boolean" }).notNull().default(false),
    /** Who pinned it (guidance quotes a pinned memory as theirs); null when not pinned, pinned before this was kept, or the person is gone. */
    pinnedBy: integer("pinned_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at").notNull().default(nowMs),
    updatedAt: integer("updated_at").notNull().default(nowMs),
    reinforcedAt: integer("reinforced_at"),
  },
  (t) => [
    // Also covers the score's decay sum over a project's memories (what effective confidence reads): 32 ms instead of 310 at 100k.
    index("memories_project_category").on(t.projectId, t.category, t.confidence, t.pinned, t.createdAt, t.reinforcedAt),
    // Guidance reads a project's pinned memories on every request: a partial index keeps that a lookup.
    index("memories_pinned").on(t.projectId).where(sql`pinned = 1`),
    // Covers browsing (no words): newest first, filtered and faceted without touching the table's rows.
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

/** One stored generation of a project's guidance; a new one is written only when the content hash changes. */
export const guidanceVersions = sqliteTable(
  "guidance_versions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    /** 1, 2, 3, … per project. */
    generation: integer("generation").notNull(),
    /** sha256 (hex) of the canonical markdown (lib/guidance/render.ts canonicalMarkdown). */
    contentHash: text("content_hash").notNull(),
    createdAt: integer("created_at").notNull().default(nowMs),
    /** The GuidanceContent (lib/guidance/contract.ts) as JSON. */
    content: text("content", { mode: "json" }).$type<GuidanceContent>().notNull(),
  },
  (t) => [uniqueIndex("guidance_versions_project_generation").on(t.projectId, t.generation)],
);

/**
 * The owner's decision on each reviewable guidance item of a project (lib/guidance/review.ts): the version accepted
 * (served to agents while review is on) and the version rejected (kept out until its text changes again).
 */
export const guidanceReviews = sqliteTable(
  "guidance_reviews",
  {
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    /** The item's key in rendered guidance: `knowledge:<key>`, `rule:<key>`, `lesson:<key>`, … */
    itemKey: text("item_key").notNull(),
    /** The accepted item: its text as agents read it, the hash of its reviewed text, and the item itself to serve. */
    acceptedText: text("accepted_text"),
    acceptedHash: text("accepted_hash"),
    acceptedItem: text("accepted_item", { mode: "json" }).$type<ReviewedItemData>(),
    acceptedBy: text("accepted_by"),
    acceptedAt: integer("accepted_at"),
    /** The hash of the version rejected last (`removed` for a rejected removal). */
    rejectedHash: text("rejected_hash"),
    rejectedBy: text("rejected_by"),
    rejectedAt: integer("rejected_at"),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.itemKey] })],
);

/**
 * Memory files an agent wrote for itself (Claude Code's `<folder>/memory/*.md`; docs/agent-memory.md): the latest
 * version of each file per project, uploader and path, redacted at ingest. A changed file replaces the version the
 * same uploader sent before; another uploader's (another machine's) copy is kept beside it.
 */
export const agentNoteFiles = sqliteTable(
  "agent_note_files",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    /** Who sent it, in words (the token or user), and the key it is kept apart by: `user:<id>`, `token:<id>`, `local`. */
    uploader: text("uploader").notNull(),
    uploaderKey: text("uploader_key").notNull(),
    /** The agent that wrote it: `claude-code`. */
    agent: text("agent").notNull(),
    /** The file's name as uploaded, relative to the agent's folder: `<folder>/memory/MEMORY.md`. */
    path: text("path").notNull(),
    content: text("content").notNull(),
    contentHash: text("content_hash").notNull(),
    /** When this version was first stored (epoch ms). */
    storedAt: integer("stored_at").notNull(),
  },
  (t) => [uniqueIndex("agent_note_files_source").on(t.projectId, t.uploaderKey, t.agent, t.path)],
);

/** The rules each generation held, one row per rule, for lifecycle (promotion, retirement) and per-rule history. */
export const ruleHistory = sqliteTable(
  "rule_history",
  {
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    generation: integer("generation").notNull(),
    ruleKey: text("rule_key").notNull(),
    /** "supported" | "provisional" */
    support: text("support").notNull(),
    instruction: text("instruction").notNull(),
    evidenceLine: text("evidence_line").notNull(),
    /** The rule's Evidence (lib/guidance/contract.ts) as JSON. */
    evidence: text("evidence", { mode: "json" }).$type<Evidence>().notNull(),
    /** The rule's randomised verdict in that generation ("helps" | "no effect shown" | "hurts"); null while observed, not yet tested. */
    tested: text("tested"),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.ruleKey, t.generation] }),
    index("rule_history_project_generation").on(t.projectId, t.generation),
  ],
);

export { SOURCE_KINDS, type SourceKind };

/** A folder on the server registered for "sync all" (docs/architecture.md#server-folders-and-the-cross-project-matrix): a `~/.claude/projects`-style tree or an ACOS folder. */
export const sources = sqliteTable("sources", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull().unique(),
  kind: text("kind", { enum: SOURCE_KINDS }).notNull(),
  /** Absolute path on the server. */
  path: text("path").notNull(),
  /** Required for acos; for claude-projects, overrides the project each transcript names. */
  project: text("project"),
  createdAt: integer("created_at").notNull().default(nowMs),
  lastSyncedAt: integer("last_synced_at"),
  /** The last sync's SyncSourceResult (lib/sync/report.ts) as JSON. */
  lastResult: text("last_result", { mode: "json" }).$type<unknown>(),
});

/** Files of a source already imported, by path relative to the source's root, with the size and mtime then seen. */
export const sourceFiles = sqliteTable(
  "source_files",
  {
    sourceId: integer("source_id")
      .notNull()
      .references(() => sources.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    size: integer("size").notNull(),
    mtimeMs: integer("mtime_ms").notNull(),
    /** The project the file's records went to, so unchanged files are still counted per project. */
    project: text("project"),
    importedAt: integer("imported_at").notNull().default(nowMs),
  },
  (t) => [primaryKey({ columns: [t.sourceId, t.name] })],
);

/**
 * The intelligence score (lib/score/score.ts) kept once per day, per project or for the whole instance
 * (project_id NULL); a later computation the same day replaces that day's row, so the score has a history.
 */
export const scoreSnapshots = sqliteTable(
  "score_snapshots",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    projectId: integer("project_id").references(() => projects.id, { onDelete: "cascade" }),
    /** UTC day, YYYY-MM-DD. */
    day: text("day").notNull(),
    total: real("total").notNull(),
    grade: text("grade").notNull(),
    /** Points per component key (memoryDepth, patternQuality, operationalHistory, learningVelocity) as JSON. */
    components: text("components", { mode: "json" }).$type<Record<string, number>>().notNull(),
    createdAt: integer("created_at").notNull().default(nowMs),
  },
  // One row per (project or instance, day); NULL project ids are made comparable by coalescing to 0.
  (t) => [uniqueIndex("score_snapshots_scope_day").on(sql`coalesce(${t.projectId}, 0)`, t.day)],
);

export const PROJECT_ROLES = ["viewer", "member", "owner"] as const;
export const TOKEN_PERMISSIONS = ["read", "ingest"] as const;

/** A person who signs in. Passwords are kept only as a scrypt hash (lib/auth/password.ts). */
export const users = sqliteTable("users", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  /** Lower-cased. */
  email: text("email").notNull().unique(),
  name: text("name").notNull(),
  passwordHash: text("password_hash").notNull(),
  isAdmin: integer("is_admin", { mode: "boolean" }).notNull().default(false),
  createdAt: integer("created_at").notNull().default(nowMs),
});

/** A signed-in browser. The id is the SHA-256 of the cookie's secret, so the database never holds the cookie. */
export const signIns = sqliteTable(
  "sign_ins",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: integer("created_at").notNull().default(nowMs),
    lastSeenAt: integer("last_seen_at").notNull().default(nowMs),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("sign_ins_user").on(t.userId)],
);

/** A person's role in one project; instance admins need none. */
export const projectMembers = sqliteTable(
  "project_members",
  {
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: PROJECT_ROLES }).notNull(),
    createdAt: integer("created_at").notNull().default(nowMs),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] }), index("project_members_user").on(t.userId)],
);

/**
 * An instance admin's opt-in: the source project's validated lessons (proven tool sequences, supported rules)
 * may reach the target project's guidance even though some of the target's readers cannot read the source.
 */
export const projectShares = sqliteTable(
  "project_shares",
  {
    sourceProjectId: integer("source_project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    targetProjectId: integer("target_project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at").notNull().default(nowMs),
  },
  (t) => [
    primaryKey({ columns: [t.targetProjectId, t.sourceProjectId] }),
    index("project_shares_source").on(t.sourceProjectId),
  ],
);

/**
 * An API token for hooks and the CLI. Only the SHA-256 of the secret is kept; `prefix` is its first characters,
 * shown so people can tell tokens apart. A token acts for its owner, narrowed to its permissions and projects.
 */
export const apiTokens = sqliteTable("api_tokens", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  userId: integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  tokenHash: text("token_hash").notNull().unique(),
  prefix: text("prefix").notNull(),
  /** Subset of TOKEN_PERMISSIONS. */
  permissions: text("permissions", { mode: "json" }).$type<(typeof TOKEN_PERMISSIONS)[number][]>().notNull(),
  /** True: every project its owner can reach (including, for admins, projects created by upload); else api_token_projects. */
  allProjects: integer("all_projects", { mode: "boolean" }).notNull().default(false),
  createdAt: integer("created_at").notNull().default(nowMs),
  lastUsedAt: integer("last_used_at"),
  revokedAt: integer("revoked_at"),
});

export const apiTokenProjects = sqliteTable(
  "api_token_projects",
  {
    tokenId: integer("token_id")
      .notNull()
      .references(() => apiTokens.id, { onDelete: "cascade" }),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.tokenId, t.projectId] }), index("api_token_projects_project").on(t.projectId)],
);

/** Who did what: sign-ins, token changes, uploads, deletions and role changes, for admins to read. */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    at: integer("at").notNull().default(nowMs),
    /** Null for anonymous actions (a failed sign-in) or once the user is deleted; `actor` keeps the label. */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The email of the person, with the token's prefix when a token acted. */
    actor: text("actor").notNull(),
    action: text("action").notNull(),
    /** What was acted on, in words (a project slug, an email, a token name). */
    target: text("target"),
    detail: text("detail", { mode: "json" }).$type<Record<string, unknown>>(),
    ip: text("ip"),
  },
  (t) => [index("audit_log_at").on(t.at)],
);

export type User = typeof users.$inferSelect;
export type ProjectRole = (typeof PROJECT_ROLES)[number];
export type TokenPermission = (typeof TOKEN_PERMISSIONS)[number];

/**
 * A period of a project's guidance experiment (docs/statistics.md#the-guidance-experiment). Changing the holdout share or resetting ends the
 * current period and starts another with a fresh salt, so each analysis compares sessions randomised alike.
 */
export const experiments = sqliteTable(
  "experiments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    /** Share of sessions held out (0 = off). */
    holdoutShare: real("holdout_share").notNull(),
    /** Random, per period: arms are a hash of it and the session id. */
    salt: text("salt").notNull(),
    startedAt: integer("started_at").notNull().default(nowMs),
    endedAt: integer("ended_at"),
  },
  (t) => [index("experiments_project").on(t.projectId, t.endedAt)],
);

/** A session that asked for guidance (the SessionStart hook), its arm, and what it got or would have got. */
export const guidanceDeliveries = sqliteTable(
  "guidance_deliveries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    experimentId: integer("experiment_id")
      .notNull()
      .references(() => experiments.id, { onDelete: "cascade" }),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    sessionId: text("session_id").notNull(),
    arm: text("arm", { enum: ["guidance", "holdout"] }).notNull(),
    /** The guidance generation delivered, or for the holdout the one withheld; null before any guidance existed. */
    generation: integer("generation"),
    /** Rule keys in that guidance. */
    rules: text("rules", { mode: "json" }).$type<string[]>().notNull(),
    /**
     * The rules of `rules` the experiment's factorial draw left out of this session's guidance (lib/experiment/arm.ts
     * splitRules), kept so each rule's told and not-told sessions are summed in SQL; null for deliveries stored before
     * it was kept (filled in from the same draw when the period's rules are tested, lib/server/rule-tests.ts).
     */
    leftOut: text("left_out", { mode: "json" }).$type<string[]>(),
    deliveredAt: integer("delivered_at").notNull().default(nowMs),
    /** Retried hooks ask again; they get the same arm and are counted here. */
    requests: integer("requests").notNull().default(1),
  },
  (t) => [
    uniqueIndex("guidance_deliveries_experiment_session").on(t.experimentId, t.sessionId),
    index("guidance_deliveries_project_session").on(t.projectId, t.sessionId),
  ],
);

/**
 * Notes given at a session's tool calls (docs/just-in-time.md): one row per session and knowledge item, so an item
 * is given once per session; each is a delivery of the experiment's period (holdout sessions get none).
 */
export const toolCallNotes = sqliteTable(
  "tool_call_notes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    experimentId: integer("experiment_id").references(() => experiments.id, { onDelete: "cascade" }),
    sessionId: text("session_id").notNull(),
    itemKey: text("item_key").notNull(),
    /** "before" a call or "after" its failure. */
    moment: text("moment", { enum: ["before", "after"] }).notNull(),
    tool: text("tool").notNull(),
    /**
     * given: the note was handed to the agent; drawn-out: due, but the item's draw (lib/experiment/arm.ts) withheld it
     * from this guidance-arm session; holdout: due, but the session is in the experiment's holdout.
     */
    delivery: text("delivery", { enum: ["given", "drawn-out", "holdout"] })
      .notNull()
      .default("given"),
    deliveredAt: integer("delivered_at").notNull().default(nowMs),
  },
  (t) => [uniqueIndex("tool_call_notes_project_session_item").on(t.projectId, t.sessionId, t.itemKey)],
);

const momentCount = (name: string) => integer(name).notNull().default(0);
const momentSum = (name: string) => real(name).notNull().default(0);

/** n, Σx and Σx² of every guidance moment (db/queries/guidance-groups.ts); typed by suffix, so the key columns keep their own types. */
type MomentColumns = Record<`${string}_n`, ReturnType<typeof momentCount>> &
  Record<`${string}_${"s" | "q"}`, ReturnType<typeof momentSum>>;
const domainMomentColumns = Object.fromEntries(
  DOMAIN_COLUMNS.map((c) => [c, c.endsWith("_n") ? momentCount(c) : momentSum(c)]),
) as MomentColumns;

/**
 * Guidance's aggregates of a project's sessions per domain, kept by triggers on `sessions`
 * (db/stats-triggers.ts) so guidance reads a few rows instead of scanning every session. A row whose
 * all_n fell to 0 stands for no sessions.
 */
export const projectDomainStats = sqliteTable(
  "project_domain_stats",
  {
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    domain: text("domain").notNull(),
    ...domainMomentColumns,
  },
  (t) => [primaryKey({ columns: [t.projectId, t.domain] })],
);

const stratumMomentColumns = Object.fromEntries(
  STRATUM_MOMENT_COLUMNS.map((c) => [c, c === "n" ? momentCount(c) : momentSum(c)]),
) as Record<(typeof STRATUM_MOMENT_COLUMNS)[number], ReturnType<typeof momentCount> | ReturnType<typeof momentSum>>;

/**
 * Guidance's aggregates of a project's sessions per domain and behaviour stratum (the states of verification,
 * reading first, delegation, length and breadth as one code, db/queries/guidance-groups.ts): n, Σ and Σ² of
 * the success score and of the score without its verification signals, kept by triggers on `sessions`
 * (db/stats-triggers.ts). The rules' adjusted estimates are fitted on these cells. A row whose n fell to 0
 * stands for no sessions.
 */
export const projectStratumStats = sqliteTable(
  "project_stratum_stats",
  {
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    domain: text("domain").notNull(),
    stratum: integer("stratum").notNull(),
    ...stratumMomentColumns,
  },
  (t) => [primaryKey({ columns: [t.projectId, t.domain, t.stratum] })],
);

/** The same per tool: the sessions of each domain and stratum that used the tool (≥ toolMinUses calls). */
export const projectToolStratumStats = sqliteTable(
  "project_tool_stratum_stats",
  {
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    domain: text("domain").notNull(),
    tool: text("tool").notNull(),
    stratum: integer("stratum").notNull(),
    ...stratumMomentColumns,
  },
  (t) => [primaryKey({ columns: [t.projectId, t.domain, t.tool, t.stratum] })],
);

export type Project = typeof projects.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type OperationRow = typeof operations.$inferSelect;
export type ToolPatternRow = typeof toolPatterns.$inferSelect;
export type MemoryRow = typeof memories.$inferSelect;
export type GuidanceVersionRow = typeof guidanceVersions.$inferSelect;
export type RuleHistoryRow = typeof ruleHistory.$inferSelect;
export type SourceRow = typeof sources.$inferSelect;
export type ScoreSnapshotRow = typeof scoreSnapshots.$inferSelect;

/**
 * The overview's aggregates of a project's sessions per UTC day (of started_at), agent, domain and category, kept by
 * triggers on `sessions` (db/day-stats-triggers.ts) so the overview sums a few rows per day instead of
 * scanning every session. A row whose n fell to 0 stands for no sessions.
 */
export const projectDayStats = sqliteTable(
  "project_day_stats",
  {
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    /** `YYYY-MM-DD`, UTC. */
    day: text("day").notNull(),
    agent: text("agent").notNull(),
    domain: text("domain").notNull(),
    category: text("category").notNull(),
    n: integer("n").notNull().default(0),
    successSum: real("success_sum").notNull().default(0),
    /** Of `n`, the sessions whose tokens are counted per model (what a cost per session divides by). */
    withTokens: integer("with_tokens").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.day, t.agent, t.domain, t.category] })],
);

/** Per project, UTC day, agent and tool: calls summed from the sessions' tool breakdowns, and the sessions that list the tool; kept by the same triggers. */
export const projectDayToolStats = sqliteTable(
  "project_day_tool_stats",
  {
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    agent: text("agent").notNull(),
    tool: text("tool").notNull(),
    calls: real("calls").notNull().default(0),
    sessions: integer("sessions").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.day, t.agent, t.tool] })],
);

/**
 * Per project, UTC day, agent and model: the tokens of the sessions that used the model (summed from their
 * `tokens_by_model`), kept by the same triggers. Costs are these sums times the price table's rates, computed when
 * read (lib/cost), so a new price table prices every stored day without touching the rows.
 */
export const projectDayModelStats = sqliteTable(
  "project_day_model_stats",
  {
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    agent: text("agent").notNull(),
    model: text("model").notNull(),
    sessions: integer("sessions").notNull().default(0),
    input: real("input").notNull().default(0),
    output: real("output").notNull().default(0),
    cacheRead: real("cache_read").notNull().default(0),
    cacheCreation: real("cache_creation").notNull().default(0),
    reasoning: real("reasoning").notNull().default(0),
    cacheCreationHour: real("cache_creation_hour").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.day, t.agent, t.model] })],
);

/**
 * The request limits' token buckets (lib/http/rate-limit.ts), one per limit and client: in the database, so
 * that every web process sharing it counts the same requests. `updated_at` is when `tokens` was last computed.
 */
export const rateLimitBuckets = sqliteTable(
  "rate_limit_buckets",
  {
    kind: text("kind").notNull(),
    client: text("client").notNull(),
    tokens: real("tokens").notNull(),
    updatedAt: integer("updated_at").notNull(),
    /** Whether the last take found a token (1) or was refused (0). */
    taken: integer("taken", { mode: "boolean" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.client] }), index("rate_limit_buckets_updated").on(t.updatedAt)],
);

/**
 * One-time setup codes (hashed) of the processes started while there is no admin: each prints its own, and /setup
 * takes any of them, whichever process answers. Deleted once the admin exists.
 */
export const setupCodes = sqliteTable("setup_codes", {
  codeHash: text("code_hash").primaryKey(),
  createdAt: integer("created_at").notNull().default(nowMs),
});

/**
 * An ablation (docs/ablation.md): a suite's tasks run with and without the project's guidance, started by
 * `starlight ablate`. The guidance tested is kept as it was (its generation, rule keys and text's hash), so results
 * of different generations can be compared later.
 */
export const ablations = sqliteTable(
  "ablations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    suite: text("suite").notNull(),
    agent: text("agent").notNull(),
    tasks: text("tasks", { mode: "json" }).$type<string[]>().notNull(),
    arms: text("arms", { mode: "json" }).$type<AblationArm[]>().notNull(),
    runs: integer("runs").notNull(),
    seed: integer("seed").notNull(),
    /** The guidance generation the guidance arm got. */
    generation: integer("generation").notNull(),
    /** Rule keys in that guidance. */
    rules: text("rules", { mode: "json" }).$type<string[]>().notNull(),
    guidanceHash: text("guidance_hash").notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: integer("created_at").notNull().default(nowMs),
  },
  (t) => [index("ablations_project").on(t.projectId, t.createdAt)],
);

/**
 * One run of an ablation, as the command line reported it: how its setup, agent and check ended, and what its
 * transcript showed (parsed and redacted at upload, kept here and never among the project's sessions, so an
 * experiment never feeds the project's rules or knowledge). Reporting a run again replaces it.
 */
export const ablationRuns = sqliteTable(
  "ablation_runs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    ablationId: integer("ablation_id")
      .notNull()
      .references(() => ablations.id, { onDelete: "cascade" }),
    task: text("task").notNull(),
    arm: text("arm", { enum: ["guidance", "none"] }).notNull(),
    run: integer("run").notNull(),
    status: text("status", { enum: ["completed", "not_completed", "setup_failed", "check_error"] }).notNull(),
    setup: text("setup", { mode: "json" }).$type<ProcessEnd | null>(),
    agent: text("agent", { mode: "json" }).$type<ProcessEnd | null>(),
    check: text("check", { mode: "json" }).$type<ProcessEnd | null>(),
    detail: text("detail"),
    /** The transcript's session, read with the same parsers as an upload; null when none was found. */
    session: text("session", { mode: "json" }).$type<AblationSession | null>(),
    reportedAt: integer("reported_at").notNull().default(nowMs),
  },
  (t) => [uniqueIndex("ablation_runs_run").on(t.ablationId, t.task, t.arm, t.run)],
);

/**
 * Claude Code's OpenTelemetry events (lib/otlp/claude-code.ts), redacted, one row per event: `event_key` is derived
 * from what identifies the event, so a batch sent again adds nothing. A session's events are joined to its
 * transcript by `session_id` when the transcript arrives (the live panel counts only sessions still without one).
 */
export const otelEvents = sqliteTable(
  "otel_events",
  {
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    eventKey: text("event_key").notNull(),
    name: text("name").notNull(),
    sessionId: text("session_id"),
    person: text("person"),
    at: integer("at").notNull(),
    model: text("model"),
    costUsd: real("cost_usd"),
    inputTokens: integer("input_tokens"),
    outputTokens: integer("output_tokens"),
    cacheReadTokens: integer("cache_read_tokens"),
    cacheCreationTokens: integer("cache_creation_tokens"),
    toolName: text("tool_name"),
    success: integer("success", { mode: "boolean" }),
    decision: text("decision"),
    decisionSource: text("decision_source"),
    error: text("error"),
    statusCode: integer("status_code"),
    durationMs: integer("duration_ms"),
    promptLength: integer("prompt_length"),
    /** The prompt's text only when Claude Code sends it (OTEL_LOG_USER_PROMPTS=1), redacted. */
    prompt: text("prompt"),
    /** The event's other attributes, redacted. */
    attributes: text("attributes", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    /** Who sent it, as the audit log names them (docs/trust-model.md#provenance). */
    uploadedBy: text("uploaded_by").notNull(),
    receivedAt: integer("received_at").notNull().default(nowMs),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.eventKey] }),
    index("otel_events_project_session").on(t.projectId, t.sessionId),
  ],
);

/**
 * Claude Code's OpenTelemetry metric points (lib/otlp/claude-code-metrics.ts): one row per delta point, one per
 * cumulative series and start that newer points overwrite, so their sum counts each unit once.
 */
export const otelMetricPoints = sqliteTable(
  "otel_metric_points",
  {
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    pointKey: text("point_key").notNull(),
    name: text("name").notNull(),
    sessionId: text("session_id"),
    person: text("person"),
    model: text("model"),
    type: text("type"),
    startAt: integer("start_at"),
    at: integer("at").notNull(),
    value: real("value").notNull(),
    attributes: text("attributes", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    uploadedBy: text("uploaded_by").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.pointKey] }),
    index("otel_metric_points_project_session").on(t.projectId, t.sessionId),
  ],
);
