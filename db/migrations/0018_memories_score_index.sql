DROP INDEX `memories_project_category`;--> statement-breakpoint
CREATE INDEX `memories_project_category` ON `memories` (`project_id`,`category`,`confidence`,`pinned`,`created_at`,`reinforced_at`);