import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

/**
 * Every table of the server, one section per component. A new component adds its section here and runs
 * `npx drizzle-kit generate` to write the next migration into server/db/migrations/.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * What staff add to every lead: where the agency has got to with it. The status values are
 * src/domain/admin.ts's leadStatuses, repeated in the CHECK because a migration must not change with the code.
 */
const leadColumns = () => ({
  status: text('status').notNull().default('new'),
  staffNote: text('staff_note').notNull().default(''),
  statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
});
const leadStatusCheck = (name: string, status: AnyPgColumn) =>
  check(name, sql`${status} in ('new', 'contacted', 'qualified', 'won', 'lost')`);

// ---- contact ----------------------------------------------------------------------------------

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** null when the sender gave none. */
    phone: text('phone'),
    message: text('message').notNull(),
    /** Keyed hash of the sender's IP (IP_HASH_SECRET), for spotting abuse without storing the address. */
    sourceIpHash: text('source_ip_hash'),
    /** What became of the sender's auto-reply (src/domain/admin.ts replyOutcomes); null until its event is composed. */
    replyOutcome: text('reply_outcome'),
    createdAt: createdAt(),
    ...leadColumns(),
  },
  (table) => [
    // The staff inbox pages newest first by (created_at, id) (docs/decisions/100-inbox-keyset-cursor.md).
    index('contact_messages_created_at_idx').on(table.createdAt, table.id),
    index('contact_messages_new_idx')
      .on(table.createdAt)
      .where(sql`${table.status} = 'new'`),
    leadStatusCheck('contact_messages_status_check', table.status),
  ],
);

// ---- outbox: side effects committed with the data that caused them, delivered later with retries ----------

export const outbox = pgTable(
  'outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    // The worker only ever looks for undelivered rows that are due.
    index('outbox_pending_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.deliveredAt} is null`),
    // The staff inbox shows each contact message's forwarding: its outbox row, found by the message id.
    index('outbox_contact_message_idx')
      .on(sql`(${table.payload} ->> 'contactMessageId')`)
      .where(sql`${table.kind} = 'contact.forward'`),
  ],
);

// ---- mail: every email the site sends, rendered as the recipient sees it ------------------------------------

export const mailMessages = pgTable(
  'mail_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** What it is: `staff.lead`, `client.receipt`, ...; one template each. */
    kind: text('kind').notNull(),
    /** One email per event: a second request with the same key is the same email. */
    dedupeKey: text('dedupe_key').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /** Files sent with it (the quiz's report PDF), as server/mail/repository.ts MailAttachment; null: none. */
    attachments: jsonb('attachments'),
    /**
     * kept: embedded mode, never sent; queued; sent; refused: the mail server refused the address for good; failed:
     * the mail server could not be reached for three days.
     */
    status: text('status').notNull(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('mail_messages_dedupe_key_idx').on(table.dedupeKey), index('mail_messages_created_idx').on(table.createdAt)],
);

/**
 * Each event staff were told of (server/mail/staffNotices.ts): one row per event, sent on its own while few arrive,
 * held for the next digest in a burst (`held`, then `digestId` once a digest took it).
 */
export const staffNotices = pgTable(
  'staff_notices',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The event, e.g. `quiz:<id>`: staff hear of it once. */
    event: text('event').notNull(),
    subject: text('subject').notNull(),
    /** The link to the item in /admin. */
    link: text('link').notNull(),
    held: boolean('held').notNull(),
    /** The id of the first notice of the digest that carried it. */
    digestId: bigint('digest_id', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('staff_notices_event_idx').on(table.event),
    index('staff_notices_recent_idx').on(table.createdAt),
    index('staff_notices_waiting_idx')
      .on(table.id)
      .where(sql`${table.held} and ${table.digestId} is null`),
  ],
);

// ---- quiz leads: every finished quiz, with the plan it recommended ---------------------------------

