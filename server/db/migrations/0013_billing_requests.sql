CREATE TABLE "subscription_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gateway_subscription_id" text NOT NULL,
	"uid" text NOT NULL,
	"kind" text NOT NULL,
	"plan" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" text,
	CONSTRAINT "subscription_requests_kind_check" CHECK ("subscription_requests"."kind" in ('pause', 'resume', 'change_plan')),
	CONSTRAINT "subscription_requests_status_check" CHECK ("subscription_requests"."status" in ('open', 'done', 'declined'))
);
--> statement-breakpoint
ALTER TABLE "subscription_requests" ADD CONSTRAINT "subscription_requests_gateway_subscription_id_subscriptions_gateway_subscription_id_fk" FOREIGN KEY ("gateway_subscription_id") REFERENCES "public"."subscriptions"("gateway_subscription_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_requests_open_idx" ON "subscription_requests" USING btree ("gateway_subscription_id","kind") WHERE "subscription_requests"."status" = 'open';