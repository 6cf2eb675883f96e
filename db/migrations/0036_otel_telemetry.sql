-- Claude Code's OpenTelemetry events and metric points (docs/opentelemetry.md), redacted, keyed so a batch sent again
-- adds nothing; (project_id, session_id) joins a session's events to its transcript when it arrives.
CREATE TABLE `otel_events` (
	`project_id` integer NOT NULL,
	`event_key` text NOT NULL,
	`name` text NOT NULL,
	`session_id` text,
	`person` text,
	`at` integer NOT NULL,
	`model` text,
	`cost_usd` real,
	`input_tokens` integer,
	`output_tokens` integer,
	`cache_read_tokens` integer,
	`cache_creation_tokens` integer,
	`tool_name` text,
	`success` integer,
	`decision` text,
	`decision_source` text,
	`error` text,
	`status_code` integer,
	`duration_ms` integer,
	`prompt_length` integer,
	`prompt` text,
	`attributes` text NOT NULL,
	`uploaded_by` text NOT NULL,
	`received_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`project_id`, `event_key`),
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `otel_events_project_session` ON `otel_events` (`project_id`,`session_id`);--> statement-breakpoint
CREATE TABLE `otel_metric_points` (
	`project_id` integer NOT NULL,
	`point_key` text NOT NULL,
	`name` text NOT NULL,
	`session_id` text,
	`person` text,
	`model` text,
	`type` text,
	`start_at` integer,
	`at` integer NOT NULL,
	`value` real NOT NULL,
	`attributes` text NOT NULL,
	`uploaded_by` text NOT NULL,
	PRIMARY KEY(`project_id`, `point_key`),
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `otel_metric_points_project_session` ON `otel_metric_points` (`project_id`,`session_id`);