export const quizSubmissions = pgTable(
  'quiz_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 'en' or 'hi': the language the prospect answered in. */
    language: text('language').notNull(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    businessName: text('business_name'),
    /** The validated answers, as the quiz schema in src/domain defines them. */
    answers: jsonb('answers').notNull(),
    /** Plan key the report recommended. */
    recommendedPlan: text('recommended_plan').notNull(),
    /** The computed report (services, costs, KPIs), as shown to the prospect. */
    report: jsonb('report').notNull(),
    /** Firebase uid when the prospect was signed in. */
    uid: text('uid'),
    /** What became of the prospect's reply (src/domain/admin.ts replyOutcomes); null until its event is composed. */
    replyOutcome: text('reply_outcome'),
    /**
     * The secret in the reply's link that sends the report PDF once the address's owner asks for it (decision 188):
     * only that email holds it. Null for submissions from before the link.
     */
    reportToken: text('report_token'),
    /** When the owner of the address asked for the report by email; it is sent once. */
    reportRequestedAt: timestamp('report_requested_at', { withTimezone: true }),
    createdAt: createdAt(),
    ...leadColumns(),
  },
  (table) => [
    index('quiz_submissions_created_at_idx').on(table.createdAt, table.id),
    index('quiz_submissions_email_idx').on(table.email),
    uniqueIndex('quiz_submissions_report_token_idx').on(table.reportToken),
    index('quiz_submissions_new_idx')
      .on(table.createdAt)
      .where(sql`${table.status} = 'new'`),
    leadStatusCheck('quiz_submissions_status_check', table.status),
  ],
);

// ---- accounts: the profile and the entitlement, which only a verified payment grants -------------

export const userProfiles = pgTable(
  'user_profiles',
  {
    /** Firebase Auth uid. */
    uid: text('uid').primaryKey(),
    email: text('email').notNull(),
    displayName: text('display_name'),
    businessName: text('business_name'),
    role: text('role'),
    industry: text('industry'),
    quizCompleted: boolean('quiz_completed').notNull().default(false),
    /** The plan chosen at sign-up (`/signin?plan=`): an intention to buy, never an entitlement (decision D4). */
    chosenPlan: text('chosen_plan'),
    /** The plan paid for, set only by a verified payment (decision D4). */
    purchasedPlan: text('purchased_plan'),
    purchasedAt: timestamp('purchased_at', { withTimezone: true }),
    /**
     * Until when the plan is paid for, and how its billing stands (src/domain/billing.ts): both recomputed from the
     * account's subscriptions with every change to one (docs/decisions/180-monthly-billing.md). Null: granted by hand.
     */
    planPaidThrough: timestamp('plan_paid_through', { withTimezone: true }),
    billingState: text('billing_state'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('user_profiles_created_at_idx').on(table.createdAt, table.uid)],
);

// ---- chat leads: what the assistant collected in one conversation --------------------------------

export const chatLeads = pgTable(
  'chat_leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The browser's conversation id: one lead per conversation, updated as details arrive. */
    conversationId: text('conversation_id').notNull(),
    name: text('name'),
    email: text('email'),
    need: text('need'),
    /**
     * The conversation that produced the lead, oldest turn first, as src/domain/admin.ts's chatTurnSchema. Stored only
     * once the conversation has a lead (docs/decisions/101-chat-transcript-minimisation.md).
     */
    transcript: jsonb('transcript')
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ...leadColumns(),
  },
  (table) => [
    uniqueIndex('chat_leads_conversation_idx').on(table.conversationId),
    index('chat_leads_created_at_idx').on(table.createdAt, table.id),
    index('chat_leads_new_idx')
      .on(table.createdAt)
      .where(sql`${table.status} = 'new'`),
    leadStatusCheck('chat_leads_status_check', table.status),
  ],
);

