import { z } from 'zod/mini';
import { billingStates, subscriptionStatuses } from './billing';
import { disputeStatuses } from './dispute';
import { replyOutcomes } from './leadReply';
import { findPlan } from './plans';
import { isSafeText, safeText } from './text';

/**
 * The staff inbox's wire contract: what /api/admin/* answers and accepts, written once for the server and
 * the browser. Staff are accounts whose ID token carries the `admin: true` custom claim; nothing here is public.
 */

/** The custom claim `npm run grant-admin` sets and every /api/admin route checks on the server. */
export const STAFF_CLAIM = 'admin';

/** The tabs listed newest first, paged by (created_at, id). */
export const inboxTabs = ['contact', 'quiz', 'chat', 'orders', 'customers'] as const;
export type InboxTab = (typeof inboxTabs)[number];

/**
 * Every tab of the inbox: the newest-first ones, then Checkouts left (buyers who gave their details and did not pay,
 * newest first), then Subscriptions, listed by what needs staff first, then Outgoing mail, every email the site sent or
 * kept, newest first.
 */
export const adminTabs = [...inboxTabs, 'checkouts', 'subscriptions', 'mail'] as const;
export type AdminTab = (typeof adminTabs)[number];

/** The tabs whose rows are leads: they carry a status and a staff note, and the tab counts the new ones. */
export const leadTabs = ['contact', 'quiz', 'chat'] as const;
export type LeadTab = (typeof leadTabs)[number];

export function isLeadTab(tab: AdminTab): tab is LeadTab {
  return (leadTabs as readonly string[]).includes(tab);
}

export const inboxTabLabels: Record<AdminTab, string> = {
  contact: 'Contact messages',
  quiz: 'Quiz submissions',
  chat: 'Chat leads',
  orders: 'Orders',
  customers: 'Customers',
  checkouts: 'Checkouts left',
  subscriptions: 'Subscriptions',
  mail: 'Outgoing mail',
};

/** How each tab's list is ordered, as its caption says it. */
export const tabOrders: Record<AdminTab, string> = {
  contact: 'newest first',
  quiz: 'newest first',
  chat: 'newest first',
  orders: 'newest first',
  customers: 'newest first',
  checkouts: 'newest first',
  subscriptions: 'failed charges first, then requests waiting, then by next charge',
  mail: 'newest first',
};

/** A lead's place in the agency's pipeline, in the order staff move it. */
export const leadStatuses = ['new', 'contacted', 'qualified', 'won', 'lost'] as const;
export type LeadStatus = (typeof leadStatuses)[number];

export const leadStatusLabels: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  qualified: 'Qualified',
  won: 'Won',
  lost: 'Lost',
};

export function isAdminTab(value: unknown): value is AdminTab {
  return (adminTabs as readonly unknown[]).includes(value);
}

/**
 * Where a link into the inbox opens (the staff emails' `/admin?tab=quiz&q=asha@raostores.in`): a known tab, and a
 * search cut to the length the server takes; anything else opens the inbox as usual.
 */
export function inboxStartFrom(params: URLSearchParams): { tab: AdminTab; query: string } {
  const tab = params.get('tab');
  // Control characters dropped and the cut made between characters, so the server never refuses what a link opens.
  let query = '';
  for (const char of (params.get('q') ?? '').replace(/\p{Cc}/gu, '').trim()) {
    if (query.length + char.length > inboxLimits.search) break;
    query += char;
  }
  return { tab: isAdminTab(tab) ? tab : 'contact', query: isSafeText(query) ? query : '' };
}

export const inboxLimits = {
  /** Rows per page unless the request asks for fewer. */
  pageSize: 25,
  maxPageSize: 100,
  search: 100,
  note: 2000,
  /** A cursor is short opaque text; anything longer is not one of ours. */
  cursor: 200,
  /** Rows one CSV export may hold; past it the export says it was cut (header `X-Export-Truncated: true`). */
  exportRows: 50_000,
} as const;

