import { disputeStatuses, type DisputeStatus } from '../../src/domain/dispute';
import { buyerEmailSchema } from '../../src/domain/payment';
import { AppError } from '../http/errors';

/**
 * The one interface both gateways offer: Razorpay's API (razorpayGateway.ts) and the local sandbox of
 * docs/decisions/091-sandbox-gateway.md (sandboxGateway.ts). The service never knows which one it holds.
 */

export interface GatewayOrder {
  id: string;
  amountPaise: number;
  currency: string;
  receipt: string;
}

/** A payment as the gateway reports it (Razorpay's payment entity, the fields we read). */
export interface GatewayPayment {
  id: string;
  orderId: string;
  /** created, authorized, captured, refunded or failed. */
  status: string;
  amountPaise: number;
  currency: string;
  method: string | null;
  email: string | null;
  errorCode: string | null;
  errorDescription: string | null;
  /** A subscription's charge names the invoice it paid (docs/billing/razorpay-subscriptions.md §5.4). */
  invoiceId?: string | null;
}

export interface PaymentGateway {
  readonly mode: 'sandbox' | 'live';
  /** The public key id the checkout widget opens with. */
  readonly keyId: string;
  /** Signs `order_id|payment_id`: what verify-payment checks. */
  readonly keySecret: string;
  /** Signs each webhook's raw body. */
  readonly webhookSecret: string;
  createOrder(input: { amountPaise: number; currency: string; receipt: string; notes: Record<string, string> }): Promise<GatewayOrder>;
  fetchOrderPayments(orderId: string): Promise<GatewayPayment[]>;
  /** One payment as the gateway holds it now: its status says whether the money was taken (captured). */
  fetchPayment(paymentId: string): Promise<GatewayPayment>;
  /** Takes the money of an `authorized` payment; answers the payment as it is after. */
  capturePayment(paymentId: string, amountPaise: number, currency: string): Promise<GatewayPayment>;
}

/** Why the gateway did not answer usefully. `refused`: it answered with an error; the others: it did not answer. */
export type GatewayFailure = 'timeout' | 'unreachable' | 'refused';

/** The single error every gateway call rejects with, whatever the SDK or network threw. */
export class GatewayError extends Error {
  constructor(
    readonly failure: GatewayFailure,
    message: string,
    /** The gateway's HTTP status and error code, when it answered. */
    readonly statusCode?: number,
    readonly gatewayCode?: string,
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}

/** A gateway call that failed, as the buyer's answer: try again in a minute, whichever way it failed. */
export function gatewayAppError(err: unknown): AppError {
  const failure = err instanceof GatewayError ? err.failure : 'refused';
  if (failure === 'timeout') {
    return new AppError(504, 'gateway_timeout', 'The payment provider did not answer in time. Please try again in a minute.');
  }
  if (failure === 'unreachable') {
    return new AppError(503, 'gateway_unavailable', 'The payment provider cannot be reached right now. Please try again in a minute.');
  }
  return new AppError(502, 'gateway_error', 'The payment provider could not create the order. Please try again in a minute.');
}

/**
 * The address Razorpay puts on a payment whose buyer gave none (Checkout with the email field optional or hidden).
 * Taken as the buyer's, it would sign every such buyer in to one shared account.
 */
export const RAZORPAY_NO_EMAIL = 'void@razorpay.com';

/** The payment's email as a buyer's address, or null when it is missing, malformed or Razorpay's placeholder. */
function usableEmail(value: unknown): string | null {
  const parsed = buyerEmailSchema.safeParse(value);
  return parsed.success && parsed.data !== RAZORPAY_NO_EMAIL ? parsed.data : null;
}

/** Razorpay's payment entity (webhook payloads and GET /orders/:id/payments) to our shape; null when it is not one. */
export function paymentFromEntity(entity: unknown): GatewayPayment | null {
  if (!entity || typeof entity !== 'object') return null;
  const e = entity as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  const id = text(e.id);
  const orderId = text(e.order_id);
  const status = text(e.status);
  if (!id || !orderId || !status || typeof e.amount !== 'number' || !Number.isInteger(e.amount)) return null;
  return {
    id,
    orderId,
    status,
    amountPaise: e.amount,
    currency: text(e.currency) ?? '',
    method: text(e.method),
    email: usableEmail(e.email),
    errorCode: text(e.error_code),
    errorDescription: text(e.error_description),
    invoiceId: text(e.invoice_id),
  };
}

/**
 * The refund a `refund.processed` event reports (Razorpay's refund entity): its own id and amount, for `payment`, or
 * null when it is not one. The payment entity's `amount_refunded` is not used: it also counts refunds still pending.
 */
export function refundFromEntity(entity: unknown, payment: GatewayPayment): { id: string; amountPaise: number } | null {
  if (!entity || typeof entity !== 'object') return null;
  const { id, amount, payment_id: paymentId } = entity as Record<string, unknown>;
  if (typeof id !== 'string' || id === '' || paymentId !== payment.id) return null;
  if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0 || amount > payment.amountPaise) return null;
  return { id, amountPaise: amount };
}

export interface GatewayDispute {
  id: string;
  amountPaise: number;
  currency: string;
  status: DisputeStatus;
  phase: string | null;
  reasonCode: string | null;
  reason: string | null;
  /** By when the business must answer it; null when the gateway gave no date. */
  respondBy: Date | null;
}

/**
 * The dispute a `payment.dispute.*` event reports (Razorpay's dispute entity), for `payment`, or null when it is not
 * one: another payment's, an amount that is not a whole number of paise up to the payment's, an unknown status.
 */
export function disputeFromEntity(entity: unknown, payment: GatewayPayment): GatewayDispute | null {
  if (!entity || typeof entity !== 'object') return null;
  const e = entity as Record<string, unknown>;
  const text = (value: unknown, max = 200) => (typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : null);
  const id = text(e.id);
  const status = disputeStatuses.find((known) => known === e.status);
  if (!id || e.payment_id !== payment.id || !status) return null;
  if (typeof e.amount !== 'number' || !Number.isInteger(e.amount) || e.amount <= 0 || e.amount > payment.amountPaise) return null;
  const respondBy =
    typeof e.respond_by === 'number' && Number.isInteger(e.respond_by) && e.respond_by > 0 ? new Date(e.respond_by * 1000) : null;
  return {
    id,
    amountPaise: e.amount,
    currency: text(e.currency, 3) ?? payment.currency,
    status,
    phase: text(e.phase, 40),
    reasonCode: text(e.reason_code, 80),
    reason: text(e.reason_description),
    respondBy: respondBy && Number.isFinite(respondBy.getTime()) ? respondBy : null,
  };
}
