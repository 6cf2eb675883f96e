DROP TRIGGER IF EXISTS `trajectories_stats_insert`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `trajectories_stats_update`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `trajectories_stats_delete`;--> statement-breakpoint
CREATE TABLE `project_stratum_stats` (
	`project_id` integer NOT NULL,
	`domain` text NOT NULL,
	`stratum` integer NOT NULL,
	`n` integer DEFAULT 0 NOT NULL,
	`s` real DEFAULT 0 NOT NULL,
	`q` real DEFAULT 0 NOT NULL,
	`u_s` real DEFAULT 0 NOT NULL,
	`u_q` real DEFAULT 0 NOT NULL,
	PRIMARY KEY(`project_id`, `domain`, `stratum`),
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `project_tool_stratum_stats` (
	`project_id` integer NOT NULL,
	`domain` text NOT NULL,
	`tool` text NOT NULL,
	`stratum` integer NOT NULL,
	`n` integer DEFAULT 0 NOT NULL,
	`s` real DEFAULT 0 NOT NULL,
	`q` real DEFAULT 0 NOT NULL,
	`u_s` real DEFAULT 0 NOT NULL,
	`u_q` real DEFAULT 0 NOT NULL,
	PRIMARY KEY(`project_id`, `domain`, `tool`, `stratum`),
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
DROP TABLE `project_tool_stats`;--> statement-breakpoint
ALTER TABLE `trajectories` ADD `success_score_unverified` real DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `project_domain_stats` DROP COLUMN `verify_with_n`;--> statement-breakpoint
ALTER TABLE `project_domain_stats` DROP COLUMN `verify_with_s`;--> statement-breakpoint
ALTER TABLE `project_domain_stats` DROP COLUMN `verify_with_q`;--> statement-breakpoint
ALTER TABLE `project_domain_stats` DROP COLUMN `verify_without_n`;--> statement-breakpoint
ALTER TABLE `project_domain_stats` DROP COLUMN `verify_without_s`;--> statement-breakpoint
ALTER TABLE `project_domain_stats` DROP COLUMN `verify_without_q`;--> statement-breakpoint
ALTER TABLE `project_domain_stats` DROP COLUMN `read_with_n`;--> statement-breakpoint
ALTER TABLE `project_domain_stats` DROP COLUMN `read_with_s`;--> statement-breakpoint
ALTER TABLE `project_domain_stats` DROP COLUMN `read_with_q`;--> statement-breakpoint
ALTER TABLE `project_domain_stats` DROP COLUMN `read_without_n`;--> statement-breakpoint
ALTER TABLE `project_domain_stats` DROP COLUMN `read_without_s`;--> statement-breakpoint
ALTER TABLE `project_domain_stats` DROP COLUMN `read_without_q`;--> statement-breakpoint
ALTER TABLE `project_domain_stats` DROP COLUMN `deleg_with_n`;--> statement-breakpoint
ALTER TABLE `project_domain_stats` DROP COLUMN `deleg_with_s`;--> statement-breakpoint
ALTER TABLE `project_domain_stats` DROP COLUMN `deleg_with_q`;--> statement-breakpoint
ALTER TABLE `project_domain_stats` DROP COLUMN `deleg_without_n`;--> statement-breakpoint
ALTER TABLE `project_domain_stats` DROP COLUMN `deleg_without_s`;--> statement-breakpoint
ALTER TABLE `project_domain_stats` DROP COLUMN `deleg_without_q`;--> statement-breakpoint
ALTER TABLE `project_domain_stats` DROP COLUMN `short_n`;--> statement-breakpoint
ALTER TABLE `project_domain_stats` DROP COLUMN `short_s`;--> statement-breakpoint
ALTER TABLE `project_domain_stats` DROP COLUMN `short_q`;--> statement-breakpoint
ALTER TABLE `project_domain_stats` DROP COLUMN `marathon_n`;--> statement-breakpoint
ALTER TABLE `project_domain_stats` DROP COLUMN `marathon_s`;--> statement-breakpoint
ALTER TABLE `project_domain_stats` DROP COLUMN `marathon_q`;--> statement-breakpoint
ALTER TABLE `project_domain_stats` DROP COLUMN `focused_n`;--> statement-breakpoint
ALTER TABLE `project_domain_stats` DROP COLUMN `focused_s`;--> statement-breakpoint
ALTER TABLE `project_domain_stats` DROP COLUMN `focused_q`;--> statement-breakpoint
ALTER TABLE `project_domain_stats` DROP COLUMN `scattered_n`;--> statement-breakpoint
ALTER TABLE `project_domain_stats` DROP COLUMN `scattered_s`;--> statement-breakpoint
ALTER TABLE `project_domain_stats` DROP COLUMN `scattered_q`;--> statement-breakpoint
UPDATE `trajectories` SET `success_score_unverified` = CASE WHEN `success_source` = 'heuristic' THEN
  min(0.98, max(0.05, round((SELECT total(json_extract(j.value, '$.delta')) FROM json_each(`success_signals`) AS j
    WHERE json_extract(j.value, '$.name') NOT IN ('verification', 'clamped')), 2)))
  ELSE `success_score` END;
