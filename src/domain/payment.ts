import { z } from 'zod/mini';
import { profileLimits } from './account';
import { GUEST_EMAIL_PLACEHOLDER } from './checkout';
import { contactMessages } from './contact';
import { isEmailAddress } from './email';
import { onFirstUse } from './onFirstUse';
import { findPlan, type Plan, type PlanKey } from './plans';
import { quizLimits, quizMessages } from './quiz';
import { safeText } from './text';

/**
 * Online payment rules shared by the browser and the server (docs/decisions/090-payment-fulfilment.md): what a plan
 * costs today, the bodies of POST /api/create-order and POST /api/verify-payment, and how an order's status may move.
 * The server prices every order itself; an `amount` sent by a browser is never read.
 */

export const PAYMENT_CURRENCY = 'INR';
export type PaymentCurrency = typeof PAYMENT_CURRENCY;

export interface PlanPrice {
  plan: PlanKey;
  title: string;
  /** Rupees. */
  setupFee: number;
  /** Rupees. */
  monthlyFee: number;
  /** Rupees due today: the setup fee plus the first month. */
  totalRupees: number;
  /** The same total in paise, the unit the gateway charges in. */
  amountPaise: number;
}

/** The price of a plan sold online; null for Scale Up (sold through sales) and for anything that is not a plan. */
export function priceOf(planKey: string | null | undefined): PlanPrice | null {
  const plan: Plan | undefined = findPlan(planKey);
  if (!plan || plan.isCustom) return null;
  const totalRupees = plan.setupFee + plan.monthlyFee;
  return {
    plan: plan.key,
    title: plan.title,
    setupFee: plan.setupFee,
    monthlyFee: plan.monthlyFee,
    totalRupees,
    amountPaise: totalRupees * 100,
  };
}

/** What the checkout widget shows: 'Payment for {plan title} Plan'. */
export function paymentDescription(price: Pick<PlanPrice, 'title'>): string {
  return `Payment for ${price.title} Plan`;
}

export const paymentMessages = {
  planRequired: 'Choose a plan from our pricing page.',
  planUnknown: 'This plan does not exist. Choose a plan from our pricing page.',
  planCustom: 'Scale Up is tailored to each business: please contact our sales team instead of paying online.',
  currencyOnly: `Payments are taken in ${PAYMENT_CURRENCY} only.`,
  emailPlaceholder: 'Please enter your own email address, so we can create your account.',
  // The browser shows `msg` as it is, else 'Payment verification failed.' (the same sentence).
  verificationFailed: 'Payment verification failed.',
  orderUnknown: 'Payment verification failed. This order was not created by this site.',
  planMismatch: 'Payment verification failed. The payment is for a different plan.',
  amountMismatch: 'Payment verification failed. The amount paid does not match the plan price.',
  alreadyPaid: 'Payment verification failed. This order was already paid with another payment; the second payment will be refunded.',
  detailsInvalid: 'Payment verification failed. Some of your details are not valid.',
  refunded: 'This payment has been refunded in full, so it no longer pays for a plan. If you did not expect this, please contact us.',
  signInToSeePlan: 'Payment received. Your plan is now on the account for this email address: please sign in to see it.',
  signInToNewAccount:
    'Payment received. Your plan is on a new account for this email address: to sign in, choose “Forgot password?” on the sign-in page and set a password.',
  paymentFailed: 'Payment verification failed. The payment provider reports that this payment did not go through.',
  notConfirmed:
    'Your payment could not be confirmed with the payment provider just now. Please do not pay again: we will confirm it shortly.',
} as const;

// Schemas are built on first use, not at import (src/domain/onFirstUse.ts): the helpers here are functions.
const planField = () =>
  z.pipe(
    z.string({ error: paymentMessages.planRequired }).check(
      z.trim(),
      z.superRefine((value, context) => {
        const plan = findPlan(value);
        if (!plan) context.addIssue({ code: 'custom', message: paymentMessages.planUnknown });
        else if (plan.isCustom) context.addIssue({ code: 'custom', message: paymentMessages.planCustom });
      }),
    ),
    z.transform((value: string) => value as PlanKey),
  );

