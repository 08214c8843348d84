import { and, eq, sql } from 'drizzle-orm';
import type { StaffSubscriptionRow, SubscriptionAction } from '../../src/domain/admin';
import type { Database } from '../db/client';
import { staffAudit, subscriptionRequests, subscriptions } from '../db/schema';
import { AppError } from '../http/errors';
import type { Logger } from '../logger';
import { recordMailEvent } from '../mail/events';
import { GatewayError, gatewayAppError } from '../payments/gateway';
import { recomputeEntitlement } from './entitlement';
import type { GatewaySubscription, SubscriptionGateway } from './gateway';
import { lockSubscription, storeGatewayState } from './repository';
import { pauseScheduledSubscriptions } from './scheduledPause';
import type { BillingService } from './service';

/**
 * An account manager's actions on a subscription, from the staff inbox (docs/decisions/181-staff-subscriptions.md):
 * pause from the next cycle, resume, change plan at cycle end, cancel at period end or now, decline a request. Each is
 * written to staff_audit, and marks done the client's open request it fulfils. The caller has checked the action is
 * one the subscription allows now (src/domain/admin.ts subscriptionActionsOf); the gateway has the last word.
 */

export interface StaffMember {
  uid: string;
  email: string | null;
}

type RequestKind = 'pause' | 'resume' | 'change_plan';