// ---- payments: orders this server created, the gateway's payments, the webhook events received ----

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The gateway's order id (`order_...`): what the browser and the webhooks name. */
    gatewayOrderId: text('gateway_order_id').notNull().unique(),
    /** Our idempotency key for the gateway's order creation (Razorpay's unique receipt). */
    receipt: text('receipt').notNull().unique(),
    plan: text('plan').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    currency: text('currency').notNull(),
    /** created -> paid, created -> failed -> paid; never back from paid (src/domain/payment.ts). */
    status: text('status').notNull().default('created'),
    /** 'sandbox' or 'live': which gateway created it. */
    mode: text('mode').notNull(),
    /** The buyer, when known: from create-order, verification or the gateway's payment. */
    customerEmail: text('customer_email'),
    /** Name, phone, business, role, industry as the buyer gave them; applied to the profile at fulfilment. */
    customerDetails: jsonb('customer_details'),
    customerUid: text('customer_uid'),
    /** The payment that paid the order; any other captured payment for it is flagged for a refund. */
    paidPaymentId: text('paid_payment_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Account found or created, plan granted. Null on a paid order means fulfilment is still owed. */
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    fulfilledBy: text('fulfilled_by'),
    /** The fulfilment created the Firebase account: the buyer has no password yet (decision 055). */
    accountCreated: boolean('account_created').notNull().default(false),
    /**
     * SHA-256 of the secret create-order gave the buyer's browser: a sign-in token for an account this order created
     * goes only to a verification that sends it (decision 090). Null on orders created before it existed.
     */
    checkoutSecretHash: text('checkout_secret_hash'),
    /** Why the last fulfilment attempt stopped (Firebase down, no buyer email); the reconciler retries. */
    fulfilmentError: text('fulfilment_error'),
    /**
     * One fulfiller at a time finds or creates the buyer's account, outside any transaction (Firebase is slow next
     * to the database): it holds the order until then. Others wait for it, or find the order done.
     */
    fulfillingUntil: timestamp('fulfilling_until', { withTimezone: true }),
    /** When the reconciler last asked the gateway about this order. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    /** For the order the gateway made for a subscription's first invoice: that subscription (decision 180). */
    subscriptionId: text('subscription_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('orders_status_check', sql`${table.status} in ('created', 'failed', 'paid')`),
    check('orders_fulfilled_by_check', sql`${table.fulfilledBy} in ('verification', 'webhook', 'reconciliation')`),
    check('orders_amount_check', sql`${table.amountPaise} > 0`),
    index('orders_unpaid_idx')
      .on(table.createdAt)
      .where(sql`${table.status} <> 'paid'`),
    index('orders_unfulfilled_idx')
      .on(table.paidAt)
      .where(sql`${table.status} = 'paid' and ${table.fulfilledAt} is null`),
    index('orders_created_at_idx').on(table.createdAt, table.id),
  ],
);

export const payments = pgTable(
  'payments',
  {
    /** The gateway's payment id (`pay_...`). */
    gatewayPaymentId: text('gateway_payment_id').primaryKey(),
    gatewayOrderId: text('gateway_order_id')
      .notNull()
      .references(() => orders.gatewayOrderId),
    /** The gateway's status: created, authorized, captured, refunded or failed. */
    status: text('status').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    currency: text('currency').notNull(),
    method: text('method'),
    errorCode: text('error_code'),
    errorDescription: text('error_description'),
    /** A captured payment that must go back: a second payment for an already paid order, or a wrong amount. */
    refundNeeded: boolean('refund_needed').notNull().default(false),
    /** How much of it the gateway has refunded: the sum of its processed refunds in `payment_refunds`. */
    amountRefundedPaise: integer('amount_refunded_paise').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('payments_order_idx').on(table.gatewayOrderId),
    index('payments_refund_idx')
      .on(table.createdAt)
      .where(sql`${table.refundNeeded}`),
  ],
);

