import { cancellationOutcome, entitlementOf, type SubscriptionStatus } from '../../src/domain/billing';
import {
  billingRequestSchema,
  cancelBillingSchema,
  type BillingInvoice,
  type BillingOverview,
  type BillingRequest,
  type BillingSubscription,
  type CancelPreview,
} from '../../src/domain/billingAccount';
import { findPlan } from '../../src/domain/plans';
import { findProfile } from '../auth/repository';
import type { VerifiedUser } from '../auth/requireUser';
import type { Database } from '../db/client';
import type { SubscriptionRow } from '../db/schema';
import { AppError } from '../http/errors';
import { validated } from '../http/validation';
import type { Logger } from '../logger';
import { recordMailEvent } from '../mail/events';
import { heldOneTimePlan, paidUntil, standingOf } from './entitlement';
import type { SubscriptionGateway } from './gateway';
import { invoicesOf, openRequest, requestsOf, subscriptionsOfAccount } from './repository';
import type { BillingService } from './service';

/**
 * The client's side of billing (GET /api/billing, POST /api/billing/cancel, POST /api/billing/requests): what they pay
 * and have paid, cancelling, and asking their account manager for a pause, a resume or another plan.
 */

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/**
 * The subscription the page is about: the running one, else the latest that was ever paid for. One started from the
 * dashboard counts from its authorisation: its first charge is then only a date away.
 */
function currentOf(rows: SubscriptionRow[]): SubscriptionRow | undefined {
  const begun = rows.filter((row) => row.paidCount > 0 || row.status === 'authenticated');
  const running = begun.filter((row) => !['cancelled', 'completed', 'expired'].includes(row.status));
  return (running.length > 0 ? running : begun).at(-1);
}

const unpaid = new Set(['pending', 'halted']);

const chargeable = (row: SubscriptionRow) => ['authenticated', 'active', 'pending'].includes(row.status);

function previewOf(row: SubscriptionRow, now: Date): CancelPreview | null {
  const paidThrough = paidUntil(row);
  if (!chargeable(row) || !paidThrough || row.cancelAt) return null;
  const outcome = cancellationOutcome(now, paidThrough);
  return outcome.kind === 'at_period_end'
    ? { kind: 'at_period_end', endsAt: outcome.endsAt.toISOString() }
    : { kind: 'after_next_charge', nextChargeAt: outcome.nextChargeAt.toISOString(), endsAt: outcome.endsAt.toISOString() };
}

/** When the gateway charges next, as the client should read it: never after a cancel that charges no more. */
function nextChargeOf(row: SubscriptionRow): Date | null {
  if (!chargeable(row)) return null;
  if (row.cancelAt && !row.cancelAfterCharge) return null;
  return row.cancelAfterCharge ?? row.chargeAt ?? paidUntil(row);
}

