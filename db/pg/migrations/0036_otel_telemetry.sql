-- Claude Code's OpenTelemetry events and metric points (docs/opentelemetry.md), redacted, keyed so a batch sent again
-- adds nothing; (project_id, session_id) joins a session's events to its transcript when it arrives.
CREATE TABLE "otel_events" (
	"project_id" bigint NOT NULL,
	"event_key" text NOT NULL,
	"name" text NOT NULL,
	"session_id" text,
	"person" text,
	"at" bigint NOT NULL,
	"model" text,
	"cost_usd" double precision,
	"input_tokens" bigint,
	"output_tokens" bigint,
	"cache_read_tokens" bigint,
	"cache_creation_tokens" bigint,
	"tool_name" text,
	"success" smallint,
	"decision" text,
	"decision_source" text,
	"error" text,
	"status_code" bigint,
	"duration_ms" bigint,
	"prompt_length" bigint,
	"prompt" text,
	"attributes" text NOT NULL,
	"uploaded_by" text NOT NULL,
	"received_at" bigint DEFAULT (extract(epoch from clock_timestamp()) * 1000)::bigint NOT NULL,
	CONSTRAINT "otel_events_project_id_event_key_pk" PRIMARY KEY("project_id","event_key")
);
--> statement-breakpoint
CREATE TABLE "otel_metric_points" (
	"project_id" bigint NOT NULL,
	"point_key" text NOT NULL,
	"name" text NOT NULL,
	"session_id" text,
	"person" text,
	"model" text,
	"type" text,
	"start_at" bigint,
	"at" bigint NOT NULL,
	"value" double precision NOT NULL,
	"attributes" text NOT NULL,
	"uploaded_by" text NOT NULL,
	CONSTRAINT "otel_metric_points_project_id_point_key_pk" PRIMARY KEY("project_id","point_key")
);
--> statement-breakpoint
ALTER TABLE "otel_events" ADD CONSTRAINT "otel_events_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otel_metric_points" ADD CONSTRAINT "otel_metric_points_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "otel_events_project_session" ON "otel_events" USING btree ("project_id","session_id");--> statement-breakpoint
CREATE INDEX "otel_metric_points_project_session" ON "otel_metric_points" USING btree ("project_id","session_id");