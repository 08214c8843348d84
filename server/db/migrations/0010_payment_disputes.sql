CREATE TABLE "payment_disputes" (
	"gateway_dispute_id" text PRIMARY KEY NOT NULL,
	"gateway_payment_id" text NOT NULL,
	"gateway_order_id" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"phase" text,
	"reason_code" text,
	"reason" text,
	"respond_by" timestamp with time zone,
	"event_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "payment_disputes_order_idx" ON "payment_disputes" USING btree ("gateway_order_id");--> statement-breakpoint
CREATE INDEX "payment_disputes_open_idx" ON "payment_disputes" USING btree ("respond_by") WHERE "payment_disputes"."status" = 'open';