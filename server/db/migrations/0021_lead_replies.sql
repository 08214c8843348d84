ALTER TABLE "contact_messages" ADD COLUMN "reply_outcome" text;--> statement-breakpoint
ALTER TABLE "quiz_submissions" ADD COLUMN "reply_outcome" text;--> statement-breakpoint
ALTER TABLE "quiz_submissions" ADD COLUMN "report_token" text;--> statement-breakpoint
ALTER TABLE "quiz_submissions" ADD COLUMN "report_requested_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_submissions_report_token_idx" ON "quiz_submissions" USING btree ("report_token");