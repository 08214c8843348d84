ALTER TABLE "subscriptions" ADD COLUMN "pause_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "scheduled_plan" text;