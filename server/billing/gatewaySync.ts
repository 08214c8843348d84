import type { Database } from '../db/client';
import type { SubscriptionRow } from '../db/schema';
import type { Logger } from '../logger';
import type { Fulfilment } from '../payments/fulfilment';
import type { GatewayPayment, PaymentGateway } from '../payments/gateway';
import type { ApplyEvent, EventOutcome } from '../payments/webhookEvents';
import { eventTime, paymentOfEvent, subscriptionOfEvent, type GatewayInvoice, type SubscriptionGateway } from './gateway';
import type { Reports } from './reports';
import { invoicesOf } from './repository';

/**
 * Our subscription rows kept in step with the gateway, both ways its word reaches us: a stored `subscription.*` event
 * (the payment service's webhook pipeline hands them here), or the gateway asked about one subscription. A first
 * charge found either way has its order fulfilled, as decision 090 does.
 */

/** Events that carry a charge: the invoice it paid is recorded from them. */
const chargeEvents = new Set(['subscription.charged', 'subscription.activated', 'subscription.completed']);

export function createGatewaySync({
  db,
  gateway,
  payments,
  fulfilment,
  logger,
  applyReport,
}: {
  db: Database;
  gateway: SubscriptionGateway;
  payments: PaymentGateway;
  fulfilment: Fulfilment;
  logger: Logger;
  applyReport: Reports['applyReport'];
}) {
  /** Fulfils the first charge's order (the account, the plan) as decision 090 does; 'busy' while another holds it. */
  async function fulfilFirstCharge(
    orderId: string,
    payment: GatewayPayment,
    by: 'webhook' | 'reconciliation',
    ifFree: boolean,
  ): Promise<EventOutcome> {
    const request = { gatewayOrderId: orderId, payment, by, buyerEmail: payment.email } as const;
    const result = ifFree ? await fulfilment.fulfilOrderIfFree(request) : await fulfilment.fulfilOrder(request);
    if (result.outcome === 'busy') return 'busy';
    if (result.outcome === 'pending') return { reason: result.reason };
    return 'done';
  }

  /** A stored `subscription.*` event. */
  const applyEvent: ApplyEvent = async (type, payload, waitForHolder) => {
    const state = subscriptionOfEvent(payload);
    if (!state) {
      logger.warn('subscription event without a usable subscription entity', { type });
      return 'done';
    }
    const payment = paymentOfEvent(payload);
    const charge =
      payment && chargeEvents.has(type) ? { payment, first: state.paidCount === 1 && payment.status === 'captured' } : undefined;
    const at = eventTime(payload) ?? (await gateway.now());
    const applied = await applyReport(state.id, state, at, charge, { ifFree: !waitForHolder });
    if (applied === 'busy') return 'busy';
    if (applied === null) {
      logger.warn('subscription event for a subscription this server did not create', { type, subscriptionId: state.id });
      return 'done';
    }
    if (applied.firstOrderId && payment) return fulfilFirstCharge(applied.firstOrderId, payment, 'webhook', !waitForHolder);
    return 'done';
  };

  /** The gateway's current word on one subscription, with any paid invoice we have not recorded. */
  async function reconcileOne(row: SubscriptionRow, at: Date) {
    const state = await gateway.fetchSubscription(row.gatewaySubscriptionId);
    const known = await invoicesOf(db, row.gatewaySubscriptionId);
    const knownPaid = known.filter((invoice) => invoice.status === 'paid').length;
    let invoices: GatewayInvoice[] = [];
    if (state.paidCount > knownPaid) invoices = await gateway.fetchInvoices(row.gatewaySubscriptionId);
    const paid = invoices
      .filter((invoice) => invoice.status === 'paid' && invoice.paymentId)
      .sort((a, b) => (a.periodStart?.getTime() ?? 0) - (b.periodStart?.getTime() ?? 0));
    for (const [index, invoice] of paid.entries()) {
      if (known.some((stored) => stored.gatewayInvoiceId === invoice.id && stored.status === 'paid')) continue;
      const payment = await payments.fetchPayment(invoice.paymentId!);
      const first = index === 0;
      const cycle = { ...state, currentStart: invoice.periodStart, currentEnd: invoice.periodEnd };
      const applied = await applyReport(row.gatewaySubscriptionId, cycle, invoice.paidAt ?? at, {
        payment: { ...payment, invoiceId: invoice.id },
        first,
      });
      if (applied && applied !== 'busy' && applied.firstOrderId)
        await fulfilFirstCharge(applied.firstOrderId, payment, 'reconciliation', true);
    }
    await applyReport(row.gatewaySubscriptionId, state, at, undefined, { fresh: true });
  }

  return { applyEvent, reconcileOne };
}

export type GatewaySync = ReturnType<typeof createGatewaySync>;