// ---- requests -----------------------------------------------------------------------------------------------------

/**
 * GET /api/admin/:tab?q=&cursor=&limit= (and /api/admin/:tab/export.csv?q=). `q` matches name, email or business
 * (for contact messages the message too, for orders the gateway ids, for checkouts left and subscriptions the
 * subscription id),
 * case-insensitively, and a phone number by its digits however it is spaced (4 digits or more); on Outgoing mail it
 * matches the recipient, the subject or the kind. `cursor` is the previous page's `nextCursor`.
 */
export const inboxQuerySchema = z.object({
  q: z._default(
    z.string().check(z.trim(), z.maxLength(inboxLimits.search, `Search for at most ${inboxLimits.search} characters.`), safeText()),
    '',
  ),
  cursor: z.optional(z.string().check(z.maxLength(inboxLimits.cursor), z.regex(/^[A-Za-z0-9_-]+$/, 'That page link is not valid.'))),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(inboxLimits.maxPageSize)), inboxLimits.pageSize),
});
export type InboxQuery = z.output<typeof inboxQuerySchema>;

/**
 * PATCH /api/admin/leads/:tab/:id: a new status, a new note, or both. `staffNoteBefore` is the note the new one was
 * written over, as the editor showed it: when the stored note is neither that nor the new one, another member of
 * staff saved theirs meanwhile, and the server refuses with 409 `note_changed` rather than overwrite it.
 */
export const leadUpdateSchema = z
  .strictObject({
    status: z.optional(z.enum(leadStatuses)),
    staffNote: z.optional(
      z.string().check(z.trim(), z.maxLength(inboxLimits.note, `Keep the note under ${inboxLimits.note} characters.`), safeText()),
    ),
    staffNoteBefore: z.optional(z.string().check(z.trim(), z.maxLength(inboxLimits.note, 'The note before is too long.'))),
  })
  .check(
    z.refine((update) => update.status !== undefined || update.staffNote !== undefined, 'Change the status or the note.'),
    z.refine((update) => update.staffNoteBefore === undefined || update.staffNote !== undefined, 'A note before needs the new note.'),
  );
export type LeadUpdate = z.output<typeof leadUpdateSchema>;

/** The 409 of a note saved over one another member of staff changed meanwhile; its details carry the lead as it is. */
export const noteChanged = {
  code: 'note_changed',
  message:
    'Another member of staff saved a different note while you were writing yours. Theirs is shown above yours: combine the two, then save again.',
  /** When the lead that came with the refusal could not be read, so theirs cannot be shown. */
  messageWithoutLead:
    'Another member of staff saved a different note while you were writing yours. Reload the inbox to see theirs, then save yours again.',
} as const;

// ---- rows ---------------------------------------------------------------------------------------------------------

const isoTime = z.string();

/** What every lead row adds: where staff have got to with it. */
const leadFields = {
  status: z.enum(leadStatuses),
  staffNote: z.string(),
  /** When staff last changed the status or note; null while untouched. */
  statusChangedAt: z.nullable(isoTime),
};

/**
 * A contact message's forwarding to the agency's address (the outbox): `off` when no CONTACT_FORWARD_URL is set,
 * `queued` before the first attempt, `retrying` after a failed one, `failed` once the attempts ran out.
 */
export const forwardingStates = ['off', 'queued', 'delivered', 'retrying', 'failed'] as const;
export type ForwardingState = (typeof forwardingStates)[number];

export const contactRowSchema = z.object({
  id: z.string(),
  createdAt: isoTime,
  name: z.string(),
  email: z.string(),
  phone: z.nullable(z.string()),
  message: z.string(),
  forwarding: z.object({
    state: z.enum(forwardingStates),
    attempts: z.int(),
    maxAttempts: z.int(),
    lastError: z.nullable(z.string()),
    deliveredAt: z.nullable(isoTime),
  }),
  /** What became of the automatic reply to the sender (decision 188); null until its event is composed. */
  reply: z.nullable(z.enum(replyOutcomes)),
  ...leadFields,
});
export type ContactRow = z.infer<typeof contactRowSchema>;

