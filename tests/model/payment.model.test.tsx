import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import {
  createActor,
  createMachine,
  fromCallback,
  fromPromise,
  waitFor as waitForActor,
  type AnyEventObject,
  type EventObject,
  type SnapshotFrom,
} from 'xstate';
import { createTestModel } from 'xstate/graph';
import {
  PaymentProblem,
  PaymentUnconfirmed,
  guestErrors,
  paymentMachine,
  type CheckoutRequest,
  type GuestField,
  type PaymentEvent,
  type PaymentInput,
  type PendingPayment,
  type VerifyOutcome,
} from '../../machines/payment.machine';
import { guestDetails, profileDetails, type CustomerDetails } from '../../src/domain/checkout';
import type { CreateOrderAnswer } from '../../src/domain/payment';
import { PaymentActor } from '../../src/features/payment/paymentActor';
import { PaymentScreen } from '../../src/features/payment/PaymentScreen';
import { formatBillingDate } from '../../src/domain/billing';
import { renderWithApp } from '../render';
import { measureCoverage } from './coverage';
import { coveringPaths } from './paths';
import { modelOf } from './testable';

type Snapshot = SnapshotFrom<typeof paymentMachine>;
type ModelStep = { event: AnyEventObject };

const order: CreateOrderAnswer = {
  id: 'order_Test12345678',
  amount: 2_150_000,
  currency: 'INR',
  keyId: 'rzp_test_sandbox',
  mode: 'sandbox',
  description: 'Payment for Growth Engine Plan',
  checkoutSecret: 'k'.repeat(43),
};
const response = {
  razorpay_order_id: order.id,
  razorpay_payment_id: 'pay_Test12345678',
  razorpay_signature: 'a'.repeat(64),
};
const known: CustomerDetails = profileDetails({ email: 'meera@kiranastore.in', displayName: 'Meera Iyer' });
const pending: PendingPayment = { ...response, plan: 'growth-engine', userDetails: known };

/** The three ways the page opens: a guest (with a saved quiz draft), a signed-in buyer, a reload while verifying. */
const openings: Record<string, PaymentInput> = {
  guest: { plan: 'growth-engine', customer: guestDetails(), prefill: { fullName: 'Asha Rao', email: '', phone: '' } },
  known: { plan: 'growth-engine', customer: known },
  resumed: { plan: 'growth-engine', customer: known, pending },
};

const CREATE_FAILED =
  'Failed to create payment order. Is your backend running and accessible at localhost? Details: The server could not be reached.';
const VERIFY_FAILED = 'Payment verification failed. Status: 400. Body: {"success":false}';
const SIGN_IN_MESSAGE = 'Payment received. Your plan is now on the account for this email address: please sign in to see it.';
const UNCONFIRMED = 'Your payment went through, but we could not confirm it just now. Please do not pay again.';

const changes: PaymentEvent[] = [
  { type: 'payment.change', field: 'fullName', value: 'Asha Rao' },
  { type: 'payment.change', field: 'fullName', value: 'A' },
  { type: 'payment.change', field: 'email', value: 'asha@raostores.in' },
  { type: 'payment.change', field: 'email', value: 'asha@' },
  { type: 'payment.change', field: 'phone', value: '12345' },
];

