import { and, desc, eq, exists, sql, type SQL } from 'drizzle-orm';
import type {
  AdminTab,
  ChatRow,
  ChatTurn,
  ContactRow,
  CustomerRow,
  ForwardingState,
  InboxRows,
  InboxSummary,
  LeadStatus,
  LeadTab,
  OrderRow,
  QuizRow,
  SubscriptionActionKind,
} from '../../src/domain/admin';
import { chatTurnSchema } from '../../src/domain/admin';
import { replyOutcomes, type ReplyOutcome } from '../../src/domain/leadReply';
import { contactForwardKind } from '../contact/forwarder';
import type { Database } from '../db/client';
import {
  chatLeads,
  contactMessages,
  mailMessages,
  orders,
  outbox,
  paymentDisputes,
  payments,
  quizSubmissions,
  staffAudit,
  subscriptions,
  userProfiles,
} from '../db/schema';
import {
  cursorTime,
  iso,
  keysetOf,
  recordOf,
  searchOf,
  textOf,
  type Keyed,
  type ListFilter,
  type Lister,
  type SearchColumns,
} from './listing';
import { checkoutLeft, checkoutSearch, listCheckouts } from './checkoutRows';
import { listMail, mailSearch } from './mailRows';
import { chargedOnce, listSubscriptions, subscriptionSearch, subscriptionSummary } from './subscriptionRows';

export { likePattern, type Keyed, type ListFilter } from './listing';

/**
 * The inbox's reads and writes. Every list but Subscriptions' is newest first by (created_at, id), paged by keyset:
 * the next page is the rows strictly before the cursor's (created_at, id), so rows added meanwhile never shift a page
 * (docs/decisions/100-inbox-keyset-cursor.md). Each row comes with its own cursor text, taken from PostgreSQL.
 */

// ---- shared pieces ------------------------------------------------------------------------------------------------

