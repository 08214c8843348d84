import { assertEvent, assign, fromCallback, fromPromise, not, setup, type EventObject } from 'xstate';
import { GUEST_EMAIL_PLACEHOLDER, type CustomerDetails } from '../src/domain/checkout';
import { buyerDetailsSchema, guestDetailsSchema, type CreateOrderAnswer } from '../src/domain/payment';
import type { PlanKey } from '../src/domain/plans';
import { periodEnd } from '../src/domain/billing';

/**
 * Online payment on /payment (docs/decisions/092-payment-page-and-resume.md):
 *
 *   details (guests only: name, email, phone) -> idle -> creatingOrder -> awaitingCheckout -> verifying
 *         -> signingIn -> success (then /dashboard), or failure (from which Pay works again), or signInRequired,
 *         or unconfirmed (the server could not be asked: no Pay, only Check again).
 *
 * A payment the checkout reported as taken is kept (`savePending`) until verification ends, so a reload while
 * verifying starts in `verifying` again instead of losing it. When verification could not get an answer (no
 * connection, rate limited, a server error), the payment is still kept and Pay is not offered: a second Pay would be
 * a second charge. The machine names its effects; the page provides them
 * (src/features/payment/paymentActor.ts).
 */

export type GuestField = 'fullName' | 'email' | 'phone';
export type GuestValues = Record<GuestField, string>;
export type GuestErrors = Partial<Record<GuestField, string>>;

/**
 * The three values the checkout's success handler receives: with the order's id, or for a monthly plan the
 * subscription's (docs/decisions/180-monthly-billing.md).
 */
export type CheckoutResponse = { razorpay_payment_id: string; razorpay_signature: string } & (
  { razorpay_order_id: string } | { razorpay_subscription_id: string }
);

/** A payment taken but not yet verified: exactly the body of POST /api/verify-payment. */
export type PendingPayment = CheckoutResponse & {
  plan: PlanKey;
  userDetails: CustomerDetails;
  /** The order's secret from create-order: with it, the server signs this browser's buyer in (decision 090). */
  checkoutSecret?: string;
};

/** What the checkout actor opens with. */
export interface CheckoutRequest {
  order: CreateOrderAnswer;
  buyer: GuestValues;
}

/** What verification answers when it did not fail: a sign-in token, or a sentence asking the buyer to sign in. */
export type VerifyOutcome = { token: string } | { token: null; message: string };

/**
 * What the effects reject with when they have the sentence the buyer should read (the exact messages of
 * docs/decisions/092); any other rejection shows the stage's generic sentence.
 */
export class PaymentProblem extends Error {
  override readonly name: string = 'PaymentProblem';
}

/** Verification got no verdict (no answer, rate limited, a server error): the payment stands and is asked about again. */
export class PaymentUnconfirmed extends PaymentProblem {
  override readonly name = 'PaymentUnconfirmed';
}

export const paymentFailures = {
  initiation: 'An unknown error occurred.',
  verification: 'An unknown error occurred during verification.',
  cancelled: 'Payment was cancelled. Your order was not placed.',
  signInFailed: 'Sign in with custom token failed.',
  unconfirmed:
    'Your payment went through, but we could not confirm it just now. Please do not pay again: check again in a moment, or sign in later with your email address to see your plan.',
} as const;

export const checkoutFailureMessage = (description: string, code: string) => `Payment failed: ${description} (Code: ${code})`;

/** Shown when the payment went through but the automatic sign-in did not. */
export const signInAfterPaymentMessage = (reason: string) =>
  `Your payment was received, but we could not sign you in automatically (${reason}). Please sign in with your email address to see your plan.`;

export interface PaymentInput {
  plan: PlanKey;
  /** The details handed over by Pricing, the report or sign-up. */
  customer: CustomerDetails;
  /** Name, email and phone from a saved quiz draft, for the guest step. */
  prefill?: Partial<GuestValues> | null;
  /** A payment taken before a reload and not yet verified. */
  pending?: PendingPayment | null;
}

export interface PaymentContext {
  plan: PlanKey;
  customer: CustomerDetails;
  /** Whether the buyer gives (or gave) their details on this page: their handed-over details had no real email. */
  guest: boolean;
  values: GuestValues;
  errors: GuestErrors;
  order: CreateOrderAnswer | null;
  /** When the first monthly charge falls if the buyer pays now: today's date a month on, then the server's word. */
  renewsOn: string;
  pending: PendingPayment | null;
  token: string | null;
  failure: string | null;
  /** The sentence shown in signInRequired. */
  notice: string | null;
}

export type PaymentEvent =
  | { type: 'payment.change'; field: GuestField; value: string }
  | { type: 'payment.continue' }
  | { type: 'payment.editDetails' }
  | { type: 'payment.submit' }
  | { type: 'payment.checkoutSucceeded'; response: CheckoutResponse }
  | { type: 'payment.checkoutFailed'; code: string; description: string }
  | { type: 'payment.checkoutDismissed' }
  | { type: 'payment.checkAgain' }
  | { type: 'payment.signedIn' }
  | { type: 'payment.signInFailed'; message: string | null };

