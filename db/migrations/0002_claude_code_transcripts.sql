CREATE TABLE `transcript_files` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`session_id` text NOT NULL,
	`part` text NOT NULL,
	`name` text NOT NULL,
	`content_hash` text NOT NULL,
	`content` text NOT NULL,
	`line_count` integer NOT NULL,
	`received_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `transcript_files_session_part` ON `transcript_files` (`project_id`,`session_id`,`part`);--> statement-breakpoint
ALTER TABLE `trajectories` ADD `original_score` real;--> statement-breakpoint
ALTER TABLE `trajectories` ADD `original_source` text;--> statement-breakpoint
ALTER TABLE `trajectories` ADD `overridden_at` integer;