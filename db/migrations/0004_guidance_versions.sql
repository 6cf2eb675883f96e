CREATE TABLE `guidance_versions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`generation` integer NOT NULL,
	`content_hash` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`content` text NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `guidance_versions_project_generation` ON `guidance_versions` (`project_id`,`generation`);--> statement-breakpoint
CREATE TABLE `rule_history` (
	`project_id` integer NOT NULL,
	`generation` integer NOT NULL,
	`rule_key` text NOT NULL,
	`support` text NOT NULL,
	`instruction` text NOT NULL,
	`evidence_line` text NOT NULL,
	`evidence` text NOT NULL,
	PRIMARY KEY(`project_id`, `rule_key`, `generation`),
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `rule_history_project_generation` ON `rule_history` (`project_id`,`generation`);