CREATE TABLE `project_shares` (
	`source_project_id` integer NOT NULL,
	`target_project_id` integer NOT NULL,
	`created_by` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`target_project_id`, `source_project_id`),
	FOREIGN KEY (`source_project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`target_project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `project_shares_source` ON `project_shares` (`source_project_id`);--> statement-breakpoint
ALTER TABLE `memories` ADD `pinned_by` integer REFERENCES users(id) ON DELETE set null;