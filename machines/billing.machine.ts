import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { formatBillingDate } from '../src/domain/billing';
import type { BillingOverview, BillingRequestKind, CancelPreview, MonthlyStart } from '../src/domain/billingAccount';
import { formatInr } from '../src/domain/money';
import type { PlanKey } from '../src/domain/plans';

/**
 * The dashboard's Billing section (docs/decisions/180-monthly-billing.md):
 *
 *   loading -> ready.idle <-> ready.confirmingCancel -> ready.cancelling -> loading
 *                       -> ready.requesting (pause, resume, another plan) -> loading
 *                       -> ready.updatingCard (a charge failed) -> loading
 *                       -> ready.downloading (an invoice's receipt) -> ready.idle
 *                       -> ready.confirmingStart -> ready.startingMonthly (a plan paid once goes monthly) -> loading
 *   loading -> failed -> loading (Try again)
 *
 * The machine names its effects; the page provides them (src/features/dashboard/billingActor.ts).
 */

export interface BillingContext {
  overview: BillingOverview | null;
  /** The sentence shown after an action failed; cleared by the next one. */
  failure: string | null;
  /** The sentence shown after an action succeeded. */
  notice: string | null;
  /** The invoice whose receipt is being made. */
  downloading: string | null;
}

export type BillingEvent =
  | { type: 'billing.retry' }
  | { type: 'billing.cancel' }
  | { type: 'billing.confirmCancel' }
  | { type: 'billing.keep' }
  | { type: 'billing.request'; kind: BillingRequestKind; plan?: PlanKey }
  | { type: 'billing.updateCard' }
  | { type: 'billing.downloadReceipt'; invoiceId: string }
  | { type: 'billing.startMonthly' }
  | { type: 'billing.confirmStart' }
  | { type: 'billing.notNow' };

/** What the effects reject with when they have the sentence the client should read. */
export class BillingProblem extends Error {
  override readonly name = 'BillingProblem';
}

export const billingMessages = {
  loadFailed: 'We could not load your billing just now.',
  actionFailed: 'That did not go through. Please try again in a minute.',
  requestSent: 'Your account manager has your request and will be in touch within one working day.',
  cardUpdated: 'Thank you: your payment method is updated and the charge went through.',
  receiptFailed: 'The receipt could not be made just now. Please try again.',
} as const;

/** What the client reads once the cancellation is recorded. */
export function cancelledNotice(outcome: CancelPreview, formatDate: (iso: string) => string): string {
  return outcome.kind === 'at_period_end'
    ? `Your plan is cancelled. Nothing more will be charged, and your service stays active until ${formatDate(outcome.endsAt)}.`
    : `Your plan is cancelled. The charge on ${formatDate(outcome.nextChargeAt)} will still be taken, and your service stays active until ${formatDate(outcome.endsAt)}.`;
}

/** What the client reads once their monthly payment is set up (decision 182). */
export function monthlyStartedNotice(start: MonthlyStart): string {
  return `Your monthly payment is set up. ${formatInr(start.monthlyPaise / 100)} will be charged on ${formatBillingDate(start.startsAt)}, when the month you paid for ends, and then every month.`;
}

const sentenceOf = (error: unknown, fallback: string) => (error instanceof BillingProblem && error.message ? error.message : fallback);
const errorOf = (event: unknown) => (event as { error?: unknown }).error;