export const quizRowSchema = z.object({
  id: z.string(),
  createdAt: isoTime,
  name: z.string(),
  email: z.string(),
  businessName: z.nullable(z.string()),
  language: z.enum(['en', 'hi']),
  recommendedPlan: z.string(),
  /** The answers as stored (src/domain/quiz.ts quizAnswersSchema's output). */
  answers: z.record(z.string(), z.unknown()),
  /** The report as the prospect saw it (src/domain/report.ts), stored at submission. */
  report: z.record(z.string(), z.unknown()),
  /** What became of the automatic reply to the prospect (decision 188); null until its event is composed. */
  reply: z.nullable(z.enum(replyOutcomes)),
  /** When the prospect asked, through the reply's link, for the report by email; null: not asked. */
  reportRequestedAt: z.nullable(isoTime),
  ...leadFields,
});
export type QuizRow = z.infer<typeof quizRowSchema>;

export const chatTurnSchema = z.object({ role: z.enum(['user', 'model']), text: z.string() });
export type ChatTurn = z.infer<typeof chatTurnSchema>;

export const chatRowSchema = z.object({
  id: z.string(),
  createdAt: isoTime,
  updatedAt: isoTime,
  name: z.nullable(z.string()),
  email: z.nullable(z.string()),
  need: z.nullable(z.string()),
  conversationId: z.string(),
  /** The conversation that produced the lead, oldest turn first. */
  transcript: z.array(chatTurnSchema),
  ...leadFields,
});
export type ChatRow = z.infer<typeof chatRowSchema>;

export const orderRowSchema = z.object({
  id: z.string(),
  createdAt: isoTime,
  plan: z.string(),
  amountPaise: z.int(),
  currency: z.string(),
  status: z.enum(['created', 'failed', 'paid']),
  mode: z.enum(['sandbox', 'live']),
  gatewayOrderId: z.string(),
  gatewayPaymentId: z.nullable(z.string()),
  customerEmail: z.nullable(z.string()),
  customerName: z.nullable(z.string()),
  businessName: z.nullable(z.string()),
  paidAt: z.nullable(isoTime),
  fulfilledAt: z.nullable(isoTime),
  fulfilledBy: z.nullable(z.enum(['verification', 'webhook', 'reconciliation'])),
  /** Why fulfilment is still owed on a paid order; the reconciler retries. */
  fulfilmentError: z.nullable(z.string()),
  /** A captured payment for this order must go back (a second payment, a wrong amount) and has not been yet. */
  refundNeeded: z.boolean(),
  /** What the gateway has refunded of this order's payments, in paise (0 when nothing). */
  refundedPaise: z.int(),
  /** The latest dispute (chargeback) a buyer's bank raised against this order's payment, or null. */
  dispute: z.nullable(
    z.object({
      status: z.enum(disputeStatuses),
      amountPaise: z.int(),
      phase: z.nullable(z.string()),
      reason: z.nullable(z.string()),
      /** By when staff must answer it in Razorpay's Dashboard, while it is open. */
      respondBy: z.nullable(isoTime),
    }),
  ),
});
export type OrderRow = z.infer<typeof orderRowSchema>;

export const customerRowSchema = z.object({
  uid: z.string(),
  /** When the account's profile was created. */
  createdAt: isoTime,
  email: z.string(),
  displayName: z.nullable(z.string()),
  businessName: z.nullable(z.string()),
  plan: z.nullable(z.string()),
  purchasedAt: z.nullable(isoTime),
});
export type CustomerRow = z.infer<typeof customerRowSchema>;

