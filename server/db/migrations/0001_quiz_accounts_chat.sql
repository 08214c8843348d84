CREATE TABLE "chat_leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" text NOT NULL,
	"name" text,
	"email" text,
	"need" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quiz_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"language" text NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"business_name" text,
	"answers" jsonb NOT NULL,
	"recommended_plan" text NOT NULL,
	"report" jsonb NOT NULL,
	"uid" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_profiles" (
	"uid" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"display_name" text,
	"business_name" text,
	"role" text,
	"industry" text,
	"quiz_completed" boolean DEFAULT false NOT NULL,
	"chosen_plan" text,
	"purchased_plan" text,
	"purchased_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "chat_leads_conversation_idx" ON "chat_leads" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "quiz_submissions_created_at_idx" ON "quiz_submissions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "quiz_submissions_email_idx" ON "quiz_submissions" USING btree ("email");