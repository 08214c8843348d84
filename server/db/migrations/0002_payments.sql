CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gateway_order_id" text NOT NULL,
	"receipt" text NOT NULL,
	"plan" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"mode" text NOT NULL,
	"customer_email" text,
	"customer_details" jsonb,
	"customer_uid" text,
	"paid_payment_id" text,
	"paid_at" timestamp with time zone,
	"fulfilled_at" timestamp with time zone,
	"fulfilled_by" text,
	"account_created" boolean DEFAULT false NOT NULL,
	"fulfilment_error" text,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_gateway_order_id_unique" UNIQUE("gateway_order_id"),
	CONSTRAINT "orders_receipt_unique" UNIQUE("receipt"),
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('created', 'failed', 'paid')),
	CONSTRAINT "orders_fulfilled_by_check" CHECK ("orders"."fulfilled_by" in ('verification', 'webhook', 'reconciliation')),
	CONSTRAINT "orders_amount_check" CHECK ("orders"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_webhook_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"payload" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"gateway_payment_id" text PRIMARY KEY NOT NULL,
	"gateway_order_id" text NOT NULL,
	"status" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"currency" text NOT NULL,
	"method" text,
	"error_code" text,
	"error_description" text,
	"refund_needed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_gateway_order_id_orders_gateway_order_id_fk" FOREIGN KEY ("gateway_order_id") REFERENCES "public"."orders"("gateway_order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_unpaid_idx" ON "orders" USING btree ("created_at") WHERE "orders"."status" <> 'paid';--> statement-breakpoint
CREATE INDEX "orders_unfulfilled_idx" ON "orders" USING btree ("paid_at") WHERE "orders"."status" = 'paid' and "orders"."fulfilled_at" is null;--> statement-breakpoint
CREATE INDEX "payment_webhook_events_pending_idx" ON "payment_webhook_events" USING btree ("received_at") WHERE "payment_webhook_events"."processed_at" is null;--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("gateway_order_id");--> statement-breakpoint
CREATE INDEX "payments_refund_idx" ON "payments" USING btree ("created_at") WHERE "payments"."refund_needed";