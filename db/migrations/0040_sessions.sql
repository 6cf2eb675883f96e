-- An agent's run is a session everywhere (CONTRIBUTING.md#words): the table of sessions, the table of their files,
-- the columns that point at a session, their indexes and keys take the name. The triggers that keep the aggregates
-- are dropped here and made again on `sessions` by the two generated migrations that follow (0041, 0042). Memories
-- drawn from a session keep their source, renamed the same way (`project:<slug>:<format>:session:<id>`).
DROP TRIGGER IF EXISTS `trajectories_stats_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `trajectories_stats_delete`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `trajectories_stats_update`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `trajectories_day_stats_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `trajectories_day_stats_delete`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `trajectories_day_stats_update`;
--> statement-breakpoint
ALTER TABLE `trajectories` RENAME TO `sessions`;
--> statement-breakpoint
ALTER TABLE `trajectory_files` RENAME TO `session_files`;
--> statement-breakpoint
ALTER TABLE `operations` RENAME COLUMN `trajectory_id` TO `session_id`;
--> statement-breakpoint
ALTER TABLE `session_files` RENAME COLUMN `trajectory_id` TO `session_id`;
--> statement-breakpoint
ALTER TABLE `memories` RENAME COLUMN `trajectory_id` TO `session_id`;
--> statement-breakpoint
DROP INDEX `trajectories_project_external`;
--> statement-breakpoint
CREATE UNIQUE INDEX `sessions_project_external` ON `sessions` (`project_id`,`external_id`);
--> statement-breakpoint
DROP INDEX `trajectories_project_started`;
--> statement-breakpoint
CREATE INDEX `sessions_project_started` ON `sessions` (`project_id`,`started_at`,`id`);
--> statement-breakpoint
DROP INDEX `trajectories_project_success`;
--> statement-breakpoint
CREATE INDEX `sessions_project_success` ON `sessions` (`project_id`,`success_score`,`id`);
--> statement-breakpoint
DROP INDEX `trajectories_project_operations`;
--> statement-breakpoint
CREATE INDEX `sessions_project_operations` ON `sessions` (`project_id`,`operation_count`,`id`);
--> statement-breakpoint
DROP INDEX `trajectories_project_category`;
--> statement-breakpoint
CREATE INDEX `sessions_project_category` ON `sessions` (`project_id`,`category`);
--> statement-breakpoint
DROP INDEX `trajectories_project_domain`;
--> statement-breakpoint
CREATE INDEX `sessions_project_domain` ON `sessions` (`project_id`,`domain`);
--> statement-breakpoint
DROP INDEX `trajectories_project_session`;
--> statement-breakpoint
CREATE INDEX `sessions_project_session` ON `sessions` (`project_id`,`session_id`);
--> statement-breakpoint
DROP INDEX `trajectories_project_uploader`;
--> statement-breakpoint
CREATE INDEX `sessions_project_uploader` ON `sessions` (`project_id`,`uploaded_by`);
--> statement-breakpoint
DROP INDEX `memories_trajectory`;
--> statement-breakpoint
CREATE INDEX `memories_session` ON `memories` (`session_id`);
--> statement-breakpoint
UPDATE `memories` SET `source` = substr(`source`, 1, instr(`source`, ':trajectory:') - 1) || ':session:' || substr(`source`, instr(`source`, ':trajectory:') + 12)
  WHERE `source` LIKE 'project:%:trajectory:%';
