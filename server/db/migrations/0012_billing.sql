CREATE TABLE "billing_plans" (
	"gateway_plan_id" text PRIMARY KEY NOT NULL,
	"plan" text NOT NULL,
	"mode" text NOT NULL,
	"monthly_paise" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_entities" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"parent_id" text,
	"entity" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_invoices" (
	"gateway_invoice_id" text PRIMARY KEY NOT NULL,
	"gateway_subscription_id" text NOT NULL,
	"gateway_order_id" text,
	"gateway_payment_id" text,
	"amount_paise" integer NOT NULL,
	"status" text NOT NULL,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"gateway_subscription_id" text PRIMARY KEY NOT NULL,
	"mode" text NOT NULL,
	"plan" text NOT NULL,
	"gateway_plan_id" text NOT NULL,
	"receipt" text NOT NULL,
	"setup_paise" integer NOT NULL,
	"monthly_paise" integer NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"current_start" timestamp with time zone,
	"current_end" timestamp with time zone,
	"charge_at" timestamp with time zone,
	"paid_count" integer DEFAULT 0 NOT NULL,
	"remaining_count" integer,
	"ended_at" timestamp with time zone,
	"gateway_at" timestamp with time zone,
	"paid_through" timestamp with time zone,
	"cancel_at" timestamp with time zone,
	"cancel_after_charge" timestamp with time zone,
	"customer_email" text,
	"customer_details" jsonb,
	"customer_uid" text,
	"checkout_secret_hash" text,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_receipt_unique" UNIQUE("receipt"),
	CONSTRAINT "subscriptions_amounts_check" CHECK ("subscriptions"."setup_paise" >= 0 and "subscriptions"."monthly_paise" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "subscription_id" text;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD COLUMN "plan_paid_through" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD COLUMN "billing_state" text;--> statement-breakpoint
ALTER TABLE "subscription_invoices" ADD CONSTRAINT "subscription_invoices_gateway_subscription_id_subscriptions_gateway_subscription_id_fk" FOREIGN KEY ("gateway_subscription_id") REFERENCES "public"."subscriptions"("gateway_subscription_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_plans_plan_idx" ON "billing_plans" USING btree ("plan","mode","monthly_paise");--> statement-breakpoint
CREATE INDEX "sandbox_entities_kind_idx" ON "sandbox_entities" USING btree ("kind","parent_id");--> statement-breakpoint
CREATE INDEX "subscription_invoices_subscription_idx" ON "subscription_invoices" USING btree ("gateway_subscription_id","period_start");--> statement-breakpoint
CREATE INDEX "subscriptions_uid_idx" ON "subscriptions" USING btree ("customer_uid");--> statement-breakpoint
CREATE INDEX "subscriptions_open_idx" ON "subscriptions" USING btree ("charge_at") WHERE "subscriptions"."status" not in ('cancelled', 'completed', 'expired');