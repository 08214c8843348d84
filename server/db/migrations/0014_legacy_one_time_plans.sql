-- Plans bought with a one-time payment before monthly billing (docs/decisions/180-monthly-billing.md) are held to the
-- end of the month paid for: 00:00 IST on the same date a month after the payment, as src/domain/billing.ts periodEnd.
-- Only accounts with a fulfilled one-time order: a plan set by hand keeps no end date.
UPDATE "user_profiles" AS p
SET "plan_paid_through" = (date_trunc('day', (p."purchased_at" AT TIME ZONE 'Asia/Kolkata') + interval '1 month') AT TIME ZONE 'Asia/Kolkata'),
    "billing_state" = 'ending'
WHERE p."purchased_plan" IS NOT NULL
  AND p."purchased_at" IS NOT NULL
  AND p."plan_paid_through" IS NULL
  AND EXISTS (
    SELECT 1 FROM "orders" o
    WHERE o."customer_uid" = p."uid" AND o."subscription_id" IS NULL AND o."fulfilled_at" IS NOT NULL
  );
