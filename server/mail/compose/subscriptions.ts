import { eq } from 'drizzle-orm';
import type { CustomerDetails } from '../../../src/domain/checkout';
import { subscriptionRequests, subscriptions, type SubscriptionRow } from '../../db/schema';
import { renderEmail } from '../render';
import { Cancelled, SubscriptionChanged } from '../templates/clientEmails';
import { StaffNotice } from '../templates/staffEmails';
import { mailDate, mailWords } from '../words';
import { adminLink, clientOf, dashboardLink, nothing, planTitle, rupees, type ComposeContext, type Outgoing } from './context';

/** A subscription's course changed: cancelled, a client's request to their account manager, or the manager's change. */

async function subscriptionOf(context: ComposeContext, id: string): Promise<SubscriptionRow | undefined> {
  const [row] = await context.db.select().from(subscriptions).where(eq(subscriptions.gatewaySubscriptionId, id));
  return row;
}

const clientOfRow = (context: ComposeContext, row: SubscriptionRow & { customerEmail: string }) =>
  clientOf(context.db, { uid: row.customerUid, email: row.customerEmail, given: row.customerDetails as Partial<CustomerDetails> | null });

const hasEmail = (row: SubscriptionRow | undefined): row is SubscriptionRow & { customerEmail: string } => Boolean(row?.customerEmail);

export async function subscriptionCancelled(
  context: ComposeContext,
  event: { subscriptionId: string; by: 'client' | 'staff'; endsAt: string; nextChargeAt: string | null },
): Promise<Outgoing> {
  const { subscriptionId, by } = event;
  const row = await subscriptionOf(context, subscriptionId);
  if (!hasEmail(row)) return nothing;
  // The facts as the client was told them when it was cancelled; a later cancellation (staff's, sooner) is its own email.
  const endsAt = new Date(event.endsAt);
  const client = await clientOfRow(context, row);
  const plan = planTitle(row.plan);
  const endsOn = mailDate(client.words, endsAt);
  const lastCharge = event.nextChargeAt
    ? { on: mailDate(client.words, new Date(event.nextChargeAt)), amount: rupees(row.monthlyPaise) }
    : null;
  const link = adminLink(context.settings, 'subscriptions', row.customerEmail);
  const [email, notice] = await Promise.all([
    renderEmail(
      Cancelled({ words: client.words, name: client.name, dashboardUrl: dashboardLink(context.settings), plan, endsOn, by, lastCharge }),
    ),
    by === 'client'
      ? renderEmail(
          StaffNotice({
            headline: `Cancellation: ${row.customerEmail} cancelled ${plan}; the service ends on ${mailDate(mailWords.en, endsAt)}.`,
            facts: [
              ['Email', row.customerEmail],
              ['Business', client.businessName ?? 'not given'],
              ['Subscription', row.gatewaySubscriptionId],
            ],
            link,
          }),
        )
      : undefined,
  ]);
  return {
    mails: [
      {
        kind: 'client.cancelled',
        dedupeKey: `cancelled:${subscriptionId}:${by}:${event.endsAt}`,
        to: row.customerEmail,
        subject: by === 'client' ? client.words.cancelled.subject : client.words.cancelled.subjectByStaff,
        ...email,
      },
    ],
    notice: notice && {
      event: `cancelled:${subscriptionId}:${event.endsAt}`,
      subject: `Cancellation: ${plan}, ${row.customerEmail}`,
      link,
      ...notice,
    },
  };
}

export async function subscriptionStarted(context: ComposeContext, subscriptionId: string): Promise<Outgoing> {
  const row = await subscriptionOf(context, subscriptionId);
  if (!hasEmail(row)) return nothing;
  const client = await clientOfRow(context, row);
  const plan = planTitle(row.plan);
  const from = row.startsAt ? mailDate(mailWords.en, row.startsAt) : 'the end of the month paid for';
  const link = adminLink(context.settings, 'subscriptions', row.customerEmail);
  const notice = await renderEmail(
    StaffNotice({
      headline: `New subscription: ${row.customerEmail} moved ${plan} from a one-time payment to monthly, ${rupees(row.monthlyPaise)} a month from ${from}.`,
      facts: [
        ['Email', row.customerEmail],
        ['Business', client.businessName ?? 'not given'],
        ['Subscription', row.gatewaySubscriptionId],
      ],
      link,
    }),
  );
  return {
    mails: [],
    notice: {
      event: `started:${subscriptionId}`,
      subject: `New subscription: ${plan}, ${row.customerEmail} (from a one-time payment)`,
      link,
      ...notice,
    },
  };
}

const requestWords = { pause: 'a pause from the next cycle', resume: 'to resume', change_plan: 'a change of plan' } as const;

export async function subscriptionRequested(context: ComposeContext, requestId: string): Promise<Outgoing> {
  const [request] = await context.db.select().from(subscriptionRequests).where(eq(subscriptionRequests.id, requestId));
  if (!request) return nothing;
  const row = await subscriptionOf(context, request.gatewaySubscriptionId);
  if (!hasEmail(row)) return nothing;
  const client = await clientOfRow(context, row);
  const kind = request.kind as keyof typeof requestWords;
  const asked = kind === 'change_plan' ? `a change from ${planTitle(row.plan)} to ${planTitle(request.plan)}` : requestWords[kind];
  const link = adminLink(context.settings, 'subscriptions', row.customerEmail);
  const notice = await renderEmail(
    StaffNotice({
      headline: `${row.customerEmail} asks their account manager for ${asked}.`,
      facts: [
        ['Email', row.customerEmail],
        ['Business', client.businessName ?? 'not given'],
        ['Plan', planTitle(row.plan)],
        ['Subscription', row.gatewaySubscriptionId],
      ],
      link,
    }),
  );
  return {
    mails: [],
    notice: {
      event: `request:${request.id}`,
      subject: `Request: ${kind === 'change_plan' ? `plan change to ${planTitle(request.plan)}` : kind}, ${row.customerEmail}`,
      link,
      ...notice,
    },
  };
}

export async function subscriptionChanged(
  context: ComposeContext,
  { subscriptionId, action, auditId }: { subscriptionId: string; action: 'pause' | 'resume' | 'change_plan'; auditId: number },
): Promise<Outgoing> {
  const row = await subscriptionOf(context, subscriptionId);
  if (!hasEmail(row)) return nothing;
  const client = await clientOfRow(context, row);
  const { words } = client;
  const from = row.paidThrough ? mailDate(words, row.paidThrough) : '';
  const sentence =
    action === 'pause'
      ? words.changed.pause(row.pauseAt ? mailDate(words, row.pauseAt) : from)
      : action === 'resume'
        ? words.changed.resume
        : words.changed.changePlan(planTitle(row.scheduledPlan ?? row.plan), from);
  const email = await renderEmail(
    SubscriptionChanged({ words, name: client.name, dashboardUrl: dashboardLink(context.settings), sentence }),
  );
  return {
    mails: [
      {
        kind: 'client.subscriptionChanged',
        dedupeKey: `changed:${auditId}`,
        to: row.customerEmail,
        subject: words.changed.subject[action],
        ...email,
      },
    ],
  };
}
