ALTER TABLE `operations` ADD `output` text;--> statement-breakpoint
ALTER TABLE `trajectories` ADD `prompts` text DEFAULT '[]' NOT NULL;