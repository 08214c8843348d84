import { createActorContext } from '@xstate/react';
import { fromPromise } from 'xstate';
import { billingMachine, BillingProblem, cancelledNotice } from '../../../machines/billing.machine';
import { formatBillingDate } from '../../domain/billing';
import { cancelBilling, fetchBilling, sandboxRetryCharge, sendBillingRequest } from '../../lib/billingApi';
import { loadRazorpay } from '../../lib/checkout';
import { downloadReceipt } from '../../lib/receiptPdf';
import { theme } from '../../ui/theme';

/** The Billing section's actor: the bare machine by default; the dashboard provides the live one below. */
export const BillingActor = createActorContext(billingMachine);

export interface BillingEffects {
  /** The signed-in client's ID token. */
  idToken(): Promise<string>;
}

/**
 * A card change after a failed charge: Razorpay's checkout with `subscription_card_change` charges the unpaid invoice
 * on the new card (docs/billing/razorpay-subscriptions.md §3.3). The sandbox tries the charge again instead.
 */
async function changeCard({ subscriptionId, checkout, email }: { subscriptionId: string; checkout: { keyId: string; mode: 'sandbox' | 'live' }; email: string }) {
  if (checkout.mode === 'sandbox') return sandboxRetryCharge(subscriptionId);
  const Razorpay = await loadRazorpay();
  await new Promise<void>((resolve, reject) => {
    const instance = new Razorpay({
      key: checkout.keyId,
      subscription_id: subscriptionId,
      subscription_card_change: 1,
      currency: 'INR',
      name: 'GrowthPath',
      description: 'Update your payment method',
      prefill: { name: '', email, contact: '' },
      theme: { color: theme.color.brand },
      handler: () => resolve(),
      modal: { ondismiss: () => reject(new BillingProblem('Your payment method was not changed.')) },
    });
    instance.on('payment.failed', ({ error }) => reject(new BillingProblem(`Payment failed: ${error.description} (Code: ${error.code})`)));
    instance.open();
  });
}

export function liveBillingMachine({ idToken }: BillingEffects) {
  const call = async () => ({ token: await idToken() });
  return billingMachine.provide({
    actors: {
      loadBilling: fromPromise(async () => fetchBilling(await call())),
      cancelSubscription: fromPromise(async ({ input }) => cancelledNotice(await cancelBilling(input.subscriptionId, await call()), formatBillingDate)),
      sendRequest: fromPromise(async ({ input }) => sendBillingRequest(input, await call())),
      updateCard: fromPromise(async ({ input }) => changeCard(input)),
      downloadReceipt: fromPromise(async ({ input: { invoiceId, overview } }) => {
        const invoice = overview.invoices.find((candidate) => candidate.id === invoiceId);
        if (!invoice) throw new BillingProblem('There is no such invoice.');
        await downloadReceipt({ invoice, businessName: overview.businessName, email: overview.email });
      }),
    },
  });
}
