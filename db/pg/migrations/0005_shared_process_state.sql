CREATE TABLE "rate_limit_buckets" (
	"kind" text NOT NULL,
	"client" text NOT NULL,
	"tokens" double precision NOT NULL,
	"updated_at" bigint NOT NULL,
	"taken" smallint NOT NULL,
	CONSTRAINT "rate_limit_buckets_kind_client_pk" PRIMARY KEY("kind","client")
);
--> statement-breakpoint
CREATE TABLE "setup_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from clock_timestamp()) * 1000)::bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_buckets_updated" ON "rate_limit_buckets" USING btree ("updated_at");