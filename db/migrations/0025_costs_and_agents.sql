-- The day tables gain the agent; their rows are refilled by the day_stats_triggers migration that follows, whose
-- triggers replace the ones dropped here (a trigger naming a table being rebuilt would stop the rename).
DROP TRIGGER IF EXISTS `trajectories_day_stats_insert`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `trajectories_day_stats_delete`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `trajectories_day_stats_update`;--> statement-breakpoint
CREATE TABLE `project_day_model_stats` (
	`project_id` integer NOT NULL,
	`day` text NOT NULL,
	`agent` text NOT NULL,
	`model` text NOT NULL,
	`sessions` integer DEFAULT 0 NOT NULL,
	`input` real DEFAULT 0 NOT NULL,
	`output` real DEFAULT 0 NOT NULL,
	`cache_read` real DEFAULT 0 NOT NULL,
	`cache_creation` real DEFAULT 0 NOT NULL,
	`reasoning` real DEFAULT 0 NOT NULL,
	`cache_creation_hour` real DEFAULT 0 NOT NULL,
	PRIMARY KEY(`project_id`, `day`, `agent`, `model`),
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_project_day_stats` (
	`project_id` integer NOT NULL,
	`day` text NOT NULL,
	`agent` text NOT NULL,
	`domain` text NOT NULL,
	`category` text NOT NULL,
	`n` integer DEFAULT 0 NOT NULL,
	`success_sum` real DEFAULT 0 NOT NULL,
	`with_tokens` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`project_id`, `day`, `agent`, `domain`, `category`),
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
DROP TABLE `project_day_stats`;--> statement-breakpoint
ALTER TABLE `__new_project_day_stats` RENAME TO `project_day_stats`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE TABLE `__new_project_day_tool_stats` (
	`project_id` integer NOT NULL,
	`day` text NOT NULL,
	`agent` text NOT NULL,
	`tool` text NOT NULL,
	`calls` real DEFAULT 0 NOT NULL,
	`sessions` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`project_id`, `day`, `agent`, `tool`),
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
DROP TABLE `project_day_tool_stats`;--> statement-breakpoint
ALTER TABLE `__new_project_day_tool_stats` RENAME TO `project_day_tool_stats`;--> statement-breakpoint
ALTER TABLE `trajectories` ADD `tokens_by_model` text DEFAULT '{}' NOT NULL;