import { createActorContext } from '@xstate/react';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { paymentMachine, type CheckoutEvent, type CheckoutRequest, type CheckoutResponse } from '../../../machines/payment.machine';
import type { AuthFailure } from '../../../machines/auth.machine';
import { failureText } from '../../lib/auth/authWords';
import { openCheckout, type CheckoutConstructor, type CheckoutInstance, type CheckoutOptions } from '../../lib/checkoutWidget';
import { createOrder, verifyPayment } from '../../lib/paymentApi';
import type { AuthStore } from '../../lib/auth/store';
import { theme } from '../../ui/theme';
import { formatInr } from '../../domain/money';
import { forgetPendingPayment, savePendingPayment } from './pendingPayment';
import { sandboxCheckout } from './SandboxCheckout';

/** The payment's actor: the bare machine by default; the page provides the live one below. */
export const PaymentActor = createActorContext(paymentMachine);

/** What the page's provider edge hands in: the account (the auth store's one way to it) and navigation. */
export interface PaymentPageEffects {
  /** The token sign-in after payment, and the buyer's ID token when signed in (the server signs an account back in only for it, decision 090). */
  auth: Pick<AuthStore, 'signInWithToken' | 'idTokenIfSignedIn'>;
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
    ...(order.mode === 'sandbox' && { checkout_secret: order.checkoutSecret }),
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

export function livePaymentMachine({ auth, navigate, sandbox = sandboxCheckout() }: PaymentPageEffects) {
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
      verifyPayment: fromPromise(async ({ input }) => verifyPayment(input, { idToken: await auth.idTokenIfSignedIn() })),
      // The sign-in is the auth machine's; the store settles when it has (src/lib/auth/store.ts).
      signInWithToken: fromCallback<EventObject, { token: string }>(({ input, sendBack }) => {
        let stopped = false;
        auth.signInWithToken(input.token).then(
          () => stopped || sendBack({ type: 'payment.signedIn' }),
          (failure: AuthFailure) => stopped || sendBack({ type: 'payment.signInFailed', message: failureText(failure) }),
        );
        return () => {
          stopped = true;
        };
      }),
    },
    actions: {
      savePending: (_, { pending }) => savePendingPayment(pending),
      forgetPending: () => forgetPendingPayment(),
      openDashboard: () => navigate('/dashboard'),
    },
  });
}
