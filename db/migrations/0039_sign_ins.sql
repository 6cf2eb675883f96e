-- A browser's sign-in is a "sign-in", so a session always means an agent's run (CONTRIBUTING.md#words): the table
-- and its index take the name. The cookie (starlight_session) and the URL (/api/v1/session) keep theirs.
ALTER TABLE `auth_sessions` RENAME TO `sign_ins`;--> statement-breakpoint
DROP INDEX `auth_sessions_user`;--> statement-breakpoint
CREATE INDEX `sign_ins_user` ON `sign_ins` (`user_id`);
