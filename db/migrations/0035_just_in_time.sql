-- Notes at tool calls (docs/just-in-time.md): each project's setting (on: add the note as context; ask: ask the user
-- first; off: none), and the notes given, one per session and knowledge item, so none is given twice in a session.
CREATE TABLE `tool_call_notes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`experiment_id` integer,
	`session_id` text NOT NULL,
	`item_key` text NOT NULL,
	`moment` text NOT NULL,
	`tool` text NOT NULL,
	`delivered_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`experiment_id`) REFERENCES `experiments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tool_call_notes_project_session_item` ON `tool_call_notes` (`project_id`,`session_id`,`item_key`);--> statement-breakpoint
ALTER TABLE `projects` ADD `just_in_time` text DEFAULT 'on' NOT NULL;