export function createStaffBilling({
  db,
  billing,
  gateway,
  logger,
}: {
  db: Database;
  billing: BillingService;
  gateway: SubscriptionGateway;
  logger: Logger;
}) {
  /** Marks the open request of `kind` done by `staff` (for a plan change, only one asking for that plan). */
  async function fulfil(tx: Database, id: string, kind: RequestKind, staff: StaffMember, plan?: string): Promise<string | null> {
    const [done] = await tx
      .update(subscriptionRequests)
      .set({ status: 'done', resolvedAt: sql`now()`, resolvedBy: staff.uid })
      .where(
        and(
          eq(subscriptionRequests.gatewaySubscriptionId, id),
          eq(subscriptionRequests.kind, kind),
          eq(subscriptionRequests.status, 'open'),
          plan === undefined ? undefined : eq(subscriptionRequests.plan, plan),
        ),
      )
      .returning({ id: subscriptionRequests.id });
    return done?.id ?? null;
  }

  async function audit(tx: Database, staff: StaffMember, action: SubscriptionAction['kind'], id: string, details: Record<string, unknown>) {
    const [row] = await tx
      .insert(staffAudit)
      .values({ staffUid: staff.uid, staffEmail: staff.email, action: `subscription.${action}`, target: `subscriptions/${id}`, details })
      .returning({ id: staffAudit.id });
    return row!.id;
  }

  /** The client hears of what their account manager did (server/mail), with the change it commits with. */
  async function tellClient(tx: Database, subscriptionId: string, action: 'pause' | 'resume' | 'change_plan', auditId: number) {
    await recordMailEvent(tx, { type: 'subscription.changed', subscriptionId, action, auditId });
  }

  const setColumns = (tx: Database, id: string, values: Partial<typeof subscriptions.$inferInsert>) =>
    tx
      .update(subscriptions)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(subscriptions.gatewaySubscriptionId, id));

  /** Razorpay's own words when it refuses, as the billing service says them for its actions. */
  async function atGateway(call: () => Promise<GatewaySubscription>): Promise<GatewaySubscription> {
    try {
      return await call();
    } catch (err) {
      if (err instanceof GatewayError && err.failure === 'refused')
        throw new AppError(409, 'gateway_refused', `The payment provider refused: ${err.message}`);
      throw gatewayAppError(err);
    }
  }

  async function schedulePause(row: StaffSubscriptionRow, staff: StaffMember) {
    await db.transaction(async (tx) => {
      const locked = await lockSubscription(tx, row.id);
      if (!locked?.paidThrough || locked.status !== 'active' || locked.cancelAt || locked.pauseAt) throw changedMeanwhile();
      await setColumns(tx, row.id, { pauseAt: locked.paidThrough });
      const request = await fulfil(tx, row.id, 'pause', staff);
      await tellClient(
        tx,
        row.id,
        'pause',
        await audit(tx, staff, 'pause', row.id, { pauseAt: locked.paidThrough.toISOString(), requestDone: request }),
      );
    });
    // A paid period that ends within the lead time is paused at once, before its charge.
    await pauseScheduledSubscriptions({ db, now: await gateway.now(), pause: billing.pause, logger, only: row.id });
  }

  async function resume(row: StaffSubscriptionRow, staff: StaffMember) {
    // Only a pause scheduled, not yet made: dropping it is the whole resume.
    const scheduledOnly = row.status !== 'paused';
    if (!scheduledOnly) await billing.resume(row.id);
    await db.transaction(async (tx) => {
      if (scheduledOnly) await setColumns(tx, row.id, { pauseAt: null });
      const request = await fulfil(tx, row.id, 'resume', staff);
      const [after] = await tx
        .select({ status: subscriptions.status })
        .from(subscriptions)
        .where(eq(subscriptions.gatewaySubscriptionId, row.id));
      const auditId = await audit(tx, staff, 'resume', row.id, {
        status: { from: row.status, to: after?.status },
        droppedPauseAt: scheduledOnly ? row.pauseAt : null,
        requestDone: request,
      });
      await tellClient(tx, row.id, 'resume', auditId);
    });
  }

  async function changePlan(row: StaffSubscriptionRow, plan: string, staff: StaffMember) {
    if (plan === (row.scheduledPlan ?? row.plan))
      throw new AppError(409, 'same_plan', 'The subscription is on that plan already, or moving to it.');
    await billing.changePlan(row.id, plan);
    await db.transaction(async (tx) => {
      await setColumns(tx, row.id, { scheduledPlan: plan });
      const request = await fulfil(tx, row.id, 'change_plan', staff, plan);
      const auditId = await audit(tx, staff, 'change_plan', row.id, {
        plan: { from: row.plan, to: plan },
        from: row.paidThrough,
        requestDone: request,
      });
      await tellClient(tx, row.id, 'change_plan', auditId);
    });
  }

  /** No charge after the period paid for, which is when the service ends (as the client's early cancel). */
  async function cancelAtPeriodEnd(row: StaffSubscriptionRow, staff: StaffMember) {
    const state = await atGateway(() => gateway.cancelSubscription(row.id, true));
    const at = await gateway.now();
    const uid = await db.transaction(async (tx) => {
      const locked = await lockSubscription(tx, row.id);
      if (!locked?.paidThrough) throw changedMeanwhile();
      await setColumns(tx, row.id, { cancelAt: locked.paidThrough, cancelAfterCharge: null, pauseAt: null });
      await storeGatewayState(tx, row.id, state, at);
      if (locked.customerUid) await recomputeEntitlement(tx, locked.customerUid, locked.customerEmail ?? '', at);
      await audit(tx, staff, 'cancel_at_period_end', row.id, { endsAt: locked.paidThrough.toISOString(), before: { endsAt: row.endsAt } });
      const endsAt = locked.paidThrough.toISOString();
      await recordMailEvent(tx, { type: 'subscription.cancelled', subscriptionId: row.id, by: 'staff', endsAt, nextChargeAt: null });
      return locked.customerUid;
    });
    logger.info('subscription cancelled at period end by staff', { subscriptionId: row.id, hasAccount: uid !== null });
  }

  async function cancelNow(row: StaffSubscriptionRow, staff: StaffMember) {
    const after = await billing.cancelNow(row.id);
    // The service ends now, unless a month paid once still runs (the plan is kept until then).
    const at = await gateway.now();
    await db.transaction(async (tx) => {
      await setColumns(tx, row.id, { pauseAt: null });
      await audit(tx, staff, 'cancel_now', row.id, { status: { from: row.status, to: after.status }, paidThrough: row.paidThrough });
      await recordMailEvent(tx, {
        type: 'subscription.cancelled',
        subscriptionId: row.id,
        by: 'staff',
        endsAt: at.toISOString(),
        nextChargeAt: null,
      });
    });
  }

  async function declineRequest(row: StaffSubscriptionRow, requestId: string, staff: StaffMember) {
    await db.transaction(async (tx) => {
      const [declined] = await tx
        .update(subscriptionRequests)
        .set({ status: 'declined', resolvedAt: sql`now()`, resolvedBy: staff.uid })
        .where(
          and(
            eq(subscriptionRequests.id, requestId),
            eq(subscriptionRequests.gatewaySubscriptionId, row.id),
            eq(subscriptionRequests.status, 'open'),
          ),
        )
        .returning();
      if (!declined)
        throw new AppError(404, 'request_not_found', 'That request is not waiting any more: another member of staff may have answered it.');
      await audit(tx, staff, 'decline_request', row.id, { requestId, kind: declined.kind, plan: declined.plan });
    });
  }

  return {
    now: () => gateway.now(),
    async act(row: StaffSubscriptionRow, action: SubscriptionAction, staff: StaffMember): Promise<void> {
      switch (action.kind) {
        case 'pause':
          return schedulePause(row, staff);
        case 'resume':
          return resume(row, staff);
        case 'change_plan':
          return changePlan(row, action.plan, staff);
        case 'cancel_at_period_end':
          return cancelAtPeriodEnd(row, staff);
        case 'cancel_now':
          return cancelNow(row, staff);
        case 'decline_request':
          return declineRequest(row, action.requestId, staff);
      }
    },
  };
}

const changedMeanwhile = () =>
  new AppError(
    409,
    'subscription_changed',
    'The subscription changed meanwhile (a charge, a cancel or another member of staff). Look at it again.',
  );

export type StaffBilling = ReturnType<typeof createStaffBilling>;
