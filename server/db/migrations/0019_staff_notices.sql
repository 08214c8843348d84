CREATE TABLE "staff_notices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event" text NOT NULL,
	"subject" text NOT NULL,
	"link" text NOT NULL,
	"held" boolean NOT NULL,
	"digest_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_notices_event_idx" ON "staff_notices" USING btree ("event");--> statement-breakpoint
CREATE INDEX "staff_notices_recent_idx" ON "staff_notices" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "staff_notices_waiting_idx" ON "staff_notices" USING btree ("id") WHERE "staff_notices"."held" and "staff_notices"."digest_id" is null;