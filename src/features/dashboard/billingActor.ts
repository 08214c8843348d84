import { createActorContext } from '@xstate/react';
import { fromPromise } from 'xstate';
import { billingMachine, BillingProblem, cancelledNotice } from '../../../machines/billing.machine';
import { formatBillingDate } from '../../domain/billing';
import { cancelBilling, confirmMonthly, fetchBilling, sandboxRetryCharge, sendBillingRequest, startMonthly } from './billingApi';
import { sandboxPay } from '../../lib/paymentApi';
import { loadRazorpay } from '../../lib/checkoutWidget';
import { downloadReceipt } from '../../lib/receiptPdf';
import { theme } from '../../ui/theme';

/** The Billing section's actor: the bare machine by default; the dashboard provides the live one below. */
export const BillingActor = createActorContext(billingMachine);

export interface BillingEffects {
  /** The signed-in client's ID token. */
  idToken(): Promise<string>;
}

type Checkout = { keyId: string; mode: 'sandbox' | 'live' };
type SubscriptionAnswer = { razorpay_payment_id: string; razorpay_subscription_id: string; razorpay_signature: string };

/** Razorpay's checkout on a subscription; resolves with its signed answer, rejects with what the client should read. */
async function razorpayOnSubscription(
  { subscriptionId, checkout, email }: { subscriptionId: string; checkout: Checkout; email: string },
  extra: { description: string; subscription_card_change?: 1; dismissed: string },
): Promise<SubscriptionAnswer> {
  const Razorpay = await loadRazorpay();
  return new Promise<SubscriptionAnswer>((resolve, reject) => {
    const instance = new Razorpay({
      key: checkout.keyId,
      subscription_id: subscriptionId,
      ...(extra.subscription_card_change && { subscription_card_change: extra.subscription_card_change }),
      currency: 'INR',
      name: 'GrowthPath',
      description: extra.description,
      prefill: { name: '', email, contact: '' },
      theme: { color: theme.color.brand },
      handler: (response) => resolve({ ...response, razorpay_subscription_id: subscriptionId }),
      modal: { ondismiss: () => reject(new BillingProblem(extra.dismissed)) },
    });
    instance.on('payment.failed', ({ error }) => reject(new BillingProblem(`Payment failed: ${error.description} (Code: ${error.code})`)));
    instance.open();
  });
}

/**
 * A card change after a failed charge: Razorpay's checkout with `subscription_card_change` charges the unpaid invoice
 * on the new card (docs/billing/razorpay-subscriptions.md §3.3). The sandbox tries the charge again instead.
 */
async function changeCard(input: { subscriptionId: string; checkout: Checkout; email: string }, token: () => Promise<{ token: string }>) {
  if (input.checkout.mode === 'sandbox') return sandboxRetryCharge(input.subscriptionId, await token());
  await razorpayOnSubscription(input, {
    description: 'Update your payment method',
    subscription_card_change: 1,
    dismissed: 'Your payment method was not changed.',
  });
}

/**
 * A plan paid once goes monthly (decision 182): the subscription is made, the client authorises their card for it
 * (nothing is charged until the month paid for ends; the sandbox authorises at once), and the server confirms it.
 */
async function goMonthly({ checkout, email }: { checkout: Checkout; email: string }, token: () => Promise<{ token: string }>) {
  const start = await startMonthly(await token());
  const input = { subscriptionId: start.subscriptionId, checkout, email };
  const answer =
    checkout.mode === 'sandbox'
      ? { ...(await sandboxPay(start.subscriptionId, { email, ...(await token()) })), razorpay_subscription_id: start.subscriptionId }
      : await razorpayOnSubscription(input, {
          description: 'Authorise your monthly payment',
          dismissed: 'Your monthly payment was not set up.',
        });
  return confirmMonthly(answer, await token());
}

export function liveBillingMachine({ idToken }: BillingEffects) {
  const call = async () => ({ token: await idToken() });
  return billingMachine.provide({
    actors: {
      loadBilling: fromPromise(async () => fetchBilling(await call())),
      cancelSubscription: fromPromise(async ({ input }) =>
        cancelledNotice(await cancelBilling(input.subscriptionId, await call()), formatBillingDate),
      ),
      sendRequest: fromPromise(async ({ input }) => sendBillingRequest(input, await call())),
      updateCard: fromPromise(async ({ input }) => changeCard(input, call)),
      startMonthly: fromPromise(async ({ input }) => goMonthly(input, call)),
      downloadReceipt: fromPromise(async ({ input: { invoiceId, overview } }) => {
        const invoice = overview.invoices.find((candidate) => candidate.id === invoiceId);
        if (!invoice) throw new BillingProblem('There is no such invoice.');
        await downloadReceipt({ invoice, businessName: overview.businessName, email: overview.email });
      }),
    },
  });
}