/**
 * Each refund the gateway reported, by its own id (`rfnd_...`, inside the signed webhook body): a payment's
 * `amount_refunded_paise` is the sum of its processed refunds, so a refund still pending never counts, and the same
 * refund reported twice counts once (docs/decisions/171-refunds-withdraw-the-plan.md).
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    gatewayRefundId: text('gateway_refund_id').primaryKey(),
    gatewayPaymentId: text('gateway_payment_id').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    /** The gateway's status: created (pending), processed or failed. */
    status: text('status').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('payment_refunds_payment_idx').on(table.gatewayPaymentId)],
);

/**
 * Each dispute (chargeback) a buyer's bank raised against a payment, as the gateway's `payment.dispute.*` events last
 * reported it (docs/decisions/173-disputes-in-the-inbox.md): staff must answer an open one in Razorpay's Dashboard
 * before `respond_by`, or it is lost.
 */
export const paymentDisputes = pgTable(
  'payment_disputes',
  {
    gatewayDisputeId: text('gateway_dispute_id').primaryKey(),
    gatewayPaymentId: text('gateway_payment_id').notNull(),
    gatewayOrderId: text('gateway_order_id').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    currency: text('currency').notNull(),
    /** open, under_review, won, lost or closed. */
    status: text('status').notNull(),
    /** fraud, retrieval, chargeback, pre_arbitration or arbitration; null when the gateway gave none. */
    phase: text('phase'),
    reasonCode: text('reason_code'),
    reason: text('reason'),
    respondBy: timestamp('respond_by', { withTimezone: true }),
    /** When the gateway sent the event this row is as of: an older event delivered late changes nothing. */
    eventAt: timestamp('event_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('payment_disputes_order_idx').on(table.gatewayOrderId),
    index('payment_disputes_open_idx')
      .on(table.respondBy)
      .where(sql`${table.status} = 'open'`),
  ],
);

export const paymentWebhookEvents = pgTable(
  'payment_webhook_events',
  {
    /** `x-razorpay-event-id`: a redelivery carries the same id and is dropped. */
    eventId: text('event_id').primaryKey(),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    payload: jsonb('payload').notNull(),
    /** Set while one server processes the event, so no other server takes it (docs/decisions/126-one-job-one-server.md). */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
  },
  (table) => [
    index('payment_webhook_events_pending_idx')
      .on(table.receivedAt)
      .where(sql`${table.processedAt} is null`),
  ],
);

// ---- monthly billing: Razorpay Plans, subscriptions and their invoices (docs/decisions/180-monthly-billing.md)

/** The gateway's Plan for each plan sold online, per gateway mode and monthly amount: made once by billing:setup-plans. */
export const billingPlans = pgTable(
  'billing_plans',
  {
    gatewayPlanId: text('gateway_plan_id').primaryKey(),
    plan: text('plan').notNull(),
    mode: text('mode').notNull(),
    monthlyPaise: integer('monthly_paise').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('billing_plans_plan_idx').on(table.plan, table.mode, table.monthlyPaise)],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    /** The gateway's subscription id (`sub_...`). */
    gatewaySubscriptionId: text('gateway_subscription_id').primaryKey(),
    mode: text('mode').notNull(),
    plan: text('plan').notNull(),
    gatewayPlanId: text('gateway_plan_id').notNull(),
    receipt: text('receipt').notNull().unique(),
    setupPaise: integer('setup_paise').notNull(),
    monthlyPaise: integer('monthly_paise').notNull(),
    /** The gateway's status (src/domain/billing.ts subscriptionStatuses), as of `gatewayAt`. */
    status: text('status').notNull().default('created'),
    currentStart: timestamp('current_start', { withTimezone: true }),
    currentEnd: timestamp('current_end', { withTimezone: true }),
    chargeAt: timestamp('charge_at', { withTimezone: true }),
    paidCount: integer('paid_count').notNull().default(0),
    remainingCount: integer('remaining_count'),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** When the gateway's state stored here was true (an event's time, or a fetch's): an older report changes nothing. */
    gatewayAt: timestamp('gateway_at', { withTimezone: true }),
    /** The end of the last period paid for: the latest paid invoice's. */
    paidThrough: timestamp('paid_through', { withTimezone: true }),
    /** A cancel at cycle end we asked for: the gateway shows it nowhere, so we keep the date the service ends. */
    cancelAt: timestamp('cancel_at', { withTimezone: true }),
    /** Cancelled inside the notice: cancel at cycle end once the charge due on this date is taken. */
    cancelAfterCharge: timestamp('cancel_after_charge', { withTimezone: true }),
    /**
     * An account manager's pause from the next cycle: Razorpay pauses only at once, so the reconciler pauses it at the
     * gateway shortly before this date (the paid period's end) and clears it (server/billing/scheduledPause.ts).
     */
    pauseAt: timestamp('pause_at', { withTimezone: true }),
    /** The plan an account manager moved it to at cycle end; the row's plan follows when the gateway reports it. */
    scheduledPlan: text('scheduled_plan'),
    /**
     * Started on the dashboard by a client who paid once before monthly billing: no setup fee, the first charge on this
     * date (the end of the month they paid for), and no checkout fulfilment (the account exists). Null when bought.
     */
    startsAt: timestamp('starts_at', { withTimezone: true }),
    customerEmail: text('customer_email'),
    customerDetails: jsonb('customer_details'),
    customerUid: text('customer_uid'),
    checkoutSecretHash: text('checkout_secret_hash'),
    /** When the reconciler last asked the gateway about it. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('subscriptions_amounts_check', sql`${table.setupPaise} >= 0 and ${table.monthlyPaise} > 0`),
    index('subscriptions_uid_idx').on(table.customerUid),
    index('subscriptions_open_idx')
      .on(table.chargeAt)
      .where(sql`${table.status} not in ('cancelled', 'completed', 'expired')`),
    // One monthly payment started from the dashboard at a time: a second tab's start finds the first's.
    uniqueIndex('subscriptions_one_start_idx')
      .on(table.customerUid)
      .where(sql`${table.startsAt} is not null and ${table.status} not in ('cancelled', 'completed', 'expired')`),
    // Checkouts still open at the gateway, oldest first, for the reconciler to close once left (docs/decisions/189).
    index('subscriptions_open_checkouts_idx')
      .on(table.createdAt)
      .where(sql`${table.status} = 'created' and ${table.startsAt} is null`),
    // The inbox's Checkouts left, newest first, and each buyer's later checkout looked up by their email.
    index('subscriptions_unpaid_checkouts_idx')
      .on(table.createdAt, table.gatewaySubscriptionId)
      .where(sql`${table.paidCount} = 0 and ${table.startsAt} is null`),
    index('subscriptions_email_idx').on(table.customerEmail, table.createdAt),
  ],
);

/** Each invoice (one billing period's charge) of a subscription, as the gateway reported it. */
export const subscriptionInvoices = pgTable(
  'subscription_invoices',
  {
    gatewayInvoiceId: text('gateway_invoice_id').primaryKey(),
    gatewaySubscriptionId: text('gateway_subscription_id')
      .notNull()
      .references(() => subscriptions.gatewaySubscriptionId),
    gatewayOrderId: text('gateway_order_id'),
    gatewayPaymentId: text('gateway_payment_id'),
    amountPaise: integer('amount_paise').notNull(),
    /** issued, paid, partially_paid, cancelled or expired: the gateway's. */
    status: text('status').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('subscription_invoices_subscription_idx').on(table.gatewaySubscriptionId, table.periodStart)],
);

/**
 * What a client asks their account manager to do with their subscription (SPEC: pauses and plan changes go through
 * them): pause from the next cycle, resume, or change plan. Staff act on it in the inbox and close it.
 */
export const subscriptionRequests = pgTable(
  'subscription_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    gatewaySubscriptionId: text('gateway_subscription_id')
      .notNull()
      .references(() => subscriptions.gatewaySubscriptionId),
    uid: text('uid').notNull(),
    /** pause, resume or change_plan (src/domain/billing.ts billingRequestKinds). */
    kind: text('kind').notNull(),
    /** For change_plan: the plan asked for. */
    plan: text('plan'),
    /** open until staff act on it: done or declined. */
    status: text('status').notNull().default('open'),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: text('resolved_by'),
  },
  (table) => [
    check('subscription_requests_kind_check', sql`${table.kind} in ('pause', 'resume', 'change_plan')`),
    check('subscription_requests_status_check', sql`${table.status} in ('open', 'done', 'declined')`),
    // One open request of each kind per subscription: asking again answers the one already waiting.
    uniqueIndex('subscription_requests_open_idx')
      .on(table.gatewaySubscriptionId, table.kind)
      .where(sql`${table.status} = 'open'`),
  ],
);

/**
 * The sandbox gateway's own records (docs/decisions/091-sandbox-gateway.md): its plans, subscriptions and invoices as
 * Razorpay would hold them, each a Razorpay-shaped entity, and its clock. Never read outside the sandbox gateway.
 */
export const sandboxEntities = pgTable(
  'sandbox_entities',
  {
    id: text('id').primaryKey(),
    /** plan, subscription, invoice or clock. */
    kind: text('kind').notNull(),
    /** The subscription an invoice belongs to. */
    parentId: text('parent_id'),
    entity: jsonb('entity').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sandbox_entities_kind_idx').on(table.kind, table.parentId)],
);

// ---- staff audit: who did what to which row, and when (docs/decisions/102-staff-audit.md) -----------

export const staffAudit = pgTable(
  'staff_audit',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    staffUid: text('staff_uid').notNull(),
    staffEmail: text('staff_email'),
    /** 'lead.update', 'contact.retry_forward' or 'export'. */
    action: text('action').notNull(),
    /** '<tab>/<id>' for a row, '<tab>' for an export. */
    target: text('target').notNull(),
    /** What changed: the status from and to, whether the note changed; an export's query and row count. */
    details: jsonb('details')
      .notNull()
      .default(sql`'{}'::jsonb`),
  },
  (table) => [index('staff_audit_at_idx').on(table.at), index('staff_audit_target_idx').on(table.target)],
);

// ---- rate limits: one counter per limiter class and client, shared by every server process -------
// The columns rate-limiter-flexible's RateLimiterDrizzle reads and writes (docs/decisions/184-rate-limits-on-rate-limiter-flexible.md).

export const rateLimitCounters = pgTable('rate_limit_counters', {
  /** The limiter's class and the client's key, e.g. `contact:203.0.113.7`. */
  key: text('key').primaryKey(),
  /** Requests counted in the current window. */
  points: integer('points').notNull(),
  /** When the current window ends; a row past it counts as absent and the next hit starts a new window. */
  expire: timestamp('expire', { withTimezone: true }),
});

export type ContactMessageRow = typeof contactMessages.$inferSelect;
export type OutboxRow = typeof outbox.$inferSelect;
export type QuizSubmissionRow = typeof quizSubmissions.$inferSelect;
export type UserProfileRow = typeof userProfiles.$inferSelect;
export type ChatLeadRow = typeof chatLeads.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type PaymentWebhookEventRow = typeof paymentWebhookEvents.$inferSelect;
export type StaffAuditRow = typeof staffAudit.$inferSelect;
export type RateLimitCounterRow = typeof rateLimitCounters.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SubscriptionInvoiceRow = typeof subscriptionInvoices.$inferSelect;
export type SubscriptionRequestRow = typeof subscriptionRequests.$inferSelect;
export type MailMessageRow = typeof mailMessages.$inferSelect;
export type StaffNoticeRow = typeof staffNotices.$inferSelect;