/** The events the view, the effects and the checkout can cause in each state, with the payloads that matter. */
function eventsFor(snapshot: Snapshot): AnyEventObject[] {
  if (snapshot.matches('details')) return [...changes, { type: 'payment.continue' }];
  if (snapshot.matches('idle') || snapshot.matches('failure')) return [{ type: 'payment.submit' }, { type: 'payment.editDetails' }];
  if (snapshot.matches('creatingOrder')) {
    return [
      { type: 'xstate.done.actor.createOrder', output: order },
      { type: 'xstate.error.actor.createOrder', error: new PaymentProblem(CREATE_FAILED) },
      { type: 'xstate.error.actor.createOrder', error: new TypeError('undefined is not a function') },
    ];
  }
  if (snapshot.matches('awaitingCheckout')) {
    return [
      { type: 'payment.checkoutSucceeded', response },
      { type: 'payment.checkoutFailed', code: 'BAD_REQUEST_ERROR', description: 'Payment declined by the test bank' },
      { type: 'payment.checkoutDismissed' },
    ];
  }
  if (snapshot.matches('verifying')) {
    return [
      { type: 'xstate.done.actor.verifyPayment', output: { token: 'custom-token' } },
      { type: 'xstate.done.actor.verifyPayment', output: { token: null, message: SIGN_IN_MESSAGE } },
      { type: 'xstate.error.actor.verifyPayment', error: new PaymentProblem(VERIFY_FAILED) },
      { type: 'xstate.error.actor.verifyPayment', error: new TypeError('boom') },
      { type: 'xstate.error.actor.verifyPayment', error: new PaymentUnconfirmed(UNCONFIRMED) },
    ];
  }
  if (snapshot.matches('unconfirmed')) return [{ type: 'payment.checkAgain' }];
  if (snapshot.matches('signingIn')) {
    return [
      { type: 'payment.signedIn' },
      { type: 'payment.signInFailed', message: 'The token has expired.' },
      { type: 'payment.signInFailed', message: null },
    ];
  }
  return [];
}

/** What changes behaviour or the view: the state, and only the part of the context that state shows. */
const serializeState = (snapshot: Snapshot) =>
  JSON.stringify({
    value: snapshot.value,
    ...(snapshot.matches('details') && {
      invalid: Object.keys(guestErrors(snapshot.context.values)).sort(),
      errors: Object.keys(snapshot.context.errors).sort(),
    }),
    ...((snapshot.matches('failure') || snapshot.matches('unconfirmed')) && { failure: snapshot.context.failure }),
    ...(snapshot.matches('signInRequired') && { notice: snapshot.context.notice }),
  });

/** The machine opened with one input: xstate/graph starts machines without input, so the input is baked in. */
function openedWith(input: PaymentInput): typeof paymentMachine {
  const config = paymentMachine.config as { context: (args: { input: PaymentInput }) => unknown };
  const context = config.context({ input });
  return createMachine({ ...paymentMachine.config, context } as never, paymentMachine.implementations as never) as never;
}

const variants = Object.entries(openings).map(([name, input]) => {
  const machine = openedWith(input);
  const model = createTestModel(modelOf(machine), { events: eventsFor as never, serializeState });
  return { name, input, machine, paths: coveringPaths(model, machine, serializeState) };
});

/** Stand-ins for the effects: promises the test settles, callbacks whose sendBack the test holds, recorded actions. */
function fakeEffects() {
  let createSettle: { resolve: (value: CreateOrderAnswer) => void; reject: (error: unknown) => void } | null = null;
  let verifySettle: { resolve: (value: VerifyOutcome) => void; reject: (error: unknown) => void } | null = null;
  const record = {
    orders: [] as { plan: string; userDetails: CustomerDetails }[],
    checkouts: [] as CheckoutRequest[],
    verified: [] as PendingPayment[],
    tokens: [] as string[],
    saved: [] as PendingPayment[],
    forgotten: 0,
    dashboard: 0,
    checkoutClosed: 0,
  };
  let checkoutSend: ((event: EventObject) => void) | null = null;
  let signInSend: ((event: EventObject) => void) | null = null;
  const logic = paymentMachine.provide({
    actors: {
      createOrder: fromPromise(({ input }) => {
        record.orders.push(input);
        return new Promise<CreateOrderAnswer>((resolve, reject) => (createSettle = { resolve, reject }));
      }),
      openCheckout: fromCallback<EventObject, CheckoutRequest>(({ input, sendBack }) => {
        record.checkouts.push(input);
        checkoutSend = sendBack;
        return () => void record.checkoutClosed++;
      }),
      verifyPayment: fromPromise(({ input }) => {
        record.verified.push(input);
        return new Promise<VerifyOutcome>((resolve, reject) => (verifySettle = { resolve, reject }));
      }),
      signInWithToken: fromCallback<EventObject, { token: string }>(({ input, sendBack }) => {
        record.tokens.push(input.token);
        signInSend = sendBack;
      }),
    },
    actions: {
      savePending: (_, { pending }) => void record.saved.push(pending),
      forgetPending: () => void record.forgotten++,
      openDashboard: () => void record.dashboard++,
    },
  });
  return {
    logic,
    record,
    settleCreate: (event: AnyEventObject) =>
      event.type.startsWith('xstate.done') ? createSettle!.resolve(event.output as CreateOrderAnswer) : createSettle!.reject(event.error),
    settleVerify: (event: AnyEventObject) =>
      event.type.startsWith('xstate.done') ? verifySettle!.resolve(event.output as VerifyOutcome) : verifySettle!.reject(event.error),
    checkout: (event: AnyEventObject) => checkoutSend!(event),
    signIn: (event: AnyEventObject) => signInSend!(event),
  };
}

