import { eq } from 'drizzle-orm';
import { brand } from '../../../src/content/brand';
import type { CustomerDetails } from '../../../src/domain/checkout';
import { orders, payments, subscriptionInvoices, subscriptions } from '../../db/schema';
import { renderEmail } from '../render';
import { oneLine } from '../settings';
import { ChargeFailed, InvoicePaid, Receipt, Welcome } from '../templates/clientEmails';
import { StaffNotice } from '../templates/staffEmails';
import { mailDate } from '../words';
import {
  adminLink,
  clientOf,
  dashboardLink,
  nothing,
  passwordLinkSlot,
  planTitle,
  rupees,
  signInLink,
  type ComposeContext,
  type Outgoing,
} from './context';

/** Money in: a paid order (one-time, or a subscription's first charge), each monthly charge after, a charge that failed. */

/** The agency as a GST invoice names it. */
function seller(words: Awaited<ReturnType<typeof clientOf>>['words']) {
  const rows: [string, string][] = [[words.receipt.from, `${brand.legalName}, ${brand.location}`]];
  if (brand.gstin) rows.push([words.receipt.gstin, brand.gstin]);
  return rows;
}

export async function orderFulfilled(context: ComposeContext, orderId: string): Promise<Outgoing> {
  const { db, settings } = context;
  const [order] = await db.select().from(orders).where(eq(orders.gatewayOrderId, orderId));
  if (!order?.customerEmail || !order.fulfilledAt) return nothing;
  const [subscription] = order.subscriptionId
    ? await db.select().from(subscriptions).where(eq(subscriptions.gatewaySubscriptionId, order.subscriptionId))
    : [];
  const given = order.customerDetails as Partial<CustomerDetails> | null;
  const client = await clientOf(db, { uid: order.customerUid, email: order.customerEmail, given });
  // Refunded before its account was ready: the account, but no plan, so no receipt for money given back.
  const [payment] = order.paidPaymentId ? await db.select().from(payments).where(eq(payments.gatewayPaymentId, order.paidPaymentId)) : [];
  const refunded = Boolean(payment && payment.amountRefundedPaise >= payment.amountPaise);
  const { words } = client;
  const plan = planTitle(order.plan);
  const total = rupees(order.amountPaise);
  const paidAt = order.paidAt ?? order.fulfilledAt;
  const amounts: [string, string][] = subscription
    ? [
        [words.receipt.setupFee, rupees(subscription.setupPaise)],
        [words.receipt.firstMonth, rupees(subscription.monthlyPaise)],
      ]
    : [[words.receipt.oneTime, total]];
  const rows: [string, string][] = [
    [words.receipt.number, order.receipt],
    [words.receipt.date, mailDate(words, paidAt)],
    [words.receipt.billedTo, `${given?.fullName?.trim() || client.name}, ${order.customerEmail}`],
    ...(client.businessName ? [[words.receipt.business, client.businessName] as [string, string]] : []),
    [words.receipt.plan, plan],
    ...(order.paidPaymentId ? [[words.receipt.paymentId, order.paidPaymentId] as [string, string]] : []),
    ...amounts,
    [words.receipt.total, total],
  ];
  const dashboardUrl = dashboardLink(settings);
  const who = given?.fullName?.trim() || order.customerEmail;
  const link = adminLink(settings, subscription ? 'subscriptions' : 'orders', order.customerEmail);
  const headline = refunded
    ? `Refunded before fulfilment: ${total} for ${plan} from ${who} went back; the account exists without a plan.`
    : subscription
      ? `New subscription: ${who} started ${plan}, ${rupees(subscription.setupPaise)} setup and ${rupees(subscription.monthlyPaise)} a month.`
      : `Paid order: ${who} paid ${total} for ${plan}.`;
  const [receipt, notice, welcome] = await Promise.all([
    renderEmail(Receipt({ words, name: client.name, dashboardUrl, plan, total, rows, seller: seller(words) })),
    renderEmail(
      StaffNotice({
        headline,
        facts: [
          ['Email', order.customerEmail],
          ['Business', client.businessName ?? 'not given'],
          ['Phone', given?.phone || 'not given'],
          ['Paid', total],
          ['Order', order.gatewayOrderId],
        ],
        link,
      }),
    ),
    order.accountCreated
      ? renderEmail(
          Welcome({
            words,
            name: client.name,
            plan,
            email: order.customerEmail,
            passwordLink: passwordLinkSlot,
            signInUrl: signInLink(settings),
          }),
        )
      : undefined,
  ]);
  return {
    mails: [
      ...(welcome
        ? [
            {
              kind: 'client.welcome',
              dedupeKey: `welcome:${order.customerEmail.toLowerCase()}`,
              to: order.customerEmail,
              subject: words.welcome.subject,
              ...welcome,
            },
          ]
        : []),
      ...(refunded
        ? []
        : [
            {
              kind: 'client.receipt',
              dedupeKey: `receipt:${order.gatewayOrderId}`,
              to: order.customerEmail,
              subject: words.receipt.subject(plan),
              ...receipt,
            },
          ]),
    ],
    notice: {
      event: `order:${order.gatewayOrderId}`,
      subject: refunded
        ? `Refunded before fulfilment: ${plan} ${total}, ${oneLine(who)}`
        : subscription
          ? `New subscription: ${plan}, ${oneLine(who)}`
          : `Paid order: ${plan} ${total}, ${oneLine(who)}`,
      link,
      ...notice,
    },
  };
}