function turnsOf(value: unknown): ChatTurn[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((turn) => {
    const parsed = chatTurnSchema.safeParse(turn);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Each tab's table, the text a search matches, the phone numbers it matches by their digits, and the rows it lists. */
const searchSources = {
  contact: [
    contactMessages,
    { text: [contactMessages.name, contactMessages.email, contactMessages.message], phones: [contactMessages.phone] },
  ],
  quiz: [
    quizSubmissions,
    {
      text: [quizSubmissions.fullName, quizSubmissions.email, quizSubmissions.businessName],
      phones: [sql`(${quizSubmissions.answers} ->> 'phone')`],
    },
  ],
  // A chat lead has no business field: what they need is where the business shows. It has no phone field either.
  chat: [chatLeads, { text: [chatLeads.name, chatLeads.email, chatLeads.need], phones: [] }],
  orders: [
    orders,
    {
      text: [
        orders.customerEmail,
        sql`(${orders.customerDetails} ->> 'fullName')`,
        sql`(${orders.customerDetails} ->> 'businessName')`,
        orders.gatewayOrderId,
        orders.paidPaymentId,
      ],
      phones: [sql`(${orders.customerDetails} ->> 'phone')`],
    },
  ],
  customers: [userProfiles, { text: [userProfiles.email, userProfiles.displayName, userProfiles.businessName], phones: [] }],
  checkouts: [subscriptions, checkoutSearch, checkoutLeft],
  subscriptions: [subscriptions, subscriptionSearch, chargedOnce],
  mail: [mailMessages, mailSearch],
} as const satisfies Record<AdminTab, readonly [unknown, SearchColumns, SQL?]>;

/** Where staff have got to with a lead: the same three columns on each lead table. */
function leadFieldsOf(row: { status: string; staffNote: string; statusChangedAt: Date | null }) {
  return { status: row.status as LeadStatus, staffNote: row.staffNote, statusChangedAt: iso(row.statusChangedAt) };
}

/** An outcome this code does not know yet reads as not composed, rather than breaking the page. */
const replyOutcomeOf = (value: string | null): ReplyOutcome | null => replyOutcomes.find((known) => known === value) ?? null;

// ---- contact ------------------------------------------------------------------------------------------------------

/** The contact message's outbox row: one per message, found through outbox_contact_message_idx. */
const forwardJoin = and(
  sql`${outbox.kind} = ${sql.raw(`'${contactForwardKind}'`)}`,
  sql`(${outbox.payload} ->> 'contactMessageId') = ${contactMessages.id}::text`,
);

export function forwardingStateOf(
  row: { attempts: number; lastError: string | null; deliveredAt: Date | null } | null,
  maxAttempts: number,
): ForwardingState {
  if (!row) return 'off';
  if (row.deliveredAt) return 'delivered';
  if (row.attempts >= maxAttempts) return 'failed';
  return row.lastError !== null ? 'retrying' : 'queued';
}

const listContact: Lister<'contact'> = async (db, { q, before, id, limit }, maxAttempts) => {
  const rows = await db
    .select({
      message: contactMessages,
      cursorAt: cursorTime(contactMessages.createdAt),
      forward: { id: outbox.id, attempts: outbox.attempts, lastError: outbox.lastError, deliveredAt: outbox.deliveredAt },
    })
    .from(contactMessages)
    .leftJoin(outbox, forwardJoin)
    .where(
      and(
        searchOf(q, searchSources.contact[1]),
        keysetOf(contactMessages.createdAt, contactMessages.id, before, 'uuid'),
        id === undefined ? undefined : eq(contactMessages.id, id),
      ),
    )
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(limit);
  return rows.map(({ message, cursorAt, forward }): Keyed<ContactRow> => {
    const outboxRow = forward?.id == null ? null : (forward as { attempts: number; lastError: string | null; deliveredAt: Date | null });
    return {
      cursor: { at: cursorAt, id: message.id },
      row: {
        id: message.id,
        createdAt: message.createdAt.toISOString(),
        name: message.name,
        email: message.email,
        phone: message.phone,
        message: message.message,
        forwarding: {
          state: forwardingStateOf(outboxRow, maxAttempts),
          attempts: outboxRow?.attempts ?? 0,
          maxAttempts,
          lastError: outboxRow?.lastError ?? null,
          deliveredAt: iso(outboxRow?.deliveredAt ?? null),
        },
        reply: replyOutcomeOf(message.replyOutcome),
        ...leadFieldsOf(message),
      },
    };
  });
};

// ---- quiz ---------------------------------------------------------------------------------------------------------

const listQuiz: Lister<'quiz'> = async (db, { q, before, id, limit }) => {
  const rows = await db
    .select({ submission: quizSubmissions, cursorAt: cursorTime(quizSubmissions.createdAt) })
    .from(quizSubmissions)
    .where(
      and(
        searchOf(q, searchSources.quiz[1]),
        keysetOf(quizSubmissions.createdAt, quizSubmissions.id, before, 'uuid'),
        id === undefined ? undefined : eq(quizSubmissions.id, id),
      ),
    )
    .orderBy(desc(quizSubmissions.createdAt), desc(quizSubmissions.id))
    .limit(limit);
  return rows.map(({ submission: s, cursorAt }): Keyed<QuizRow> => ({
    cursor: { at: cursorAt, id: s.id },
    row: {
      id: s.id,
      createdAt: s.createdAt.toISOString(),
      name: s.fullName,
      email: s.email,
      businessName: s.businessName,
      language: s.language === 'hi' ? 'hi' : 'en',
      recommendedPlan: s.recommendedPlan,
      answers: recordOf(s.answers),
      report: recordOf(s.report),
      reply: replyOutcomeOf(s.replyOutcome),
      reportRequestedAt: iso(s.reportRequestedAt),
      ...leadFieldsOf(s),
    },
  }));
};

// ---- chat ---------------------------------------------------------------------------------------------------------

const listChat: Lister<'chat'> = async (db, { q, before, id, limit }) => {
  const rows = await db
    .select({ lead: chatLeads, cursorAt: cursorTime(chatLeads.createdAt) })
    .from(chatLeads)
    .where(
      and(
        searchOf(q, searchSources.chat[1]),
        keysetOf(chatLeads.createdAt, chatLeads.id, before, 'uuid'),
        id === undefined ? undefined : eq(chatLeads.id, id),
      ),
    )
    .orderBy(desc(chatLeads.createdAt), desc(chatLeads.id))
    .limit(limit);
  return rows.map(({ lead, cursorAt }): Keyed<ChatRow> => ({
    cursor: { at: cursorAt, id: lead.id },
    row: {
      id: lead.id,
      createdAt: lead.createdAt.toISOString(),
      updatedAt: lead.updatedAt.toISOString(),
      name: lead.name,
      email: lead.email,
      need: lead.need,
      conversationId: lead.conversationId,
      transcript: turnsOf(lead.transcript),
      ...leadFieldsOf(lead),
    },
  }));
};

// ---- orders -------------------------------------------------------------------------------------------------------

/** Flagged to go back and not yet refunded in full. */
const owesRefund = sql`${payments.refundNeeded} and ${payments.amountRefundedPaise} < ${payments.amountPaise}`;
const refundNeeded = exists(sql`(select 1 from ${payments} where ${payments.gatewayOrderId} = ${orders.gatewayOrderId} and ${owesRefund})`);
const refundedSum = sql`(select coalesce(sum(${payments.amountRefundedPaise}), 0)::int from ${payments} where ${payments.gatewayOrderId} = ${orders.gatewayOrderId})`;
// Nested, not the select's field itself: drizzle writes a single-table select's own column references without their
// table, which inside this subquery would compare payments' order id with itself.
const refundedPaise = sql<number>`${refundedSum}`;
/** The order's dispute that matters most: an open one (it has a deadline), else the latest. Nested as above. */
const disputeOf = sql`(select json_build_object('status', ${paymentDisputes.status}, 'amountPaise', ${paymentDisputes.amountPaise}, 'phase', ${paymentDisputes.phase}, 'reason', ${paymentDisputes.reason}, 'respondBy', ${paymentDisputes.respondBy}) from ${paymentDisputes} where ${paymentDisputes.gatewayOrderId} = ${orders.gatewayOrderId} order by (${paymentDisputes.status} = 'open') desc, ${paymentDisputes.eventAt} desc limit 1)`;
const latestDispute = sql<StoredDispute | null>`${disputeOf}`;
type StoredDispute = Omit<NonNullable<OrderRow['dispute']>, 'respondBy'> & { respondBy: string | null };

const listOrders: Lister<'orders'> = async (db, { q, before, id, limit }) => {
  const rows = await db
    .select({
      order: orders,
      cursorAt: cursorTime(orders.createdAt),
      refundNeeded: sql<boolean>`${refundNeeded}`,
      refundedPaise,
      dispute: latestDispute,
    })
    .from(orders)
    .where(
      and(
        searchOf(q, searchSources.orders[1]),
        keysetOf(orders.createdAt, orders.id, before, 'uuid'),
        id === undefined ? undefined : eq(orders.id, id),
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
  return rows.map(({ order: o, cursorAt, refundNeeded: refund, refundedPaise: refunded, dispute }): Keyed<OrderRow> => {
    const details = recordOf(o.customerDetails);
    return {
      cursor: { at: cursorAt, id: o.id },
      row: {
        id: o.id,
        createdAt: o.createdAt.toISOString(),
        plan: o.plan,
        amountPaise: o.amountPaise,
        currency: o.currency,
        status: o.status as OrderRow['status'],
        mode: o.mode === 'live' ? 'live' : 'sandbox',
        gatewayOrderId: o.gatewayOrderId,
        gatewayPaymentId: o.paidPaymentId,
        customerEmail: o.customerEmail,
        customerName: textOf(details.fullName),
        businessName: textOf(details.businessName),
        paidAt: iso(o.paidAt),
        fulfilledAt: iso(o.fulfilledAt),
        fulfilledBy: (o.fulfilledBy as OrderRow['fulfilledBy']) ?? null,
        fulfilmentError: o.fulfilmentError,
        refundNeeded: refund === true,
        refundedPaise: Number(refunded),
        dispute: dispute && {
          ...dispute,
          amountPaise: Number(dispute.amountPaise),
          respondBy: iso(dispute.respondBy ? new Date(dispute.respondBy) : null),
        },
      },
    };
  });
};

// ---- customers ----------------------------------------------------------------------------------------------------

const listCustomers: Lister<'customers'> = async (db, { q, before, id, limit }) => {
  const rows = await db
    .select({ profile: userProfiles, cursorAt: cursorTime(userProfiles.createdAt) })
    .from(userProfiles)
    .where(
      and(
        searchOf(q, searchSources.customers[1]),
        keysetOf(userProfiles.createdAt, userProfiles.uid, before, 'text'),
        id === undefined ? undefined : eq(userProfiles.uid, id),
      ),
    )
    .orderBy(desc(userProfiles.createdAt), desc(userProfiles.uid))
    .limit(limit);
  return rows.map(({ profile: p, cursorAt }): Keyed<CustomerRow> => ({
    cursor: { at: cursorAt, id: p.uid },
    row: {
      uid: p.uid,
      createdAt: p.createdAt.toISOString(),
      email: p.email,
      displayName: p.displayName,
      businessName: p.businessName,
      plan: p.purchasedPlan,
      purchasedAt: iso(p.purchasedAt),
    },
  }));
};

const listers: { [T in AdminTab]: Lister<T> } = {
  contact: listContact,
  quiz: listQuiz,
  chat: listChat,
  orders: listOrders,
  customers: listCustomers,
  checkouts: listCheckouts,
  subscriptions: listSubscriptions,
  mail: listMail,
};

export function listRows<T extends AdminTab>(
  db: Database,
  tab: T,
  filter: ListFilter,
  maxAttempts: number,
): Promise<Keyed<InboxRows[T]>[]> {
  return listers[tab](db, filter, maxAttempts);
}

/** How many rows the search matches, counting no further than `cap` (an export's truncation check). */
export async function countMatching(db: Database, tab: AdminTab, q: string, cap: number): Promise<number> {
  const [source, columns, listed] = searchSources[tab] as readonly [typeof userProfiles, SearchColumns, SQL?];
  const matched = db
    .select({ one: sql`1` })
    .from(source)
    .where(and(listed, searchOf(q, columns)))
    .limit(cap)
    .as('matched');
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(matched);
  return Number(row?.count ?? 0);
}

// ---- summary ------------------------------------------------------------------------------------------------------

/** The badges; `now` is the time the Subscriptions figures are judged at (their "this month"). */
export async function summaryCounts(db: Database, maxAttempts: number, now = new Date()): Promise<InboxSummary> {
  const count = (from: SQL) => sql<number>`(select count(*)::int from ${from})`;
  const [row] = await db
    .select({
      contact: count(sql`${contactMessages} where ${contactMessages.status} = 'new'`),
      quiz: count(sql`${quizSubmissions} where ${quizSubmissions.status} = 'new'`),
      chat: count(sql`${chatLeads} where ${chatLeads.status} = 'new'`),
      failedForwards: count(
        sql`${outbox} where ${outbox.kind} = ${sql.raw(`'${contactForwardKind}'`)} and ${outbox.deliveredAt} is null and ${outbox.attempts} >= ${maxAttempts}`,
      ),
      refundsNeeded: count(sql`${payments} where ${owesRefund}`),
      unfulfilledOrders: count(sql`${orders} where ${orders.status} = 'paid' and ${orders.fulfilledAt} is null`),
      openDisputes: count(sql`${paymentDisputes} where ${paymentDisputes.status} = 'open'`),
    })
    .from(sql`(select 1) as one`);
  if (!row) throw new Error('summary query returned no row');
  return {
    newLeads: { contact: Number(row.contact), quiz: Number(row.quiz), chat: Number(row.chat) },
    failedForwards: Number(row.failedForwards),
    refundsNeeded: Number(row.refundsNeeded),
    unfulfilledOrders: Number(row.unfulfilledOrders),
    openDisputes: Number(row.openDisputes),
    subscriptions: await subscriptionSummary(db, now),
  };
}

// ---- writes -------------------------------------------------------------------------------------------------------

const leadTables = { contact: contactMessages, quiz: quizSubmissions, chat: chatLeads } as const;

/** The lead's status and note, locked until the caller's transaction ends; undefined when there is no such lead. */
export async function lockLead(tx: Database, tab: LeadTab, id: string): Promise<{ status: LeadStatus; staffNote: string } | undefined> {
  const table = leadTables[tab];
  const [row] = await tx.select({ status: table.status, staffNote: table.staffNote }).from(table).where(eq(table.id, id)).for('update');
  return row ? { status: row.status as LeadStatus, staffNote: row.staffNote } : undefined;
}

export async function writeLead(tx: Database, tab: LeadTab, id: string, values: { status: LeadStatus; staffNote: string }): Promise<void> {
  const table = leadTables[tab];
  await tx
    .update(table)
    .set({ status: values.status, staffNote: values.staffNote, statusChangedAt: sql`now()` })
    .where(eq(table.id, id));
}

export interface AuditEntry {
  staffUid: string;
  staffEmail: string | null;
  action: 'lead.update' | 'contact.retry_forward' | 'export' | `subscription.${SubscriptionActionKind}`;
  target: string;
  details: Record<string, unknown>;
}

export async function insertAudit(tx: Database, entry: AuditEntry): Promise<void> {
  await tx.insert(staffAudit).values(entry);
}

/** The contact message's forwarding row, locked; undefined when forwarding was off for it. */
export async function lockForward(tx: Database, contactMessageId: string) {
  const [row] = await tx
    .select({ id: outbox.id, attempts: outbox.attempts, lastError: outbox.lastError, deliveredAt: outbox.deliveredAt })
    .from(outbox)
    .where(
      and(
        sql`${outbox.kind} = ${sql.raw(`'${contactForwardKind}'`)}`,
        sql`(${outbox.payload} ->> 'contactMessageId') = ${contactMessageId}`,
      ),
    )
    .for('update');
  return row;
}

/** Due now with a fresh set of attempts; last_error stays until a delivery succeeds. */
export async function resetForward(tx: Database, outboxId: number): Promise<void> {
  await tx
    .update(outbox)
    .set({ attempts: 0, nextAttemptAt: sql`now()` })
    .where(eq(outbox.id, outboxId));
}
