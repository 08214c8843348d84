import type { CheckoutResponse } from '../../machines/payment.machine';

/**
 * The checkout widget, Razorpay's or the sandbox's, behind Razorpay's own interface (docs/decisions/091, 092):
 * `new Checkout(options)`, `.open()`, `.on('payment.failed', cb)`, `options.handler` on success and
 * `options.modal.ondismiss` when the buyer closes it. The live script loads only when a live checkout opens.
 */

export interface CheckoutOptions {
  key: string;
  /** Paise. Razorpay takes a subscription's amount from the subscription, so it is only sent with an order. */
  amount?: number;
  currency: string;
  /** One of the two: an order's id, or a monthly plan's subscription id (docs/decisions/180). */
  order_id?: string;
  subscription_id?: string;
  /** With subscription_id: the client changes the card a failed charge was on, and Razorpay charges it. */
  subscription_card_change?: 1;
  /** Sandbox only: the secret create-order gave this page, its proof to the sandbox's buttons (decision 190). */
  checkout_secret?: string;
  name: string;
  description: string;
  prefill: { name: string; email: string; contact: string };
  theme: { color: string };
  handler: (response: CheckoutResponse) => void;
  modal: { ondismiss: () => void };
}

export interface CheckoutFailure {
  error: { code: string; description: string; metadata?: Record<string, unknown> };
}

export interface CheckoutInstance {
  open(): void;
  on(event: 'payment.failed', callback: (failure: CheckoutFailure) => void): void;
  close?(): void;
}

export type CheckoutConstructor = new (options: CheckoutOptions) => CheckoutInstance;

export const RAZORPAY_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';

let loading: Promise<CheckoutConstructor> | null = null;

/** Adds Razorpay's script once; a failed load may be tried again on the next Pay. */
export function loadRazorpay(doc: Document = document): Promise<CheckoutConstructor> {
  const existing = (window as { Razorpay?: CheckoutConstructor }).Razorpay;
  if (existing) return Promise.resolve(existing);
  loading ??= new Promise<CheckoutConstructor>((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = RAZORPAY_SCRIPT;
    script.async = true;
    script.onload = () => {
      const loaded = (window as { Razorpay?: CheckoutConstructor }).Razorpay;
      if (loaded) resolve(loaded);
      else reject(new Error('The payment window did not load.'));
    };
    script.onerror = () => reject(new Error('The payment window could not be loaded. Check your connection.'));
    doc.head.appendChild(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/**
 * Opens the checkout: the sandbox dialog (handed in by the payment feature, which renders it) in sandbox mode,
 * Razorpay's widget in live mode. Resolves with the open instance, so the caller can close it.
 */
export async function openCheckout(
  options: CheckoutOptions,
  mode: 'sandbox' | 'live',
  sandbox: CheckoutConstructor,
  onFailed: (failure: CheckoutFailure) => void,
): Promise<CheckoutInstance> {
  const Checkout = mode === 'sandbox' ? sandbox : await loadRazorpay();
  const instance = new Checkout(options);
  instance.on('payment.failed', onFailed);
  instance.open();
  return instance;
}
