-- Trust in guidance (docs/trust-model.md): who uploaded each session (user, token, and in words, kept when either
-- is deleted; null for sessions stored before), whether a project reviews guidance before agents get it (null: the
-- project decides by its members and uploaders), and the owners' decisions on each guidance item. The index on
-- (project_id, uploaded_by) tells whether a project has more than one uploader in two seeks, at every guidance read.
CREATE TABLE "guidance_reviews" (
	"project_id" bigint NOT NULL,
	"item_key" text NOT NULL,
	"accepted_text" text,
	"accepted_hash" text,
	"accepted_item" text,
	"accepted_by" text,
	"accepted_at" bigint,
	"rejected_hash" text,
	"rejected_by" text,
	"rejected_at" bigint,
	CONSTRAINT "guidance_reviews_project_id_item_key_pk" PRIMARY KEY("project_id","item_key")
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "review_guidance" smallint;--> statement-breakpoint
ALTER TABLE "trajectories" ADD COLUMN "uploaded_by_user_id" bigint;--> statement-breakpoint
ALTER TABLE "trajectories" ADD COLUMN "uploaded_by_token_id" bigint;--> statement-breakpoint
ALTER TABLE "trajectories" ADD COLUMN "uploaded_by" text;--> statement-breakpoint
ALTER TABLE "guidance_reviews" ADD CONSTRAINT "guidance_reviews_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trajectories_project_uploader" ON "trajectories" USING btree ("project_id","uploaded_by");