-- How many memories each project (project_key 0: global memories) holds per category, kept by triggers on
-- memories, so plain browsing of the vault reads its total and facets without counting a million rows.
-- A row whose n fell to 0 stands for none. No foreign key: deleting a project deletes its memories, whose
-- trigger takes them away.
CREATE TABLE `memory_counts` (
  `project_key` integer NOT NULL,
  `category` text NOT NULL,
  `n` integer NOT NULL,
  PRIMARY KEY (`project_key`, `category`)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `memory_counts` (project_key, category, n)
SELECT coalesce(project_id, 0), category, count(*) FROM `memories` GROUP BY 1, 2;
--> statement-breakpoint
CREATE TRIGGER `memories_counts_insert` AFTER INSERT ON `memories` BEGIN
  INSERT INTO `memory_counts` (project_key, category, n) VALUES (coalesce(NEW.project_id, 0), NEW.category, 1)
  ON CONFLICT (project_key, category) DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `memories_counts_delete` AFTER DELETE ON `memories` BEGIN
  UPDATE `memory_counts` SET n = n - 1 WHERE project_key = coalesce(OLD.project_id, 0) AND category = OLD.category;
END;
--> statement-breakpoint
CREATE TRIGGER `memories_counts_update` AFTER UPDATE OF project_id, category ON `memories` BEGIN
  UPDATE `memory_counts` SET n = n - 1 WHERE project_key = coalesce(OLD.project_id, 0) AND category = OLD.category;
  INSERT INTO `memory_counts` (project_key, category, n) VALUES (coalesce(NEW.project_id, 0), NEW.category, 1)
  ON CONFLICT (project_key, category) DO UPDATE SET n = n + 1;
END;
