-- Memory files agents wrote for themselves (docs/agent-memory.md): the latest version of each file per project,
-- uploader and path, redacted at ingest; a changed file replaces the same uploader's earlier version.
CREATE TABLE `agent_note_files` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`uploader` text NOT NULL,
	`uploader_key` text NOT NULL,
	`agent` text NOT NULL,
	`path` text NOT NULL,
	`content` text NOT NULL,
	`content_hash` text NOT NULL,
	`stored_at` integer NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `agent_note_files_source` ON `agent_note_files` (`project_id`,`uploader_key`,`agent`,`path`);