/**
 * A checkout left (docs/decisions/189): a buyer who gave their details on the payment page and did not pay within the
 * hour (src/domain/billing.ts CHECKOUT_LEFT_AFTER_MS), and has not checked out since. Staff may call them; they agreed
 * to no email. `status` is the gateway's: `created` until the reconciler cancels the unpaid subscription there.
 */
export const checkoutRowSchema = z.object({
  /** The subscription create-order made (`sub_…`). */
  id: z.string(),
  /** When the buyer pressed Pay. */
  createdAt: isoTime,
  mode: z.enum(['sandbox', 'live']),
  plan: z.string(),
  /** What the checkout asked for today: the setup fee and the first month, in paise. */
  amountPaise: z.int(),
  monthlyPaise: z.int(),
  status: z.enum(subscriptionStatuses),
  /** When the gateway closed it (cancelled by the reconciler, or expired). */
  endedAt: z.nullable(isoTime),
  name: z.nullable(z.string()),
  email: z.string(),
  phone: z.nullable(z.string()),
  businessName: z.nullable(z.string()),
});
export type CheckoutRow = z.infer<typeof checkoutRowSchema>;

export const subscriptionRequestKinds = ['pause', 'resume', 'change_plan'] as const;
export const subscriptionRequestStatuses = ['open', 'done', 'declined'] as const;

/**
 * A subscription as staff see it (decision 181): the customer, the plan and what it charges, how its billing
 * stands, what is scheduled (an end, a pause, a plan change at cycle end), its invoices and the client's requests.
 */
export const subscriptionRowSchema = z.object({
  /** The gateway's subscription id (`sub_…`). */
  id: z.string(),
  createdAt: isoTime,
  mode: z.enum(['sandbox', 'live']),
  plan: z.string(),
  monthlyPaise: z.int(),
  status: z.enum(subscriptionStatuses),
  /** What the account holds from it now (src/domain/billing.ts subscriptionEntitlement). */
  state: z.enum(billingStates),
  paidCount: z.int(),
  customerUid: z.nullable(z.string()),
  customerEmail: z.nullable(z.string()),
  customerName: z.nullable(z.string()),
  businessName: z.nullable(z.string()),
  /** The end of the last period paid for. */
  paidThrough: z.nullable(isoTime),
  /** When the gateway charges next (a retry while a charge is failing); null when nothing more will be charged. */
  nextChargeAt: z.nullable(isoTime),
  /** Cancelled at a period's end: the service ends on this date. */
  endsAt: z.nullable(isoTime),
  /** Paused from the next cycle: the gateway is told shortly before this date. */
  pauseAt: z.nullable(isoTime),
  /** A plan change at cycle end not yet made by the gateway. */
  scheduledPlan: z.nullable(z.string()),
  openRequests: z.int(),
  /** The client's requests to their account manager, oldest first. */
  requests: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(subscriptionRequestKinds),
      plan: z.nullable(z.string()),
      status: z.enum(subscriptionRequestStatuses),
      createdAt: isoTime,
      resolvedAt: z.nullable(isoTime),
    }),
  ),
  /** Every invoice (one billing period's charge), oldest first. */
  invoices: z.array(
    z.object({
      id: z.string(),
      amountPaise: z.int(),
      /** The gateway's: paid, or issued (a charge not yet taken: failing, or due). */
      status: z.string(),
      periodStart: z.nullable(isoTime),
      periodEnd: z.nullable(isoTime),
      paidAt: z.nullable(isoTime),
    }),
  ),
});
export type StaffSubscriptionRow = z.infer<typeof subscriptionRowSchema>;
export type SubscriptionRequestRow = StaffSubscriptionRow['requests'][number];

/**
 * An email as the Outgoing mail tab lists it (decision 185): `kept` when the server has no SMTP_URL (stored, never
 * sent), `queued` until the mail server takes it (`lastError` says why the last attempt failed), `sent`, `refused`
 * for good by the mail server (`lastError` is its reason), `failed` when no mail server took it for three days, or
 * `held`: a reply to a lead's sender past the day's cap, kept and never sent (decision 188; `lastError` says which).
 */
