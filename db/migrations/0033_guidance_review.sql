-- Trust in guidance (docs/trust-model.md): who uploaded each session (user, token, and in words, kept when either
-- is deleted; null for sessions stored before), whether a project reviews guidance before agents get it (null: the
-- project decides by its members and uploaders), and the owners' decisions on each guidance item. The index on
-- (project_id, uploaded_by) tells whether a project has more than one uploader in two seeks, at every guidance read.
CREATE TABLE `guidance_reviews` (
	`project_id` integer NOT NULL,
	`item_key` text NOT NULL,
	`accepted_text` text,
	`accepted_hash` text,
	`accepted_item` text,
	`accepted_by` text,
	`accepted_at` integer,
	`rejected_hash` text,
	`rejected_by` text,
	`rejected_at` integer,
	PRIMARY KEY(`project_id`, `item_key`),
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `projects` ADD `review_guidance` integer;--> statement-breakpoint
ALTER TABLE `trajectories` ADD `uploaded_by_user_id` integer;--> statement-breakpoint
ALTER TABLE `trajectories` ADD `uploaded_by_token_id` integer;--> statement-breakpoint
ALTER TABLE `trajectories` ADD `uploaded_by` text;--> statement-breakpoint
CREATE INDEX `trajectories_project_uploader` ON `trajectories` (`project_id`,`uploaded_by`);