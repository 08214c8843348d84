import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { createActor, fromPromise, waitFor as waitForActor, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { billingMachine, billingMessages, BillingProblem, monthlyStartedNotice, type BillingEvent } from '../../machines/billing.machine';
import type { BillingOverview, MonthlyStart } from '../../src/domain/billingAccount';
import { formatBillingDate } from '../../src/domain/billing';
import { BillingSection, cancelExplanation } from '../../src/features/dashboard/BillingSection';
import { BillingActor } from '../../src/features/dashboard/billingActor';
import { renderWithApp } from '../render';
import { expectFullCoverage } from './coverage';
import { coveringPaths } from './paths';
import { modelOf } from './testable';

/**
 * The dashboard's Billing section (docs/decisions/180-monthly-billing.md): every path of machines/billing.machine.ts,
 * on the actor and on the rendered section, with the gateway's calls stood in for by promises the test settles.
 */

type Snapshot = SnapshotFrom<typeof billingMachine>;
type ModelStep = { event: AnyEventObject };

const paidThrough = '2026-12-26T18:30:00.000Z';
const active: BillingOverview = {
  subscription: {
    id: 'sub_Test12345678',
    plan: 'launchpad',
    status: 'active',
    state: 'active',
    monthlyPaise: 250_000,
    paidThrough,
    nextChargeAt: paidThrough,
    endsAt: null,
    cancelPreview: { kind: 'at_period_end', endsAt: paidThrough },
    requests: [],
  },
  invoices: [
    {
      id: 'inv_Test12345678',
      plan: 'launchpad',
      amountPaise: 1_250_000,
      status: 'paid',
      periodStart: '2026-11-26T18:30:00.000Z',
      periodEnd: paidThrough,
      paidAt: '2026-11-27T10:00:00.000Z',
    },
  ],
  oneTime: null,
  businessName: 'Rao Stores',
  email: 'asha@raostores.in',
  checkout: { keyId: 'rzp_test_sandbox', mode: 'sandbox' },
};
const failing: BillingOverview = {
  ...active,
  subscription: {
    ...active.subscription!,
    status: 'pending',
    state: 'payment_failed',
    cancelPreview: { kind: 'after_next_charge', nextChargeAt: paidThrough, endsAt: '2027-01-26T18:30:00.000Z' },
  },
};
const none: BillingOverview = { ...active, subscription: null, invoices: [] };
/** A plan paid once before monthly billing, held to the end of its month (decision 182). */
const paidOnce: BillingOverview = { ...none, oneTime: { plan: 'launchpad', paidThrough } };
const overviews = { active, failing, none, paidOnce } as const;
const kindOf = (overview: BillingOverview | null) => Object.entries(overviews).find(([, value]) => value === overview)?.[0] ?? 'unloaded';

const cancelledSentence = `Your plan is cancelled. Nothing more will be charged, and your service stays active until ${formatBillingDate(paidThrough)}.`;
const refusal = new BillingProblem('This subscription is not running, so there is nothing to cancel.');
const started: MonthlyStart = { subscriptionId: 'sub_Start1234567', plan: 'launchpad', monthlyPaise: 250_000, startsAt: paidThrough };

const serializeState = (snapshot: Snapshot) =>
  JSON.stringify({
    value: snapshot.value,
    overview: kindOf(snapshot.context.overview),
    failure: !!snapshot.context.failure,
    notice: !!snapshot.context.notice,
  });

const events: BillingEvent[] = [
  { type: 'billing.retry' },
  { type: 'billing.cancel' },
  { type: 'billing.confirmCancel' },
  { type: 'billing.keep' },
  { type: 'billing.request', kind: 'pause' },
  { type: 'billing.updateCard' },
  { type: 'billing.downloadReceipt', invoiceId: 'inv_Test12345678' },
  { type: 'billing.startMonthly' },
  { type: 'billing.confirmStart' },
  { type: 'billing.notNow' },
];

const model = createTestModel(modelOf(billingMachine), {
  events: [
    ...events,
    { type: 'xstate.done.actor.loadBilling', output: active },
    { type: 'xstate.done.actor.loadBilling', output: failing },
    { type: 'xstate.done.actor.loadBilling', output: none },
    { type: 'xstate.done.actor.loadBilling', output: paidOnce },
    { type: 'xstate.error.actor.loadBilling', error: new Error('offline') },
    { type: 'xstate.done.actor.cancelSubscription', output: cancelledSentence },
    { type: 'xstate.error.actor.cancelSubscription', error: refusal },
    { type: 'xstate.done.actor.sendRequest' },
    { type: 'xstate.error.actor.sendRequest', error: new Error('offline') },
    { type: 'xstate.done.actor.updateCard' },
    { type: 'xstate.error.actor.updateCard', error: new BillingProblem('Your payment method was not changed.') },
    { type: 'xstate.done.actor.downloadReceipt' },
    { type: 'xstate.error.actor.downloadReceipt', error: new Error('no PDF') },
    { type: 'xstate.done.actor.startMonthly', output: started },
    { type: 'xstate.error.actor.startMonthly', error: new BillingProblem('Your monthly payment was not set up.') },
  ] as never,
  serializeState,
});

const paths = coveringPaths(model, billingMachine, serializeState);
const invoked = ['loadBilling', 'cancelSubscription', 'sendRequest', 'updateCard', 'downloadReceipt', 'startMonthly'] as const;
type Invoked = (typeof invoked)[number];

/** Each effect waits until the test settles it, like the network would. */
function pendingEffects() {
  const settle: Partial<Record<Invoked, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>> = {};
  const effect = (name: Invoked) =>
    fromPromise<never, unknown>(
      () => new Promise((resolve, reject) => (settle[name] = { resolve: resolve as (value: unknown) => void, reject })),
    );
  const logic = billingMachine.provide({
    actors: Object.fromEntries(invoked.map((name) => [name, effect(name)])) as never,
  });
  return { logic, settle: (name: Invoked) => settle[name]! };
}

/** The model's done/error events, executed by settling the stand-in effect. */
function settleEvents(
  settle: (name: Invoked) => { resolve: (value: unknown) => void; reject: (error: unknown) => void },
  after: () => Promise<void>,
) {
  return Object.fromEntries(
    invoked.flatMap((name) => [
      [
        `xstate.done.actor.${name}`,
        async ({ event }: ModelStep) => {
          settle(name).resolve((event as { output?: unknown }).output);
          await after();
        },
      ],
      [
        `xstate.error.actor.${name}`,
        async ({ event }: ModelStep) => {
          settle(name).reject((event as { error?: unknown }).error);
          await after();
        },
      ],
    ]),
  );
}

describe('billing machine: model-based paths', () => {
  it('generates paths and they reach every state and every transition', () => {
    expectFullCoverage('billing', billingMachine, paths);
  });

  describe('on the actor', () => {
    for (const path of paths) {
      it(path.description, async () => {
        const effects = pendingEffects();
        const actor = createActor(effects.logic).start();
        const matchesModel = (expected: Snapshot) => {
          expect(actor.getSnapshot().value).toEqual(expected.value);
          expect(actor.getSnapshot().context).toEqual(expected.context);
        };
        const send = ({ event }: ModelStep) => void actor.send(event as BillingEvent);
        await path.test({
          events: {
            ...Object.fromEntries(events.map((event) => [event.type, send])),
            ...settleEvents(effects.settle, async () => {
              await waitForActor(actor, (snapshot) => !snapshot.hasTag('busy') || snapshot.matches('loading'));
            }),
          } as never,
          states: Object.fromEntries(
            [
              'loading',
              'failed',
              'ready',
              'ready.idle',
              'ready.confirmingCancel',
              'ready.cancelling',
              'ready.requesting',
              'ready.updatingCard',
              'ready.downloading',
              'ready.confirmingStart',
              'ready.startingMonthly',
            ].map((state) => [state, matchesModel]),
          ) as never,
        });
        actor.stop();
      });
    }
  });

  describe('on the rendered section', () => {
    for (const path of paths) {
      it(path.description, async () => {
        const effects = pendingEffects();
        const { user } = renderWithApp(
          <BillingActor.Provider logic={effects.logic}>
            <BillingSection />
          </BillingActor.Provider>,
        );
        const button = (name: string | RegExp) => screen.getByRole('button', { name });
        await path.test({
          events: {
            'billing.retry': () => user.click(button('Try again')),
            'billing.cancel': () => user.click(button('Cancel plan')),
            'billing.confirmCancel': () => user.click(button(/Yes, cancel my plan/)),
            'billing.keep': () => user.click(button('Keep my plan')),
            'billing.request': () => user.click(button(/Ask to pause/)),
            'billing.updateCard': () => user.click(button(/Update payment method/)),
            'billing.downloadReceipt': () => user.click(button(/Download the receipt/)),
            'billing.startMonthly': () => user.click(button(/Start monthly payment/)),
            'billing.confirmStart': () => user.click(button(/Authorise my card/)),
            'billing.notNow': () => user.click(button('Not now')),
            ...settleEvents(effects.settle, async () => {
              await act(async () => {});
            }),
          } as never,
          states: {
            loading: (expected: Snapshot) => {
              if (!expected.context.overview) expect(screen.getByRole('status')).toHaveTextContent('Loading your billing');
            },
            failed: (expected: Snapshot) => {
              expect(screen.getByRole('alert')).toHaveTextContent(expected.context.failure!);
              expect(button('Try again')).toBeEnabled();
            },
            'ready.idle': (expected: Snapshot) => {
              const { overview, failure, notice } = expected.context;
              if (failure) expect(screen.getByText(failure)).toBeVisible();
              if (notice) expect(screen.getByText(notice)).toBeVisible();
              if (overview?.oneTime) {
                expect(screen.getByRole('heading', { name: 'Keep your LaunchPad plan going' })).toBeVisible();
                expect(screen.getByText(`₹2,500 from ${formatBillingDate(paidThrough)}`)).toBeVisible();
                expect(button(/Start monthly payment/)).toBeEnabled();
                return;
              }
              if (!overview?.subscription) {
                expect(screen.getByText('You have no monthly plan yet.')).toBeVisible();
                return;
              }
              expect(screen.getByText('LaunchPad')).toBeVisible();
              expect(screen.getByText(`₹2,500 on ${formatBillingDate(paidThrough)}`)).toBeVisible();
              expect(button('Cancel plan')).toBeEnabled();
              if (overview.subscription.state === 'payment_failed') {
                expect(screen.getByText('Your last payment did not go through.')).toBeVisible();
                expect(button(/Update payment method/)).toBeEnabled();
              } else {
                expect(screen.queryByRole('button', { name: /Update payment method/ })).toBeNull();
              }
              expect(button(/Download the receipt/)).toBeEnabled();
            },
            'ready.confirmingCancel': (expected: Snapshot) => {
              const { subscription } = expected.context.overview!;
              expect(screen.getByRole('group', { name: 'Cancel your plan?' })).toHaveTextContent(
                cancelExplanation(subscription!.cancelPreview!, subscription!.monthlyPaise),
              );
              expect(button(/Yes, cancel my plan/)).toBeEnabled();
            },
            'ready.cancelling': () => expect(button(/Yes, cancel my plan/)).toBeDisabled(),
            'ready.requesting': () => expect(button(/Ask to pause/)).toBeDisabled(),
            'ready.updatingCard': () => expect(button(/Update payment method/)).toBeDisabled(),
            'ready.downloading': () => expect(button(/Download the receipt/)).toBeDisabled(),
            'ready.confirmingStart': (expected: Snapshot) => {
              expect(screen.getByRole('group', { name: 'Start your monthly payment?' })).toHaveTextContent(`Nothing is charged today`);
              expect(button(/Authorise my card/)).toBeEnabled();
              if (expected.context.failure) expect(screen.getByRole('alert')).toHaveTextContent(expected.context.failure);
            },
            'ready.startingMonthly': () => {
              expect(button(/Authorise my card/)).toBeDisabled();
              expect(button('Not now')).toBeDisabled();
            },
          } as never,
        });
      });
    }
  });

  it('says the sentences the client reads after each action', () => {
    expect(monthlyStartedNotice(started)).toBe(
      `Your monthly payment is set up. ₹2,500 will be charged on ${formatBillingDate(paidThrough)}, when the month you paid for ends, and then every month.`,
    );
    expect(billingMessages.requestSent).toMatch(/account manager/);
    expect(cancelExplanation(failing.subscription!.cancelPreview!, 250_000)).toBe(
      `Your next billing date is less than 15 days away, so the charge of ₹2,500 on ${formatBillingDate(paidThrough)} will still be taken. Your plan then stays active until 27 January 2027 and ends.`,
    );
  });
});
