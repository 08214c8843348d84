import { createActorContext } from '@xstate/react';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import {
  paymentMachine,
  type CheckoutEvent,
  type CheckoutRequest,
  type CheckoutResponse,
  type SignInEvent,
} from '../../../machines/payment.machine';
import { openCheckout, type CheckoutConstructor, type CheckoutInstance, type CheckoutOptions } from '../../lib/checkoutWidget';
import { createOrder, verifyPayment } from '../../lib/paymentApi';
import type { AuthState } from '../../lib/auth/hooks';
import { theme } from '../../ui/theme';
import { formatInr } from '../../domain/money';
import { forgetPendingPayment, savePendingPayment } from './pendingPayment';
import { sandboxCheckout } from './SandboxCheckout';

/** The payment's actor: the bare machine by default; the page provides the live one below. */
export const PaymentActor = createActorContext(paymentMachine);

/** What the page's provider edge hands in: the auth store's part the payment needs, and navigation. */
export interface PaymentPageEffects {
  /** The auth store (src/lib/auth): read to learn how the token sign-in went. */
  auth: { getSnapshot(): AuthState; subscribe(listener: () => void): () => void };
  signInWithToken(token: string): void;
  /** The signed-in buyer's ID token, or undefined for a guest. */
  idToken(): Promise<string | undefined>;
  navigate(to: string): void;
  /** The sandbox widget; tests hand in one with fake gateway calls. */
  sandbox?: CheckoutConstructor;
}

/** The options Razorpay's widget (and the sandbox's) opens with. */
export function checkoutOptions({ order, buyer }: CheckoutRequest, send: (event: CheckoutEvent) => void): CheckoutOptions {
  const monthly = order.kind === 'subscription' && order.monthlyAmount;
  return {
    key: order.keyId,
    // Razorpay takes a subscription's amount from it; the sandbox's own dialog shows today's charge.
    ...(monthly
      ? { subscription_id: order.id, ...(order.mode === 'sandbox' && { amount: order.amount }) }
      : { order_id: order.id, amount: order.amount }),
    currency: order.currency,
    name: 'GrowthPath',
    description: monthly
      ? `${order.description}: ${formatInr(order.amount / 100)} today, then ${formatInr(monthly / 100)} every month`
      : order.description,
    prefill: { name: buyer.fullName, email: buyer.email, contact: buyer.phone },
    theme: { color: theme.color.brand },
    handler: (response: CheckoutResponse) => send({ type: 'payment.checkoutSucceeded', response }),
    modal: { ondismiss: () => send({ type: 'payment.checkoutDismissed' }) },
  };
}

export function livePaymentMachine({ auth, signInWithToken, idToken, navigate, sandbox = sandboxCheckout() }: PaymentPageEffects) {
  return paymentMachine.provide({
    actors: {
      createOrder: fromPromise(({ input }) => createOrder(input)),
      openCheckout: fromCallback<EventObject, CheckoutRequest>(({ input, sendBack }) => {
        let instance: CheckoutInstance | null = null;
        let stopped = false;
        openCheckout(checkoutOptions(input, sendBack), input.order.mode, sandbox, ({ error }) =>
          sendBack({ type: 'payment.checkoutFailed', code: error.code, description: error.description }),
        )
          .then((opened) => {
            if (stopped) opened.close?.();
            else instance = opened;
          })
          .catch((error: unknown) =>
            sendBack({
              type: 'payment.checkoutFailed',
              code: 'CHECKOUT_UNAVAILABLE',
              description: error instanceof Error ? error.message : 'The payment window could not be opened.',
            }),
          );
        // Leaving the state (a failure reported, the page closed) closes the widget.
        return () => {
          stopped = true;
          instance?.close?.();
        };
      }),
      verifyPayment: fromPromise(async ({ input }) => verifyPayment(input, { idToken: await idToken() })),
      // The sign-in is an auth event; its outcome is auth state (docs/decisions/070): followed until it settles.
      signInWithToken: fromCallback<EventObject, { token: string }>(({ input, sendBack }) => {
        let started = false;
        const report = (event: SignInEvent) => sendBack(event);
        const check = () => {
          const state = auth.getSnapshot();
          if (state.activity === 'customToken') {
            started = true;
            return;
          }
          if (!started) return;
          started = false;
          if (state.status === 'signedIn' && !state.error) report({ type: 'payment.signedIn' });
          else report({ type: 'payment.signInFailed', message: state.error });
        };
        const unsubscribe = auth.subscribe(check);
        signInWithToken(input.token);
        check();
        return unsubscribe;
      }),
    },
    actions: {
      savePending: (_, { pending }) => savePendingPayment(pending),
      forgetPending: () => forgetPendingPayment(),
      openDashboard: () => navigate('/dashboard'),
    },
  });
}
