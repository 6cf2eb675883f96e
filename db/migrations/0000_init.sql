CREATE TABLE `memories` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer,
	`category` text NOT NULL,
	`content` text NOT NULL,
	`tags` text DEFAULT '' NOT NULL,
	`confidence` real NOT NULL,
	`source` text NOT NULL,
	`trajectory_id` integer,
	`pattern_id` integer,
	`pinned` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`reinforced_at` integer,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`trajectory_id`) REFERENCES `trajectories`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`pattern_id`) REFERENCES `tool_patterns`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `memories_source_unique` ON `memories` (`source`);--> statement-breakpoint
CREATE INDEX `memories_project_category` ON `memories` (`project_id`,`category`);--> statement-breakpoint
CREATE INDEX `memories_trajectory` ON `memories` (`trajectory_id`);--> statement-breakpoint
CREATE INDEX `memories_pattern` ON `memories` (`pattern_id`);--> statement-breakpoint
CREATE TABLE `operations` (
	`trajectory_id` integer NOT NULL,
	`seq` integer NOT NULL,
	`tool` text NOT NULL,
	`file` text,
	`command` text,
	`is_error` integer NOT NULL,
	`at` integer,
	`delegated` integer NOT NULL,
	PRIMARY KEY(`trajectory_id`, `seq`),
	FOREIGN KEY (`trajectory_id`) REFERENCES `trajectories`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `projects` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`last_activity_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `projects_slug_unique` ON `projects` (`slug`);--> statement-breakpoint
CREATE TABLE `tool_patterns` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`sequence` text NOT NULL,
	`type` text,
	`count` integer NOT NULL,
	`avg_success` real NOT NULL,
	`category` text NOT NULL,
	`discovered_at` integer,
	`last_seen` integer,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tool_patterns_project_sequence` ON `tool_patterns` (`project_id`,`sequence`);--> statement-breakpoint
CREATE TABLE `trajectories` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`format` text NOT NULL,
	`external_id` text NOT NULL,
	`session_id` text,
	`agent` text NOT NULL,
	`task` text,
	`domain` text NOT NULL,
	`category` text NOT NULL,
	`started_at` integer NOT NULL,
	`ended_at` integer,
	`duration_ms` integer,
	`prompt_count` integer,
	`success_score` real NOT NULL,
	`success_source` text NOT NULL,
	`success_signals` text,
	`critique` text,
	`models` text NOT NULL,
	`git_branch` text,
	`tokens_input` integer,
	`tokens_output` integer,
	`tokens_cache_read` integer,
	`tokens_cache_creation` integer,
	`tool_breakdown` text NOT NULL,
	`operation_count` integer NOT NULL,
	`files_modified_count` integer NOT NULL,
	`files_read_count` integer,
	`verified_after_edit` integer,
	`verification_passed` integer,
	`read_before_edit_ratio` real,
	`blind_edits` integer,
	`delegated` integer,
	`tool_errors` integer,
	`interruptions` integer,
	`shell_ops` integer NOT NULL,
	`raw` text NOT NULL,
	`ingested_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `trajectories_project_external` ON `trajectories` (`project_id`,`external_id`);--> statement-breakpoint
CREATE INDEX `trajectories_project_started` ON `trajectories` (`project_id`,`started_at`,`id`);--> statement-breakpoint
CREATE INDEX `trajectories_project_success` ON `trajectories` (`project_id`,`success_score`,`id`);--> statement-breakpoint
CREATE INDEX `trajectories_project_operations` ON `trajectories` (`project_id`,`operation_count`,`id`);--> statement-breakpoint
CREATE INDEX `trajectories_project_category` ON `trajectories` (`project_id`,`category`);--> statement-breakpoint
CREATE INDEX `trajectories_project_domain` ON `trajectories` (`project_id`,`domain`);--> statement-breakpoint
CREATE TABLE `trajectory_files` (
	`trajectory_id` integer NOT NULL,
	`role` text NOT NULL,
	`path` text NOT NULL,
	PRIMARY KEY(`trajectory_id`, `role`, `path`),
	FOREIGN KEY (`trajectory_id`) REFERENCES `trajectories`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `trajectory_files_path` ON `trajectory_files` (`path`);