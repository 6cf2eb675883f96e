CREATE TABLE `ablation_runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`ablation_id` integer NOT NULL,
	`task` text NOT NULL,
	`arm` text NOT NULL,
	`run` integer NOT NULL,
	`status` text NOT NULL,
	`setup` text,
	`agent` text,
	`check` text,
	`detail` text,
	`session` text,
	`reported_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`ablation_id`) REFERENCES `ablations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ablation_runs_run` ON `ablation_runs` (`ablation_id`,`task`,`arm`,`run`);--> statement-breakpoint
CREATE TABLE `ablations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`suite` text NOT NULL,
	`agent` text NOT NULL,
	`tasks` text NOT NULL,
	`arms` text NOT NULL,
	`runs` integer NOT NULL,
	`seed` integer NOT NULL,
	`generation` integer NOT NULL,
	`rules` text NOT NULL,
	`guidance_hash` text NOT NULL,
	`created_by` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `ablations_project` ON `ablations` (`project_id`,`created_at`);