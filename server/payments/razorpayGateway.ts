import Razorpay from 'razorpay';
import { GatewayError, paymentFromEntity, type GatewayPayment, type PaymentGateway } from './gateway';

/**
 * Razorpay's Orders and Payments API (orders, a payment, its capture) through the official SDK. The SDK's HTTP client is an axios instance
 * (`api.rq`): it gets a timeout here, and `apiBaseUrl` points it at a local fake in tests. Its failures arrive as
 * plain objects `{ statusCode, error: { code, description } }` (an API error) or a TypeError (no response at all);
 * both become one GatewayError.
 */

export interface RazorpayGatewayOptions {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  timeoutMs: number;
  /** Unset: api.razorpay.com. */
  apiBaseUrl?: string;
}

interface AxiosLike {
  defaults: { baseURL?: string; timeout?: number };
}

function toGatewayError(err: unknown, timeoutMs: number): GatewayError {
  if (err && typeof err === 'object' && 'statusCode' in err) {
    const { statusCode, error } = err as { statusCode?: unknown; error?: { code?: unknown; description?: unknown } };
    const code = typeof error?.code === 'string' ? error.code : undefined;
    const description = typeof error?.description === 'string' ? error.description : 'no description';
    return new GatewayError('refused', `Razorpay answered ${String(statusCode)}: ${description}`, Number(statusCode) || undefined, code);
  }
  // The SDK reads `err.response.status` of an axios error that has no response, so a timeout or a refused
  // connection surfaces as a TypeError; the axios error itself is lost. Timing tells the two apart well enough.
  const message = err instanceof Error ? err.message : String(err);
  return new GatewayError('unreachable', `Razorpay could not be reached within ${timeoutMs} ms: ${message}`);
}

function paymentOrRefusal(entity: unknown): GatewayPayment {
  const payment = paymentFromEntity(entity);
  if (!payment) throw new GatewayError('refused', 'Razorpay answered with something that is not a payment of an order');
  return payment;
}

/** The SDK with its HTTP client set up, and `call`, which turns whatever a call throws into a GatewayError. */
export function razorpayClient(options: RazorpayGatewayOptions) {
  const rzp = new Razorpay({ key_id: options.keyId, key_secret: options.keySecret });
  const http = (rzp.api as unknown as { rq: AxiosLike }).rq;
  http.defaults.timeout = options.timeoutMs;
  if (options.apiBaseUrl) http.defaults.baseURL = options.apiBaseUrl.replace(/\/$/, '');

  async function call<T>(request: () => Promise<T>): Promise<T> {
    const started = Date.now();
    try {
      return await request();
    } catch (err) {
      const mapped = toGatewayError(err, options.timeoutMs);
      if (mapped.failure === 'unreachable' && Date.now() - started >= options.timeoutMs * 0.9) {
        return Promise.reject(new GatewayError('timeout', `Razorpay did not answer within ${options.timeoutMs} ms`));
      }
      throw mapped;
    }
  }
  return { rzp, call };
}

export function createRazorpayGateway(options: RazorpayGatewayOptions): PaymentGateway {
  const { rzp, call } = razorpayClient(options);
  return {
    mode: 'live',
    keyId: options.keyId,
    keySecret: options.keySecret,
    webhookSecret: options.webhookSecret,
    async createOrder({ amountPaise, currency, receipt, notes }) {
      const order = await call(() => rzp.orders.create({ amount: amountPaise, currency, receipt, notes }));
      if (typeof order?.id !== 'string' || Number(order.amount) !== amountPaise || order.currency !== currency) {
        throw new GatewayError('refused', 'Razorpay answered with an order that does not match the request');
      }
      return { id: order.id, amountPaise, currency, receipt };
    },
    fetchPayment: async (paymentId) => paymentOrRefusal(await call(() => rzp.payments.fetch(paymentId))),
    capturePayment: async (paymentId, amountPaise, currency) =>
      paymentOrRefusal(await call(() => rzp.payments.capture(paymentId, amountPaise, currency))),
    async fetchOrderPayments(orderId) {
      const answer = await call(() => rzp.orders.fetchPayments(orderId));
      const items: unknown[] = Array.isArray(answer?.items) ? answer.items : [];
      return items.map(paymentFromEntity).filter((payment): payment is GatewayPayment => payment !== null);
    },
  };
}
