CREATE TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer NOT NULL,
	"expire" timestamp with time zone
);--> statement-breakpoint
DROP TABLE "rate_limit_hits" CASCADE;
