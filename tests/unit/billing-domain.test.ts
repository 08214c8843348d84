import { describe, expect, it } from 'vitest';
import {
  billingPriceOf,
  cancellationOutcome,
  entitlementOf,
  periodEnd,
  subscriptionEntitlement,
  type SubscriptionStanding,
} from '../../src/domain/billing';

/** Monthly billing's rules (docs/decisions/180-monthly-billing.md). Times are written in India's time, UTC+5:30. */
const ist = (local: string) => new Date(`${local}+05:30`);
const day = 24 * 60 * 60_000;

describe('what a plan charges', () => {
  it('today the setup fee and the first month; then the monthly fee', () => {
    expect(billingPriceOf('launchpad')).toEqual({
      plan: 'launchpad',
      title: 'LaunchPad',
      setupPaise: 1_000_000,
      monthlyPaise: 250_000,
      firstChargePaise: 1_250_000,
    });
    expect(billingPriceOf('growth-engine')).toMatchObject({ monthlyPaise: 450_000, firstChargePaise: 2_150_000 });
  });

  it('is not sold online for Scale Up or anything that is not a plan', () => {
    expect(billingPriceOf('scale-up')).toBeNull();
    expect(billingPriceOf('platinum')).toBeNull();
    expect(billingPriceOf(undefined)).toBeNull();
  });
});

describe('a billing period', () => {
  it('ends at 00:00 in India on the same date a month later', () => {
    expect(periodEnd(ist('2026-11-27T14:30:00'))).toEqual(ist('2026-12-27T00:00:00'));
    // 23:00 UTC on 27 November is already 28 November in India.
    expect(periodEnd(new Date('2026-11-27T23:00:00Z'))).toEqual(ist('2026-12-28T00:00:00'));
    expect(periodEnd(ist('2026-12-10T09:00:00'))).toEqual(ist('2027-01-10T00:00:00'));
  });

  it('on the month’s last day when the month is shorter', () => {
    expect(periodEnd(ist('2027-01-31T10:00:00'))).toEqual(ist('2027-02-28T00:00:00'));
    expect(periodEnd(ist('2028-01-31T10:00:00'))).toEqual(ist('2028-02-29T00:00:00'));
    expect(periodEnd(ist('2027-01-31T10:00:00'), 3)).toEqual(ist('2027-04-30T00:00:00'));
  });
});

describe('cancelling', () => {
  const paidThrough = ist('2026-12-27T00:00:00');

  it('15 days or more before the billing date: nothing more is charged, the plan ends with the paid period', () => {
    expect(cancellationOutcome(new Date(paidThrough.getTime() - 20 * day), paidThrough)).toEqual({
      kind: 'at_period_end',
      endsAt: paidThrough,
    });
    expect(cancellationOutcome(new Date(paidThrough.getTime() - 15 * day), paidThrough)).toEqual({
      kind: 'at_period_end',
      endsAt: paidThrough,
    });
  });

  it('inside the 15 days: the next charge is taken, and the plan ends with the period it pays for', () => {
    const late = cancellationOutcome(new Date(paidThrough.getTime() - 15 * day + 1), paidThrough);
    expect(late).toEqual({ kind: 'after_next_charge', nextChargeAt: paidThrough, endsAt: ist('2027-01-27T00:00:00') });
    expect(cancellationOutcome(new Date(paidThrough.getTime() - 5 * day), paidThrough).kind).toBe('after_next_charge');
  });
});

describe('what an account holds', () => {
  const paidThrough = ist('2026-12-27T00:00:00');
  const before = ist('2026-12-20T12:00:00');
  const after = ist('2026-12-28T12:00:00');
  const longAfter = ist('2027-01-05T12:00:00');
  const standing = (status: SubscriptionStanding['status']): SubscriptionStanding => ({ plan: 'growth-engine', status, paidThrough });

  it('active: the plan, and for a few days past the billing date while the charge is taken', () => {
    expect(subscriptionEntitlement(standing('active'), before)).toEqual({ plan: 'growth-engine', state: 'active', paidThrough });
    expect(subscriptionEntitlement(standing('active'), after).plan).toBe('growth-engine');
    expect(subscriptionEntitlement(standing('active'), longAfter)).toEqual({ plan: null, state: 'none', paidThrough: null });
  });

  it('pending (a failed charge being retried): the plan stays, with a payment problem to fix', () => {
    expect(subscriptionEntitlement(standing('pending'), after)).toEqual({ plan: 'growth-engine', state: 'payment_failed', paidThrough });
  });

  it.each(['halted', 'cancelled', 'completed'] as const)('%s: the plan until the paid period ends, then none', (status) => {
    expect(subscriptionEntitlement(standing(status), before)).toEqual({ plan: 'growth-engine', state: 'ending', paidThrough });
    expect(subscriptionEntitlement(standing(status), after).plan).toBeNull();
  });

  it('paused: the plan until the paid period ends, then paused without it', () => {
    expect(subscriptionEntitlement(standing('paused'), before)).toEqual({ plan: 'growth-engine', state: 'paused', paidThrough });
    expect(subscriptionEntitlement(standing('paused'), after)).toEqual({ plan: null, state: 'paused', paidThrough });
  });

  it.each(['created', 'authenticated', 'expired'] as const)('%s: nothing paid, no plan', (status) => {
    expect(subscriptionEntitlement(standing(status), before).plan).toBeNull();
    expect(subscriptionEntitlement({ plan: 'launchpad', status: 'active', paidThrough: null }, before).plan).toBeNull();
  });

  it('a one-time payment from before billing pays for a month from its date', () => {
    const paidAt = ist('2026-11-20T10:00:00');
    const legacy = [{ plan: 'launchpad' as const, paidAt }];
    expect(entitlementOf([], legacy, ist('2026-12-19T10:00:00'))).toEqual({
      plan: 'launchpad',
      state: 'ending',
      paidThrough: ist('2026-12-20T00:00:00'),
    });
    expect(entitlementOf([], legacy, ist('2026-12-20T10:00:00')).plan).toBeNull();
  });

  it('the highest plan wins; of two holdings of one plan, the one that carries on', () => {
    const legacy = [{ plan: 'growth-engine' as const, paidAt: ist('2026-12-01T10:00:00') }];
    const launchpad: SubscriptionStanding = { plan: 'launchpad', status: 'active', paidThrough };
    expect(entitlementOf([launchpad], legacy, before)).toMatchObject({ plan: 'growth-engine', state: 'ending' });
    expect(entitlementOf([launchpad, standing('active')], legacy, before)).toMatchObject({ plan: 'growth-engine', state: 'active' });
    expect(entitlementOf([standing('paused')], [], after)).toEqual({ plan: null, state: 'paused', paidThrough });
    expect(entitlementOf([], [], before)).toEqual({ plan: null, state: 'none', paidThrough: null });
  });
});