export const mailStatuses = ['kept', 'queued', 'sent', 'refused', 'failed', 'held'] as const;
export type MailStatus = (typeof mailStatuses)[number];

export const mailRowSchema = z.object({
  /** mail_messages' id, as text like every row's. */
  id: z.string(),
  createdAt: isoTime,
  to: z.string(),
  subject: z.string(),
  /** The template it came from: `prospect.contactReceived`, `staff.notice`, `client.receipt`, … */
  kind: z.string(),
  status: z.enum(mailStatuses),
  lastError: z.nullable(z.string()),
  sentAt: z.nullable(isoTime),
});
export type MailRow = z.infer<typeof mailRowSchema>;

/**
 * GET /api/admin/mail/:id: the email as it was rendered when its event happened, HTML and plain text, and the files
 * sent with it (the quiz's report PDF) by name and size; their bytes stay on the server.
 */
export const mailMessageSchema = z.extend(mailRowSchema, {
  html: z.string(),
  text: z.string(),
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), bytes: z.int() })),
});
export type MailMessage = z.infer<typeof mailMessageSchema>;

/** The :id of GET /api/admin/mail/:id: mail_messages' identity, a positive whole number that fits a bigint. */
export const mailIdSchema = z.object({
  id: z.string().check(z.regex(/^[1-9][0-9]{0,17}$/, 'That email id is not valid.')),
});

export const inboxRowSchemas = {
  contact: contactRowSchema,
  quiz: quizRowSchema,
  chat: chatRowSchema,
  orders: orderRowSchema,
  customers: customerRowSchema,
  checkouts: checkoutRowSchema,
  subscriptions: subscriptionRowSchema,
  mail: mailRowSchema,
} as const;

export interface InboxRows {
  contact: ContactRow;
  quiz: QuizRow;
  chat: ChatRow;
  orders: OrderRow;
  customers: CustomerRow;
  checkouts: CheckoutRow;
  subscriptions: StaffSubscriptionRow;
  mail: MailRow;
}
export type InboxRow = InboxRows[AdminTab];

// ---- answers ------------------------------------------------------------------------------------------------------

/** One page of a tab, in the tab's order (tabOrders). `nextCursor` is null on the last page. */
export function inboxPageSchema<T extends AdminTab>(tab: T) {
  return z.object({ items: z.array(inboxRowSchemas[tab]), nextCursor: z.nullable(z.string()) });
}
export interface InboxPage<T extends AdminTab = AdminTab> {
  items: InboxRows[T][];
  nextCursor: string | null;
}

/** GET /api/admin/summary: the badges on the tabs, and the payments that need staff. */
export const inboxSummarySchema = z.object({
  newLeads: z.object({ contact: z.int(), quiz: z.int(), chat: z.int() }),
  failedForwards: z.int(),
  refundsNeeded: z.int(),
  unfulfilledOrders: z.int(),
  /** Disputes open: each must be answered in Razorpay's Dashboard by its date, or it is lost. */
  openDisputes: z.int(),
  /** Monthly billing's figures (decision 181); a server always sends them, older fixtures may not. */
  subscriptions: z.optional(subscriptionSummarySchema()),
});
export type InboxSummary = z.infer<typeof inboxSummarySchema>;
export type SubscriptionSummary = NonNullable<InboxSummary['subscriptions']>;

function subscriptionSummarySchema() {
  return z.object({
    /** Monthly recurring revenue in paise: what keeps renewing (decision 181 defines it). */
    mrrPaise: z.int(),
    active: z.int(),
    paused: z.int(),
    /** A charge failed: pending (the gateway retries) or halted (it gave up). */
    dunning: z.int(),
    /** Cancelled subscriptions that ended this calendar month in India. */
    cancelledThisMonth: z.int(),
    /** The clients' open requests to their account managers. */
    requestsWaiting: z.int(),
  });
}

