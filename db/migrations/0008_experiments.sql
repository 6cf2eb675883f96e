CREATE TABLE `experiments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`holdout_share` real NOT NULL,
	`salt` text NOT NULL,
	`started_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`ended_at` integer,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `experiments_project` ON `experiments` (`project_id`,`ended_at`);--> statement-breakpoint
CREATE TABLE `guidance_deliveries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`experiment_id` integer NOT NULL,
	`project_id` integer NOT NULL,
	`session_id` text NOT NULL,
	`arm` text NOT NULL,
	`generation` integer,
	`rules` text NOT NULL,
	`delivered_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`requests` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`experiment_id`) REFERENCES `experiments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `guidance_deliveries_experiment_session` ON `guidance_deliveries` (`experiment_id`,`session_id`);--> statement-breakpoint
CREATE INDEX `guidance_deliveries_project_session` ON `guidance_deliveries` (`project_id`,`session_id`);--> statement-breakpoint
CREATE INDEX `trajectories_project_session` ON `trajectories` (`project_id`,`session_id`);