CREATE TABLE `project_day_stats` (
	`project_id` integer NOT NULL,
	`day` text NOT NULL,
	`domain` text NOT NULL,
	`category` text NOT NULL,
	`n` integer DEFAULT 0 NOT NULL,
	`success_sum` real DEFAULT 0 NOT NULL,
	PRIMARY KEY(`project_id`, `day`, `domain`, `category`),
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `project_day_tool_stats` (
	`project_id` integer NOT NULL,
	`day` text NOT NULL,
	`tool` text NOT NULL,
	`calls` real DEFAULT 0 NOT NULL,
	`sessions` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`project_id`, `day`, `tool`),
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