export async function invoicePaid({ db, settings }: ComposeContext, invoiceId: string): Promise<Outgoing> {
  const [row] = await db
    .select({ invoice: subscriptionInvoices, subscription: subscriptions })
    .from(subscriptionInvoices)
    .innerJoin(subscriptions, eq(subscriptions.gatewaySubscriptionId, subscriptionInvoices.gatewaySubscriptionId))
    .where(eq(subscriptionInvoices.gatewayInvoiceId, invoiceId));
  if (!row?.subscription.customerEmail || row.invoice.status !== 'paid') return nothing;
  const { invoice, subscription } = row;
  const client = await clientOf(db, {
    uid: subscription.customerUid,
    email: subscription.customerEmail!,
    given: subscription.customerDetails as Partial<CustomerDetails> | null,
  });
  const { words } = client;
  const plan = planTitle(subscription.plan);
  const amount = rupees(invoice.amountPaise);
  const period =
    invoice.periodStart && invoice.periodEnd ? `${mailDate(words, invoice.periodStart)} – ${mailDate(words, invoice.periodEnd)}` : '';
  const rows: [string, string][] = [
    [words.receipt.number, invoice.gatewayInvoiceId],
    ...(invoice.paidAt ? [[words.receipt.date, mailDate(words, invoice.paidAt)] as [string, string]] : []),
    ...(client.businessName ? [[words.receipt.business, client.businessName] as [string, string]] : []),
    [words.receipt.plan, plan],
    ...(period ? [[words.invoicePaid.period, period] as [string, string]] : []),
    ...(invoice.gatewayPaymentId ? [[words.receipt.paymentId, invoice.gatewayPaymentId] as [string, string]] : []),
    [words.receipt.from, `${brand.legalName}, ${brand.location}`],
    [words.receipt.total, amount],
  ];
  const nextCharge = subscription.chargeAt && !subscription.cancelAt ? mailDate(words, subscription.chargeAt) : null;
  const email = await renderEmail(
    InvoicePaid({ words, name: client.name, dashboardUrl: dashboardLink(settings), plan, amount, rows, nextCharge }),
  );
  return {
    mails: [
      {
        kind: 'client.invoicePaid',
        dedupeKey: `invoice-paid:${invoice.gatewayInvoiceId}`,
        to: subscription.customerEmail!,
        subject: words.invoicePaid.subject(plan, invoice.periodStart ? mailDate(words, invoice.periodStart) : amount),
        ...email,
      },
    ],
  };
}

export async function chargeFailed(
  { db, settings }: ComposeContext,
  { subscriptionId, status, chargeAt }: { subscriptionId: string; status: 'pending' | 'halted'; chargeAt: string | null },
): Promise<Outgoing> {
  const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.gatewaySubscriptionId, subscriptionId));
  if (!subscription?.customerEmail) return nothing;
  const client = await clientOf(db, {
    uid: subscription.customerUid,
    email: subscription.customerEmail,
    given: subscription.customerDetails as Partial<CustomerDetails> | null,
  });
  const plan = planTitle(subscription.plan);
  const amount = rupees(subscription.monthlyPaise);
  const halted = status === 'halted';
  const link = adminLink(settings, 'subscriptions', subscription.customerEmail);
  const [email, notice] = await Promise.all([
    renderEmail(ChargeFailed({ words: client.words, name: client.name, dashboardUrl: dashboardLink(settings), plan, amount, halted })),
    renderEmail(
      StaffNotice({
        headline: halted
          ? `Charges stopped: ${amount} for ${plan} could not be charged to ${subscription.customerEmail} after several tries.`
          : `Failed charge: ${amount} for ${plan} was declined for ${subscription.customerEmail}; the gateway will retry.`,
        facts: [
          ['Email', subscription.customerEmail],
          ['Business', client.businessName ?? 'not given'],
          ['Subscription', subscription.gatewaySubscriptionId],
          ['Status', status],
        ],
        link,
      }),
    ),
  ]);
  const key = `${subscriptionId}:${status}:${chargeAt ?? 'none'}`;
  return {
    mails: [
      {
        kind: 'client.chargeFailed',
        dedupeKey: `charge-failed:${key}`,
        to: subscription.customerEmail,
        subject: client.words.chargeFailed.subject,
        ...email,
      },
    ],
    notice: {
      event: `charge-failed:${key}`,
      subject: `${halted ? 'Charges stopped' : 'Failed charge'}: ${plan}, ${subscription.customerEmail}`,
      link,
      ...notice,
    },
  };
}
