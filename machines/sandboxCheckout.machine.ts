import { assign, fromPromise, setup } from 'xstate';
import type { CheckoutResponse } from './payment.machine';

/**
 * The sandbox's stand-in for Razorpay's checkout window (docs/decisions/091): ready with three choices, then paying
 * or declining at the test gateway, each ending the window with its outcome; a gateway that does not answer leaves
 * the window open with the problem said. Cancelling is possible only while nothing is in flight. The machine names its
 * effects (`pay`, `decline` at the gateway; `reportPaid`, `reportDeclined`, `reportCancelled` to the opener) and the
 * dialog supplies them.
 */

/** A declined test payment, as Razorpay's `payment.failed` carries it. */
export interface SandboxDecline {
  error: { code: string; description: string; metadata?: Record<string, unknown> };
}

export interface SandboxCheckoutInput {
  /** The order or subscription the window pays. */
  checkoutId: string;
  email: string | undefined;
}

export interface SandboxCheckoutContext extends SandboxCheckoutInput {
  /** Why the last try did not reach the gateway. */
  problem: string | null;
}

export type SandboxCheckoutEvent = { type: 'sandbox.pay' } | { type: 'sandbox.decline' } | { type: 'sandbox.cancel' };

const NO_ANSWER = 'The test gateway did not answer.';

export const sandboxCheckoutMachine = setup({
  types: {
    context: {} as SandboxCheckoutContext,
    events: {} as SandboxCheckoutEvent,
    input: {} as SandboxCheckoutInput,
  },
  actors: {
    pay: fromPromise<CheckoutResponse, SandboxCheckoutInput>(async () => {
      throw new Error('pay must be provided by the app');
    }),
    decline: fromPromise<SandboxDecline, SandboxCheckoutInput>(async () => {
      throw new Error('decline must be provided by the app');
    }),
  },
  actions: {
    reportPaid: (_, _params: { response: CheckoutResponse }) => {},
    reportDeclined: (_, _params: { decline: SandboxDecline }) => {},
    reportCancelled: () => {},
    clearProblem: assign({ problem: null }),
    noteProblem: assign({
      problem: ({ event }) => {
        const error = (event as { error?: unknown }).error;
        return error instanceof Error && error.message ? error.message : NO_ANSWER;
      },
    }),
  },
}).createMachine({
  id: 'sandboxCheckout',
  context: ({ input }) => ({ ...input, problem: null }),
  initial: 'ready',
  states: {
    ready: {
      on: {
        'sandbox.pay': { target: 'paying', actions: 'clearProblem' },
        'sandbox.decline': { target: 'declining', actions: 'clearProblem' },
        'sandbox.cancel': { target: 'cancelled', actions: 'reportCancelled' },
      },
    },
    paying: {
      tags: ['busy'],
      invoke: {
        id: 'pay',
        src: 'pay',
        input: ({ context }) => ({ checkoutId: context.checkoutId, email: context.email }),
        onDone: { target: 'paid', actions: { type: 'reportPaid', params: ({ event }) => ({ response: event.output }) } },
        onError: { target: 'ready', actions: 'noteProblem' },
      },
    },
    declining: {
      tags: ['busy'],
      invoke: {
        id: 'decline',
        src: 'decline',
        input: ({ context }) => ({ checkoutId: context.checkoutId, email: context.email }),
        onDone: { target: 'declined', actions: { type: 'reportDeclined', params: ({ event }) => ({ decline: event.output }) } },
        onError: { target: 'ready', actions: 'noteProblem' },
      },
    },
    paid: { type: 'final' },
    declined: { type: 'final' },
    cancelled: { type: 'final' },
  },
});
