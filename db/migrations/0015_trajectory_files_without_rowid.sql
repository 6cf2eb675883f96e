-- trajectory_files rebuilt WITHOUT ROWID and without its path index (no query looks files up by path): each of a
-- session's files is then one b-tree insert instead of three, the largest share of ingest's index work. Copied
-- through a temporary table rather than renamed: until 0016 and 0017 regenerate the stats triggers, ALTER TABLE
-- ... RENAME fails on this schema (it cannot resolve the aliased UPDATE targets of their delete triggers).
DROP INDEX `trajectory_files_path`;
--> statement-breakpoint
CREATE TEMP TABLE `trajectory_files_copy` AS SELECT trajectory_id, role, path FROM `trajectory_files`;
--> statement-breakpoint
DROP TABLE `trajectory_files`;
--> statement-breakpoint
CREATE TABLE `trajectory_files` (
	`trajectory_id` integer NOT NULL,
	`role` text NOT NULL,
	`path` text NOT NULL,
	PRIMARY KEY(`trajectory_id`, `role`, `path`),
	FOREIGN KEY (`trajectory_id`) REFERENCES `trajectories`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `trajectory_files` (trajectory_id, role, path) SELECT trajectory_id, role, path FROM temp.`trajectory_files_copy`;
--> statement-breakpoint
DROP TABLE temp.`trajectory_files_copy`;