// ---- subscription actions -----------------------------------------------------------------------------------------

/** What an account manager does to a subscription (POST /api/admin/subscriptions/:id/actions); each is audited. */
export const subscriptionActionKinds = ['pause', 'resume', 'change_plan', 'cancel_at_period_end', 'cancel_now', 'decline_request'] as const;
export type SubscriptionActionKind = (typeof subscriptionActionKinds)[number];

const planSoldOnline = z.string({ error: 'Choose the plan to change to.' }).check(
  z.refine((plan) => {
    const found = findPlan(plan);
    return !!found && !found.isCustom;
  }, 'Choose LaunchPad or Growth Engine: other plans are not billed online.'),
);

export const subscriptionActionSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('pause') }),
    z.strictObject({ kind: z.literal('resume') }),
    z.strictObject({ kind: z.literal('change_plan'), plan: planSoldOnline }),
    z.strictObject({ kind: z.literal('cancel_at_period_end') }),
    z.strictObject({ kind: z.literal('cancel_now') }),
    z.strictObject({ kind: z.literal('decline_request'), requestId: z.uuid('That request id is not valid.') }),
  ],
  { error: 'Choose an action: pause, resume, change_plan, cancel_at_period_end, cancel_now or decline_request.' },
);
export type SubscriptionAction = z.output<typeof subscriptionActionSchema>;

/** What an action answers: the subscription as it now stands, and the summary it moved. */
export const subscriptionActionAnswerSchema = z.object({ row: subscriptionRowSchema, summary: inboxSummarySchema });
export type SubscriptionActionAnswer = z.infer<typeof subscriptionActionAnswerSchema>;

type ActionStanding = Pick<StaffSubscriptionRow, 'status' | 'endsAt' | 'nextChargeAt' | 'pauseAt' | 'paidThrough'>;

/**
 * The actions a subscription allows now (decline_request aside, which needs an open request). The server refuses the
 * others with a 409 before asking the gateway; the inbox offers only these.
 *   pause: running, not ending, not already scheduled (Razorpay pauses only an active subscription);
 *   resume: paused, or a pause scheduled (resuming then just drops the schedule);
 *   change_plan: running and not ending (Razorpay updates only an active one);
 *   cancel_at_period_end: running, with a paid period to end and no end already set, save a client's "after the next
 *   charge", which staff may bring forward;
 *   cancel_now: anything not yet cancelled, completed or expired that was ever charged.
 */
export function subscriptionActionsOf(row: ActionStanding): Exclude<SubscriptionActionKind, 'decline_request'>[] {
  const ending = row.endsAt !== null && row.nextChargeAt === null;
  const running = row.status === 'active';
  const actions: Exclude<SubscriptionActionKind, 'decline_request'>[] = [];
  if (running && !ending && row.pauseAt === null) actions.push('pause');
  if (row.status === 'paused' || (running && row.pauseAt !== null)) actions.push('resume');
  if (running && !ending) actions.push('change_plan');
  if (running && !ending && row.paidThrough !== null) actions.push('cancel_at_period_end');
  if (['active', 'pending', 'halted', 'paused', 'authenticated'].includes(row.status)) actions.push('cancel_now');
  return actions;
}

// ---- CSV ----------------------------------------------------------------------------------------------------------

/**
 * One CSV cell (RFC 4180), safe to open in a spreadsheet (OWASP, "CSV Injection"). Excel may be set to split on `;` or
 * a tab instead of `,`, so every cell holding any of them is quoted, and a formula character (=, +, -, @) at the start
 * of the cell or of any piece after a separator or line break gets an apostrophe before it, as does a leading tab or
 * carriage return.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string') {
    text = text.replace(/(^|[,;\t\r\n])([ \t]*)(?=[=+\-@])/g, "$1$2'");
    if (/^[\t\r]/.test(text)) text = `'${text}`;
  }
  return /[",;\t\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(cells: readonly (string | number | boolean | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
