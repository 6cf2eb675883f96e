-- An agent's run is a session everywhere (CONTRIBUTING.md#words): the table of sessions, the table of their files,
-- the columns that point at a session, their indexes and keys take the name. The triggers that keep the aggregates
-- are dropped here and made again on `sessions` by the two generated migrations that follow (0041, 0042). Memories
-- drawn from a session keep their source, renamed the same way (`project:<slug>:<format>:session:<id>`).
DROP TRIGGER IF EXISTS trajectories_stats_insert ON "trajectories";
--> statement-breakpoint
DROP FUNCTION IF EXISTS trajectories_stats_insert();
--> statement-breakpoint
DROP TRIGGER IF EXISTS trajectories_stats_delete ON "trajectories";
--> statement-breakpoint
DROP FUNCTION IF EXISTS trajectories_stats_delete();
--> statement-breakpoint
DROP TRIGGER IF EXISTS trajectories_stats_update ON "trajectories";
--> statement-breakpoint
DROP FUNCTION IF EXISTS trajectories_stats_update();
--> statement-breakpoint
DROP TRIGGER IF EXISTS trajectories_day_stats_insert ON "trajectories";
--> statement-breakpoint
DROP FUNCTION IF EXISTS trajectories_day_stats_insert();
--> statement-breakpoint
DROP TRIGGER IF EXISTS trajectories_day_stats_delete ON "trajectories";
--> statement-breakpoint
DROP FUNCTION IF EXISTS trajectories_day_stats_delete();
--> statement-breakpoint
DROP TRIGGER IF EXISTS trajectories_day_stats_update ON "trajectories";
--> statement-breakpoint
DROP FUNCTION IF EXISTS trajectories_day_stats_update();
--> statement-breakpoint
ALTER TABLE "trajectories" RENAME TO "sessions";
--> statement-breakpoint
ALTER TABLE "trajectory_files" RENAME TO "session_files";
--> statement-breakpoint
ALTER TABLE "operations" RENAME COLUMN "trajectory_id" TO "session_id";
--> statement-breakpoint
ALTER TABLE "session_files" RENAME COLUMN "trajectory_id" TO "session_id";
--> statement-breakpoint
ALTER TABLE "memories" RENAME COLUMN "trajectory_id" TO "session_id";
--> statement-breakpoint
ALTER SEQUENCE "trajectories_id_seq" RENAME TO "sessions_id_seq";
--> statement-breakpoint
ALTER TABLE "sessions" RENAME CONSTRAINT "trajectories_pkey" TO "sessions_pkey";
--> statement-breakpoint
ALTER TABLE "sessions" RENAME CONSTRAINT "trajectories_project_id_projects_id_fk" TO "sessions_project_id_projects_id_fk";
--> statement-breakpoint
ALTER TABLE "operations" RENAME CONSTRAINT "operations_trajectory_id_seq_pk" TO "operations_session_id_seq_pk";
--> statement-breakpoint
ALTER TABLE "operations" RENAME CONSTRAINT "operations_trajectory_id_trajectories_id_fk" TO "operations_session_id_sessions_id_fk";
--> statement-breakpoint
ALTER TABLE "session_files" RENAME CONSTRAINT "trajectory_files_trajectory_id_role_path_pk" TO "session_files_session_id_role_path_pk";
--> statement-breakpoint
ALTER TABLE "session_files" RENAME CONSTRAINT "trajectory_files_trajectory_id_trajectories_id_fk" TO "session_files_session_id_sessions_id_fk";
--> statement-breakpoint
ALTER TABLE "memories" RENAME CONSTRAINT "memories_trajectory_id_trajectories_id_fk" TO "memories_session_id_sessions_id_fk";
--> statement-breakpoint
ALTER INDEX "trajectories_project_external" RENAME TO "sessions_project_external";
--> statement-breakpoint
ALTER INDEX "trajectories_project_started" RENAME TO "sessions_project_started";
--> statement-breakpoint
ALTER INDEX "trajectories_project_success" RENAME TO "sessions_project_success";
--> statement-breakpoint
ALTER INDEX "trajectories_project_operations" RENAME TO "sessions_project_operations";
--> statement-breakpoint
ALTER INDEX "trajectories_project_category" RENAME TO "sessions_project_category";
--> statement-breakpoint
ALTER INDEX "trajectories_project_domain" RENAME TO "sessions_project_domain";
--> statement-breakpoint
ALTER INDEX "trajectories_project_session" RENAME TO "sessions_project_session";
--> statement-breakpoint
ALTER INDEX "trajectories_project_uploader" RENAME TO "sessions_project_uploader";
--> statement-breakpoint
ALTER INDEX "memories_trajectory" RENAME TO "memories_session";
--> statement-breakpoint
UPDATE "memories" SET "source" = regexp_replace("source", ':trajectory:', ':session:')
  WHERE "source" LIKE 'project:%:trajectory:%';