export type CheckoutEvent = Extract<
  PaymentEvent,
  { type: 'payment.checkoutSucceeded' | 'payment.checkoutFailed' | 'payment.checkoutDismissed' }
>;
export type SignInEvent = Extract<PaymentEvent, { type: 'payment.signedIn' | 'payment.signInFailed' }>;

const guestFields: GuestField[] = ['fullName', 'email', 'phone'];

/** Per-field sentences of the shared buyer schema, for the three fields the guest step asks for. */
export function guestErrors(values: GuestValues): GuestErrors {
  const parsed = guestDetailsSchema.safeParse(values);
  if (parsed.success) return {};
  const errors: GuestErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as GuestField;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Handed-over details that the server would refuse (the guest placeholder, an empty or broken email) need the step. */
function needsDetails(customer: CustomerDetails): boolean {
  return customer.email.trim().toLowerCase() === GUEST_EMAIL_PLACEHOLDER || !buyerDetailsSchema.safeParse(customer).success;
}

function initialValues(customer: CustomerDetails, guest: boolean, prefill: Partial<GuestValues> | null | undefined): GuestValues {
  if (!guest) return { fullName: customer.fullName, email: customer.email, phone: customer.phone };
  const fromHandoff = customer.email.trim().toLowerCase() === GUEST_EMAIL_PLACEHOLDER ? null : customer;
  const pick = (field: GuestField) => prefill?.[field] || fromHandoff?.[field] || '';
  return { fullName: pick('fullName'), email: pick('email'), phone: pick('phone') };
}

function errorOf(event: EventObject): unknown {
  return (event as { error?: unknown }).error;
}

function sentenceOf(error: unknown, fallback: string): string {
  return error instanceof PaymentProblem && error.message ? error.message : fallback;
}

export const paymentMachine = setup({
  types: {
    context: {} as PaymentContext,
    events: {} as PaymentEvent,
    input: {} as PaymentInput,
  },
  actors: {
    createOrder: fromPromise<CreateOrderAnswer, { plan: PlanKey; userDetails: CustomerDetails }>(async () => {
      throw new Error('createOrder must be provided by the app');
    }),
    // The bare machine's callbacks do nothing (the app provides the real ones): the model tests replay paths on it.
    openCheckout: fromCallback<EventObject, CheckoutRequest>(() => {}),
    verifyPayment: fromPromise<VerifyOutcome, PendingPayment>(async () => {
      throw new Error('verifyPayment must be provided by the app');
    }),
    signInWithToken: fromCallback<EventObject, { token: string }>(() => {}),
  },
  guards: {
    hasPending: ({ context }) => context.pending !== null,
    isGuest: ({ context }) => context.guest,
    detailsValid: ({ context }) => Object.keys(guestErrors(context.values)).length === 0,
    hasToken: ({ event }) => typeof (event as { output?: VerifyOutcome }).output?.token === 'string',
    // Only a refusal the server explained (a PaymentProblem) ends in failure; anything else is no verdict on money taken.
    unconfirmed: ({ event }) => errorOf(event) instanceof PaymentUnconfirmed || !(errorOf(event) instanceof PaymentProblem),
  },
  actions: {
    editField: assign(({ context, event }) => {
      assertEvent(event, 'payment.change');
      const errors = { ...context.errors };
      delete errors[event.field];
      return { values: { ...context.values, [event.field]: event.value }, errors };
    }),
    showDetailErrors: assign({ errors: ({ context }) => guestErrors(context.values) }),
    // The buyer's own name, email and phone replace the handed-over ones; the rest of the quiz details travel on.
    acceptDetails: assign(({ context }) => {
      const values = Object.fromEntries(guestFields.map((field) => [field, context.values[field].trim()])) as GuestValues;
      return { values, errors: {}, customer: { ...context.customer, ...values } };
    }),
    clearFailure: assign({ failure: null, order: null }),
    keepOrder: assign(({ context, event }) => {
      const order = (event as unknown as { output: CreateOrderAnswer & { firstRenewalOn?: string } }).output;
      return { order, renewsOn: order.firstRenewalOn ?? context.renewsOn };
    }),
    failOrder: assign({ failure: ({ event }) => sentenceOf(errorOf(event), paymentFailures.initiation) }),
    failCheckout: assign({
      failure: ({ event }) => {
        assertEvent(event, 'payment.checkoutFailed');
        return checkoutFailureMessage(event.description, event.code);
      },
    }),
    cancelCheckout: assign({ failure: paymentFailures.cancelled }),
    takePayment: assign({
      pending: ({ context, event }) => {
        assertEvent(event, 'payment.checkoutSucceeded');
        return { ...event.response, plan: context.plan, userDetails: context.customer, checkoutSecret: context.order?.checkoutSecret };
      },
    }),
    /** Provided: keeps the pending payment in this browser's storage, where a reload or another tab finds it. */
    savePending: (_, _params: { pending: PendingPayment }) => {},
    /** Provided: forgets it once verification has ended either way. */
    forgetPending: () => {},
    keepToken: assign({ token: ({ event }) => (event as unknown as { output: { token: string } }).output.token }),
    askToSignIn: assign({
      pending: null,
      notice: ({ event }) => {
        const output = (event as unknown as { output: { message: string } }).output;
        return output.message;
      },
    }),
    dropPending: assign({ pending: null }),
    holdVerification: assign({ failure: ({ event }) => sentenceOf(errorOf(event), paymentFailures.unconfirmed) }),
    failVerification: assign({
      pending: null,
      failure: ({ event }) => sentenceOf(errorOf(event), paymentFailures.verification),
    }),
    signInFailed: assign({
      notice: ({ event }) => {
        assertEvent(event, 'payment.signInFailed');
        return signInAfterPaymentMessage(event.message || paymentFailures.signInFailed);
      },
    }),
    /** Provided: opens /dashboard. */
    openDashboard: () => {},
  },
}).createMachine({
  id: 'payment',
  context: ({ input }) => {
    const guest = needsDetails(input.customer);
    return {
      plan: input.plan,
      customer: input.customer,
      guest,
      values: initialValues(input.customer, guest, input.prefill),
      errors: {},
      order: null,
      renewsOn: periodEnd(new Date()).toISOString(),
      pending: input.pending ?? null,
      token: null,
      failure: null,
      notice: null,
    };
  },
  // The page opens on the guest step; a buyer with real details, or a payment to resume, passes straight through.
  // (A separate transient start state would never be observable, so no test could show it was reached.)
  initial: 'details',
  states: {
    details: {
      always: [
        { guard: 'hasPending', target: 'verifying' },
        { guard: not('isGuest'), target: 'idle' },
      ],
      on: {
        'payment.change': { actions: 'editField' },
        'payment.continue': [{ guard: 'detailsValid', target: 'idle', actions: 'acceptDetails' }, { actions: 'showDetailErrors' }],
      },
    },
    idle: {
      on: {
        'payment.submit': { target: 'creatingOrder', actions: 'clearFailure' },
        'payment.editDetails': { guard: 'isGuest', target: 'details' },
      },
    },
    creatingOrder: {
      tags: ['busy'],
      invoke: {
        id: 'createOrder',
        src: 'createOrder',
        input: ({ context }) => ({ plan: context.plan, userDetails: context.customer }),
        onDone: { target: 'awaitingCheckout', actions: 'keepOrder' },
        onError: { target: 'failure', actions: 'failOrder' },
      },
    },
    awaitingCheckout: {
      tags: ['busy'],
      invoke: {
        id: 'openCheckout',
        src: 'openCheckout',
        input: ({ context }) => ({
          order: context.order!,
          buyer: { fullName: context.customer.fullName, email: context.customer.email, phone: context.customer.phone },
        }),
      },
      on: {
        'payment.checkoutSucceeded': {
          target: 'verifying',
          actions: ['takePayment', { type: 'savePending', params: ({ context }) => ({ pending: context.pending! }) }],
        },
        'payment.checkoutFailed': { target: 'failure', actions: 'failCheckout' },
        'payment.checkoutDismissed': { target: 'failure', actions: 'cancelCheckout' },
      },
    },
    verifying: {
      tags: ['busy'],
      invoke: {
        id: 'verifyPayment',
        src: 'verifyPayment',
        input: ({ context }) => context.pending!,
        onDone: [
          { guard: 'hasToken', target: 'signingIn', actions: ['keepToken', 'dropPending', 'forgetPending'] },
          { target: 'signInRequired', actions: ['askToSignIn', 'forgetPending'] },
        ],
        onError: [
          // Kept, saved payment and all: a reload or Check again asks the server again; Pay is never offered here.
          { guard: 'unconfirmed', target: 'unconfirmed', actions: 'holdVerification' },
          { target: 'failure', actions: ['failVerification', 'forgetPending'] },
        ],
      },
    },
    unconfirmed: {
      on: {
        'payment.checkAgain': { target: 'verifying', actions: 'clearFailure' },
      },
    },
    signingIn: {
      tags: ['busy'],
      invoke: {
        id: 'signInWithToken',
        src: 'signInWithToken',
        input: ({ context }) => ({ token: context.token! }),
      },
      on: {
        'payment.signedIn': { target: 'success' },
        // Paid and verified: a second Pay would charge twice, so the buyer is sent to sign in instead of to failure.
        'payment.signInFailed': { target: 'signInRequired', actions: 'signInFailed' },
      },
    },
    success: {
      entry: 'openDashboard',
    },
    signInRequired: {},
    failure: {
      on: {
        'payment.submit': { target: 'creatingOrder', actions: 'clearFailure' },
        'payment.editDetails': { guard: 'isGuest', target: 'details' },
      },
    },
  },
});