export const billingMachine = setup({
  types: {
    context: {} as BillingContext,
    events: {} as BillingEvent,
  },
  actors: {
    loadBilling: fromPromise<BillingOverview>(async () => {
      throw new Error('loadBilling must be provided by the page');
    }),
    cancelSubscription: fromPromise<string, { subscriptionId: string }>(async () => {
      throw new Error('cancelSubscription must be provided by the page');
    }),
    sendRequest: fromPromise<void, { subscriptionId: string; kind: BillingRequestKind; plan?: PlanKey }>(async () => {
      throw new Error('sendRequest must be provided by the page');
    }),
    updateCard: fromPromise<void, { subscriptionId: string; checkout: BillingOverview['checkout']; email: string }>(async () => {
      throw new Error('updateCard must be provided by the page');
    }),
    downloadReceipt: fromPromise<void, { invoiceId: string; overview: BillingOverview }>(async () => {
      throw new Error('downloadReceipt must be provided by the page');
    }),
    /** Makes the subscription, has the client authorise their card in the checkout, and confirms it. */
    startMonthly: fromPromise<MonthlyStart, { checkout: BillingOverview['checkout']; email: string }>(async () => {
      throw new Error('startMonthly must be provided by the page');
    }),
  },
  guards: {
    canCancel: ({ context }) => context.overview?.subscription?.cancelPreview != null,
    paymentFailed: ({ context }) => context.overview?.subscription?.state === 'payment_failed',
    hasSubscription: ({ context }) => context.overview?.subscription != null,
    offersMonthly: ({ context }) => context.overview?.oneTime != null && context.overview.subscription == null,
    knownInvoice: ({ context, event }) =>
      event.type === 'billing.downloadReceipt' && (context.overview?.invoices.some((invoice) => invoice.id === event.invoiceId) ?? false),
  },
  actions: {
    keepOverview: assign({ overview: ({ event }) => (event as unknown as { output: BillingOverview }).output }),
    clearFeedback: assign({ failure: null, notice: null }),
    showFailure: assign({ failure: ({ event }) => sentenceOf(errorOf(event), billingMessages.actionFailed) }),
    showLoadFailure: assign({ failure: ({ event }) => sentenceOf(errorOf(event), billingMessages.loadFailed) }),
    noteCancelled: assign({ notice: ({ event }) => (event as unknown as { output: string }).output }),
    noteRequest: assign({ notice: billingMessages.requestSent }),
    noteCardUpdated: assign({ notice: billingMessages.cardUpdated }),
    noteMonthlyStarted: assign({ notice: ({ event }) => monthlyStartedNotice((event as unknown as { output: MonthlyStart }).output) }),
    showReceiptFailure: assign({ failure: ({ event }) => sentenceOf(errorOf(event), billingMessages.receiptFailed) }),
    markDownloading: assign({
      downloading: ({ event }) => {
        assertEvent(event, 'billing.downloadReceipt');
        return event.invoiceId;
      },
    }),
    clearDownloading: assign({ downloading: null }),
  },
}).createMachine({
  id: 'billing',
  context: { overview: null, failure: null, notice: null, downloading: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadBilling',
        src: 'loadBilling',
        onDone: { target: 'ready', actions: 'keepOverview' },
        onError: { target: 'failed', actions: 'showLoadFailure' },
      },
    },
    failed: {
      on: { 'billing.retry': { target: 'loading', actions: 'clearFeedback' } },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'billing.cancel': { guard: 'canCancel', target: 'confirmingCancel', actions: 'clearFeedback' },
            'billing.request': { guard: 'hasSubscription', target: 'requesting', actions: 'clearFeedback' },
            'billing.updateCard': { guard: 'paymentFailed', target: 'updatingCard', actions: 'clearFeedback' },
            'billing.downloadReceipt': { guard: 'knownInvoice', target: 'downloading', actions: ['clearFeedback', 'markDownloading'] },
            'billing.startMonthly': { guard: 'offersMonthly', target: 'confirmingStart', actions: 'clearFeedback' },
          },
        },
        confirmingStart: {
          on: {
            'billing.confirmStart': 'startingMonthly',
            'billing.notNow': 'idle',
          },
        },
        startingMonthly: {
          tags: ['busy'],
          invoke: {
            id: 'startMonthly',
            src: 'startMonthly',
            input: ({ context }) => ({ checkout: context.overview!.checkout, email: context.overview!.email }),
            onDone: { target: '#billing.loading', actions: 'noteMonthlyStarted' },
            onError: { target: 'confirmingStart', actions: 'showFailure' },
          },
        },
        confirmingCancel: {
          on: {
            'billing.confirmCancel': 'cancelling',
            'billing.keep': 'idle',
          },
        },
        cancelling: {
          tags: ['busy'],
          invoke: {
            id: 'cancelSubscription',
            src: 'cancelSubscription',
            input: ({ context }) => ({ subscriptionId: context.overview!.subscription!.id }),
            onDone: { target: '#billing.loading', actions: 'noteCancelled' },
            onError: { target: 'idle', actions: 'showFailure' },
          },
        },
        requesting: {
          tags: ['busy'],
          invoke: {
            id: 'sendRequest',
            src: 'sendRequest',
            input: ({ context, event }) => {
              assertEvent(event, 'billing.request');
              return { subscriptionId: context.overview!.subscription!.id, kind: event.kind, ...(event.plan && { plan: event.plan }) };
            },
            onDone: { target: '#billing.loading', actions: 'noteRequest' },
            onError: { target: 'idle', actions: 'showFailure' },
          },
        },
        updatingCard: {
          tags: ['busy'],
          invoke: {
            id: 'updateCard',
            src: 'updateCard',
            input: ({ context }) => ({
              subscriptionId: context.overview!.subscription!.id,
              checkout: context.overview!.checkout,
              email: context.overview!.email,
            }),
            onDone: { target: '#billing.loading', actions: 'noteCardUpdated' },
            onError: { target: 'idle', actions: 'showFailure' },
          },
        },
        downloading: {
          tags: ['busy'],
          invoke: {
            id: 'downloadReceipt',
            src: 'downloadReceipt',
            input: ({ context }) => ({ invoiceId: context.downloading!, overview: context.overview! }),
            onDone: { target: 'idle', actions: 'clearDownloading' },
            onError: { target: 'idle', actions: ['clearDownloading', 'showReceiptFailure'] },
          },
        },
      },
    },
  },
});