export function createBillingAccount({
  db,
  billing,
  gateway,
  keyId,
  logger,
}: {
  db: Database;
  billing: BillingService;
  gateway: SubscriptionGateway;
  /** The checkout's public key, for a card change. */
  keyId: string;
  logger: Logger;
}) {
  /**
   * While a charge is unpaid, the client may just have paid it with a new card: the gateway knows at once, its webhook
   * comes seconds later. Asked here, the dashboard never thanks them for a payment and still shows it failed.
   */
  async function rowsAfterUnpaidCharge(uid: string): Promise<SubscriptionRow[]> {
    const rows = await subscriptionsOfAccount(db, uid);
    const current = currentOf(rows);
    if (!current || !unpaid.has(current.status)) return rows;
    try {
      await billing.reconcileOne(current, await gateway.now());
    } catch (err) {
      logger.warn('billing overview: the gateway could not be asked; showing the stored state', {
        subscriptionId: current.gatewaySubscriptionId,
        error: err instanceof Error ? err.message : String(err),
      });
      return rows;
    }
    return subscriptionsOfAccount(db, uid);
  }

  async function overview(user: VerifiedUser): Promise<BillingOverview> {
    const now = await gateway.now();
    const rows = await rowsAfterUnpaidCharge(user.uid);
    const profile = await findProfile(db, user.uid);
    const current = currentOf(rows);
    let subscription: BillingSubscription | null = null;
    if (current) {
      const requests = (await requestsOf(db, current.gatewaySubscriptionId)).map((request): BillingRequest => ({
        id: request.id,
        kind: request.kind as BillingRequest['kind'],
        plan: findPlan(request.plan)?.key ?? null,
        status: request.status as BillingRequest['status'],
        createdAt: request.createdAt.toISOString(),
      }));
      subscription = {
        id: current.gatewaySubscriptionId,
        plan: findPlan(current.plan)!.key,
        status: current.status as SubscriptionStatus,
        // Before its first charge, the month paid once holds the plan.
        state: current.status === 'authenticated' ? 'active' : entitlementOf(standingOf(current), [], now).state,
        monthlyPaise: current.monthlyPaise,
        paidThrough: iso(paidUntil(current)),
        nextChargeAt: iso(nextChargeOf(current)),
        endsAt: iso(current.cancelAt),
        cancelPreview: previewOf(current, now),
        requests,
      };
    }
    const invoices: BillingInvoice[] = [];
    for (const row of rows) {
      for (const invoice of await invoicesOf(db, row.gatewaySubscriptionId)) {
        invoices.push({
          id: invoice.gatewayInvoiceId,
          plan: findPlan(row.plan)!.key,
          amountPaise: invoice.amountPaise,
          status: invoice.status,
          periodStart: iso(invoice.periodStart),
          periodEnd: iso(invoice.periodEnd),
          paidAt: iso(invoice.paidAt),
        });
      }
    }
    invoices.sort((a, b) => (b.periodStart ?? '').localeCompare(a.periodStart ?? ''));
    const held = current ? null : await heldOneTimePlan(db, user.uid, now);
    const oneTime = held && { plan: held.plan, paidThrough: held.paidThrough.toISOString() };
    return {
      subscription,
      invoices,
      oneTime,
      businessName: profile?.businessName ?? null,
      email: profile?.email || user.email || '',
      checkout: { keyId, mode: gateway.mode },
    };
  }

  async function cancel(user: VerifiedUser, input: unknown): Promise<CancelPreview> {
    const { subscriptionId } = validated(cancelBillingSchema, input);
    const outcome = await billing.cancel(user.uid, subscriptionId);
    return outcome.kind === 'at_period_end'
      ? { kind: 'at_period_end', endsAt: outcome.endsAt.toISOString() }
      : { kind: 'after_next_charge', nextChargeAt: outcome.nextChargeAt.toISOString(), endsAt: outcome.endsAt.toISOString() };
  }

  async function request(user: VerifiedUser, input: unknown): Promise<BillingRequest> {
    const body = validated(billingRequestSchema, input);
    const rows = await subscriptionsOfAccount(db, user.uid);
    const row = rows.find((candidate) => candidate.gatewaySubscriptionId === body.subscriptionId);
    if (!row) throw new AppError(404, 'subscription_not_found', 'There is no such subscription on your account.');
    if (row.status === 'authenticated') {
      throw new AppError(409, 'not_started', 'Your monthly payment has not started yet: ask your account manager once it has.');
    }
    const plan = body.kind === 'change_plan' ? findPlan(body.plan)!.key : null;
    if (plan === row.plan)
      throw new AppError(400, 'validation_failed', 'You are on that plan already.', {
        fieldErrors: { plan: 'You are on that plan already.' },
      });
    // Staff hear of the request with it (server/mail); asking again is the same request, and no second notice.
    const stored = await db.transaction(async (tx) => {
      const request = await openRequest(tx, { gatewaySubscriptionId: row.gatewaySubscriptionId, uid: user.uid, kind: body.kind, plan });
      await recordMailEvent(tx, { type: 'subscription.requested', requestId: request.id });
      return request;
    });
    logger.info('billing request', { subscriptionId: row.gatewaySubscriptionId, kind: body.kind, plan });
    return {
      id: stored.id,
      kind: body.kind,
      plan: findPlan(stored.plan)?.key ?? null,
      status: 'open',
      createdAt: stored.createdAt.toISOString(),
    };
  }

  return { overview, cancel, request };
}

export type BillingAccount = ReturnType<typeof createBillingAccount>;
