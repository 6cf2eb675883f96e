-- A browser's sign-in is a "sign-in", so a session always means an agent's run (CONTRIBUTING.md#words): the table,
-- its index and its keys take the name. The cookie (starlight_session) and the URL (/api/v1/session) keep theirs.
ALTER TABLE "auth_sessions" RENAME TO "sign_ins";--> statement-breakpoint
ALTER INDEX "auth_sessions_user" RENAME TO "sign_ins_user";--> statement-breakpoint
ALTER TABLE "sign_ins" RENAME CONSTRAINT "auth_sessions_pkey" TO "sign_ins_pkey";--> statement-breakpoint
ALTER TABLE "sign_ins" RENAME CONSTRAINT "auth_sessions_user_id_users_id_fk" TO "sign_ins_user_id_users_id_fk";