const optionalText = (label: string, max: number) =>
  z.pipe(
    z.nullish(
      z
        .string({ error: `${label} must be text.` })
        .check(z.trim(), z.maxLength(max, `${label} must be ${max} characters or fewer.`), safeText()),
    ),
    z.transform((value: string | null | undefined) => value ?? ''),
  );

/** 10 to 15 digits, an optional leading plus, single spaces or hyphens between groups (the contact form's rule). */
const phonePattern = /^\+?\d+(?:[ -]\d+)*$/;

/**
 * The buyer as /payment hands them over (quiz or profile details, or the guest step). Only what the account needs is
 * read; the other quiz fields may travel along and are dropped. The guest placeholder address is refused: one buyer
 * is one account, found by a real email.
 */
const buyerDetailsObject = onFirstUse(() =>
  z.object({
    fullName: z.string({ error: quizMessages.nameInvalid }).check(
      z.trim(),
      safeText(),
      z.refine((value) => value.length > 2 && value.length <= quizLimits.fullName, quizMessages.nameInvalid),
    ),
    email: z
      .pipe(
        z
          .string({ error: contactMessages.emailRequired })
          .check(
            z.trim(),
            safeText(),
            z.minLength(1, { error: contactMessages.emailRequired, abort: true }),
            z.refine(isEmailAddress, { error: contactMessages.emailInvalid, abort: true }),
          ),
        z.transform((value: string) => value.toLowerCase()),
      )
      .check(z.refine((value) => value !== GUEST_EMAIL_PLACEHOLDER, paymentMessages.emailPlaceholder)),
    phone: z
      .pipe(
        z.nullish(z.string({ error: 'Phone number must be text.' }).check(safeText())),
        z.transform((value: string | null | undefined) => (value ?? '').trim()),
      )
      .check(
        z.refine((value) => {
          if (value === '') return true;
          const digits = value.replace(/\D/g, '').length;
          return value.length <= quizLimits.phone && phonePattern.test(value) && digits >= 10 && digits <= 15;
        }, contactMessages.phoneInvalid),
      ),
    businessName: optionalText('Business name', profileLimits.businessName),
    role: optionalText('Role', profileLimits.role),
    industry: optionalText('Industry', profileLimits.industry),
  }),
);
export const buyerDetailsSchema = z.lazy(buyerDetailsObject);
export type BuyerDetails = z.output<typeof buyerDetailsSchema>;

/** A buyer's email alone, with the same rules (trimmed, lower case, no placeholder): for an address from the gateway. */
export const buyerEmailSchema = z.lazy(() => buyerDetailsObject().shape.email);

/** The three fields the guest step of /payment asks for, with the buyer's rules. */
export const guestDetailsSchema = z.lazy(() => z.pick(buyerDetailsObject(), { fullName: true, email: true, phone: true }));

/** POST /api/create-order. `userDetails` is optional: with it, a payment whose browser never returns still finds its buyer. */
export const createOrderSchema = z.lazy(() =>
  z.object({
    plan: planField(),
    currency: z.literal(PAYMENT_CURRENCY, { error: paymentMessages.currencyOnly }),
    userDetails: z.optional(buyerDetailsSchema),
  }),
);
export type CreateOrderInput = z.output<typeof createOrderSchema>;

/** POST /api/create-order's answer: what the checkout widget opens with. */
export interface CreateOrderAnswer {
  /** The gateway's order id. */
  id: string;
  /** Paise. */
  amount: number;
  currency: PaymentCurrency;
  /** The public key id the checkout widget needs. */
  keyId: string;
  mode: 'sandbox' | 'live';
  description: string;
  /**
   * This browser's own proof that it created the order: sent back with the verification, it lets the server sign
   * the buyer in to the account the order made (a payment's ids and signature alone do not).
   */
  checkoutSecret: string;
  /** 'subscription' for a monthly plan (docs/decisions/180); absent on orders made before it. */
  kind?: 'order' | 'subscription';
  monthlyAmount?: number;
  firstRenewalOn?: string;
}