const nameOf = (path: (typeof variants)[number]['paths'][number]) =>
  `${JSON.stringify(path.state.value)} via ${path.steps
    .map(({ event }) => (event as AnyEventObject).type)
    .filter((type) => type !== 'xstate.init')
    .map((type) => type.replace(/^xstate\.(done|error)\.actor\./, (_, kind: string) => `${kind}:`))
    .join(' → ')}`;

describe('payment machine: model-based paths', () => {
  it('generates paths and, over the three openings, they reach every state and every transition', () => {
    const reports = variants.map(({ machine, paths }) => measureCoverage(machine, paths));
    const missing = (pick: (report: (typeof reports)[number]) => string[]) =>
      pick(reports[0]!).filter((key) => reports.every((report) => pick(report).includes(key)));
    const { total: states } = reports[0]!.states;
    const { total: transitions } = reports[0]!.transitions;
    const missingStates = missing((report) => report.states.missing);
    const missingTransitions = missing((report) => report.transitions.missing);
    console.info(
      `payment: ${variants.reduce((sum, { paths }) => sum + paths.length, 0)} paths; states ${states - missingStates.length}/${states}, ` +
        `transitions ${transitions - missingTransitions.length}/${transitions}`,
    );
    expect(missingStates).toEqual([]);
    expect(missingTransitions).toEqual([]);
  });

  for (const { name, input, paths } of variants) {
    describe(`on the actor, opened as ${name}`, () => {
      for (const path of paths) {
        it(nameOf(path), async () => {
          const fake = fakeEffects();
          const actor = createActor(fake.logic, { input }).start();
          const kept = () => fake.record.saved.length + (name === 'resumed' ? 1 : 0);
          const matchesModel = (expected: Snapshot) => {
            const actual = actor.getSnapshot();
            expect(actual.value).toEqual(expected.value);
            expect(actual.context).toEqual(expected.context);
            expect(actual.hasTag('busy')).toBe(expected.hasTag('busy'));
          };
          await path.test({
            events: {
              'payment.change': ({ event }: ModelStep) => void actor.send(event as PaymentEvent),
              'payment.continue': () => void actor.send({ type: 'payment.continue' }),
              'payment.submit': () => void actor.send({ type: 'payment.submit' }),
              'payment.editDetails': () => void actor.send({ type: 'payment.editDetails' }),
              'xstate.done.actor.createOrder': async ({ event }: ModelStep) => {
                fake.settleCreate(event);
                await waitForActor(actor, (snapshot) => !snapshot.matches('creatingOrder'));
              },
              'xstate.error.actor.createOrder': async ({ event }: ModelStep) => {
                fake.settleCreate(event);
                await waitForActor(actor, (snapshot) => !snapshot.matches('creatingOrder'));
              },
              'payment.checkoutSucceeded': ({ event }: ModelStep) => fake.checkout(event),
              'payment.checkoutFailed': ({ event }: ModelStep) => fake.checkout(event),
              'payment.checkoutDismissed': ({ event }: ModelStep) => fake.checkout(event),
              'xstate.done.actor.verifyPayment': async ({ event }: ModelStep) => {
                fake.settleVerify(event);
                await waitForActor(actor, (snapshot) => !snapshot.matches('verifying'));
              },
              'xstate.error.actor.verifyPayment': async ({ event }: ModelStep) => {
                fake.settleVerify(event);
                await waitForActor(actor, (snapshot) => !snapshot.matches('verifying'));
              },
              'payment.checkAgain': () => void actor.send({ type: 'payment.checkAgain' }),
              'payment.signedIn': ({ event }: ModelStep) => fake.signIn(event),
              'payment.signInFailed': ({ event }: ModelStep) => fake.signIn(event),
            } as never,
            states: {
              details: matchesModel,
              idle: matchesModel,
              creatingOrder: (expected) => {
                matchesModel(expected);
                expect(fake.record.orders.at(-1)).toEqual({ plan: 'growth-engine', userDetails: expected.context.customer });
              },
              awaitingCheckout: (expected) => {
                matchesModel(expected);
                expect(fake.record.checkouts.at(-1)).toEqual({
                  order,
                  buyer: {
                    fullName: expected.context.customer.fullName,
                    email: expected.context.customer.email,
                    phone: expected.context.customer.phone,
                  },
                });
              },
              verifying: (expected) => {
                matchesModel(expected);
                expect(fake.record.verified.at(-1)).toEqual(expected.context.pending);
                // Kept in session storage from the checkout's success (a resumed payment was kept already) until
                // verification ends: every payment kept is forgotten once, except this one.
                if (fake.record.saved.length > 0) expect(fake.record.saved.at(-1)).toEqual(expected.context.pending);
                expect(fake.record.forgotten).toBe(kept() - 1);
              },
              signingIn: (expected) => {
                matchesModel(expected);
                expect(fake.record.tokens).toEqual(['custom-token']);
                expect(fake.record.forgotten).toBe(kept());
              },
              success: (expected) => {
                matchesModel(expected);
                expect(fake.record.dashboard).toBe(1);
              },
              signInRequired: (expected) => {
                matchesModel(expected);
                expect(fake.record.forgotten).toBe(kept());
                expect(fake.record.dashboard).toBe(0);
              },
              failure: (expected) => {
                matchesModel(expected);
                expect(fake.record.dashboard).toBe(0);
              },
              unconfirmed: (expected) => {
                matchesModel(expected);
                // Still kept (a reload asks again), and nothing here can start a second payment.
                expect(expected.context.pending).not.toBeNull();
                expect(fake.record.forgotten).toBe(kept() - 1);
                expect(actor.getSnapshot().can({ type: 'payment.submit' })).toBe(false);
                expect(fake.record.dashboard).toBe(0);
              },
            },
          });
          actor.stop();
        });
      }
    });
  }

  for (const { name, input, paths } of variants) {
    describe(`on the rendered page, opened as ${name}`, () => {
      for (const path of paths) {
        it(nameOf(path), async () => {
          const fake = fakeEffects();
          const { user } = renderWithApp(
            <PaymentActor.Provider logic={fake.logic} options={{ input }}>
              <PaymentScreen />
            </PaymentActor.Provider>,
          );
          const labels: Record<GuestField, string> = { fullName: 'Full name', email: 'Email', phone: 'Phone' };
          const payButton = () => screen.getByRole('button', { name: /^Pay/ });

          await path.test({
            events: {
              'payment.change': async ({ event }: ModelStep) => {
                const { field, value } = event as Extract<PaymentEvent, { type: 'payment.change' }>;
                const field$ = screen.getByLabelText(new RegExp(`^${labels[field]}`));
                await user.clear(field$);
                if (value) await user.type(field$, value);
              },
              'payment.continue': async () => {
                await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
              },
              'payment.submit': async () => {
                await user.click(payButton());
              },
              'payment.editDetails': async () => {
                const edit = screen.queryByRole('button', { name: 'Change details' });
                // A known buyer is offered no details step: the event does nothing, as in the model.
                if (edit) await user.click(edit);
              },
              'xstate.done.actor.createOrder': async ({ event }: ModelStep) => act(async () => fake.settleCreate(event)),
              'xstate.error.actor.createOrder': async ({ event }: ModelStep) => act(async () => fake.settleCreate(event)),
              'payment.checkoutSucceeded': async ({ event }: ModelStep) => act(async () => fake.checkout(event)),
              'payment.checkoutFailed': async ({ event }: ModelStep) => act(async () => fake.checkout(event)),
              'payment.checkoutDismissed': async ({ event }: ModelStep) => act(async () => fake.checkout(event)),
              'xstate.done.actor.verifyPayment': async ({ event }: ModelStep) => act(async () => fake.settleVerify(event)),
              'xstate.error.actor.verifyPayment': async ({ event }: ModelStep) => act(async () => fake.settleVerify(event)),
              'payment.checkAgain': async () => {
                await user.click(screen.getByRole('button', { name: 'Check again' }));
              },
              'payment.signedIn': async ({ event }: ModelStep) => act(async () => fake.signIn(event)),
              'payment.signInFailed': async ({ event }: ModelStep) => act(async () => fake.signIn(event)),
            } as never,
            states: {
              details: (expected) => {
                for (const field of ['fullName', 'email', 'phone'] as const) {
                  const input$ = screen.getByLabelText(new RegExp(`^${labels[field]}`));
                  expect(input$).toHaveValue(expected.context.values[field]);
                  const message = expected.context.errors[field];
                  if (message) expect(input$).toHaveAccessibleDescription(message);
                  else expect(input$).not.toHaveAttribute('aria-invalid');
                }
                expect(screen.getByRole('button', { name: 'Continue to payment' })).toBeEnabled();
                expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
              },
              idle: (expected) => {
                expect(payButton()).toHaveTextContent('Pay ₹21,500');
                expect(payButton()).toBeEnabled();
                const summary = screen.getByRole('region', { name: 'Order summary' });
                expect(summary).toHaveTextContent(expected.context.customer.email);
                // A monthly plan: what follows today's charge, and how to leave it, before Pay (decision 180).
                expect(summary).toHaveTextContent(`Then every month₹4,500 from ${formatBillingDate(expected.context.renewsOn)}`);
                expect(summary).toHaveTextContent('Cancel any time up to 15 days before a billing date');
                expect(screen.queryByRole('alert')).toBeNull();
              },
              creatingOrder: () => {
                expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
              },
              awaitingCheckout: () => {
                expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
              },
              verifying: () => {
                expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
              },
              signingIn: () => {
                expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
              },
              success: () => {
                expect(fake.record.dashboard).toBe(1);
                expect(screen.getByRole('status')).toHaveTextContent('Payment successful');
              },
              signInRequired: (expected) => {
                expect(screen.getByRole('status')).toHaveTextContent(expected.context.notice!);
                expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
                expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
              },
              failure: (expected) => {
                expect(screen.getByRole('alert')).toHaveTextContent(expected.context.failure!);
                expect(payButton()).toBeEnabled();
              },
              unconfirmed: (expected) => {
                expect(screen.getByRole('status')).toHaveTextContent(expected.context.failure!);
                expect(screen.getByRole('button', { name: 'Check again' })).toBeEnabled();
                expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
                expect(screen.queryByRole('alert')).toBeNull();
              },
            },
          });
        });
      }
    });
  }
});
