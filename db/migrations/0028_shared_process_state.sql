CREATE TABLE `rate_limit_buckets` (
	`kind` text NOT NULL,
	`client` text NOT NULL,
	`tokens` real NOT NULL,
	`updated_at` integer NOT NULL,
	`taken` integer NOT NULL,
	PRIMARY KEY(`kind`, `client`)
);
--> statement-breakpoint
CREATE INDEX `rate_limit_buckets_updated` ON `rate_limit_buckets` (`updated_at`);--> statement-breakpoint
CREATE TABLE `setup_codes` (
	`code_hash` text PRIMARY KEY NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