/**
 * POST /api/create-order's answer for a monthly plan (docs/decisions/180-monthly-billing.md): the checkout opens with
 * the subscription's id; `amount` is today's charge (setup fee and first month), then `monthlyAmount` every month.
 */
export interface SubscribeAnswer extends CreateOrderAnswer {
  kind: 'subscription';
  /** Paise, charged every month from `firstRenewalOn`. */
  monthlyAmount: number;
  /** ISO date-time of the first monthly charge, if the buyer pays now. */
  firstRenewalOn: string;
}

/** A Razorpay id with its prefix (`pay_…`, `sub_…`), as the checkout hands it over. */
export const gatewayId = (prefix: string, label: string) =>
  z.string({ error: `${label} is missing.` }).check(z.regex(new RegExp(`^${prefix}_[A-Za-z0-9]{6,40}$`), `${label} is not valid.`));

/**
 * POST /api/verify-payment: the three values of the checkout's success callback, the buyer and the plan, and the
 * order's checkout secret when this browser created it.
 */
export const verifyPaymentSchema = z.lazy(() =>
  z.object({
    razorpay_payment_id: gatewayId('pay', 'Payment id'),
    razorpay_order_id: gatewayId('order', 'Order id'),
    ...verificationFields(),
  }),
);
export type VerifyPaymentInput = z.output<typeof verifyPaymentSchema>;

/**
 * POST /api/verify-payment for a monthly plan's first charge: the subscription's id in place of the order's
 * (docs/decisions/180-monthly-billing.md); the rest as for an order.
 */
export const verifySubscriptionSchema = z.lazy(() =>
  z.object({
    razorpay_payment_id: gatewayId('pay', 'Payment id'),
    razorpay_subscription_id: gatewayId('sub', 'Subscription id'),
    ...verificationFields(),
  }),
);
export type VerifySubscriptionInput = z.output<typeof verifySubscriptionSchema>;

/** The checkout's HMAC-SHA256 signature, hex. */
export const checkoutSignature = () =>
  z.pipe(
    z.string({ error: 'Signature is missing.' }).check(z.regex(/^[0-9a-f]{64}$/i, 'Signature is not valid.')),
    z.transform((value: string) => value.toLowerCase()),
  );

const verificationFields = () => ({
  razorpay_signature: checkoutSignature(),
  userDetails: buyerDetailsSchema,
  plan: planField(),
  checkoutSecret: z.optional(
    z.string({ error: 'Checkout secret must be text.' }).check(z.regex(/^[A-Za-z0-9_-]{16,128}$/, 'Checkout secret is not valid.')),
  ),
});

export type VerifyPaymentAnswer =
  | { success: true; token: string }
  /** Paid and granted, but the account belongs to someone who must sign in themselves (see decision 090). */
  | { success: true; token: null; msg: string }
  | { success: false; msg: string; fieldErrors?: Record<string, string> };

/** First message per invalid field ('userDetails.email'), for an API answer. */
export function paymentFieldErrors(error: z.core.$ZodError): Record<string, string> {
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || 'body';
    fieldErrors[key] ??= issue.message;
  }
  return fieldErrors;
}

// ---- order status ------------------------------------------------------------------------------------------------

export const orderStatuses = ['created', 'failed', 'paid'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** Status only moves forward: created -> paid, created -> failed -> paid (a retry can still pay); never back from paid. */
export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  if (from === to) return false;
  if (from === 'paid') return false;
  if (from === 'failed') return to === 'paid';
  return to === 'paid' || to === 'failed';
}

/** The status after a gateway outcome, whatever order the events arrive in. */
export function orderStatusAfter(current: OrderStatus, outcome: 'paid' | 'failed'): OrderStatus {
  return canMoveOrder(current, outcome) ? outcome : current;
}
