import { randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the part of Razorpay's REST API the server uses: POST /v1/orders, GET /v1/orders/:id/payments,
 * GET /v1/payments/:id and POST /v1/payments/:id/capture, with Basic auth checked and errors in Razorpay's shape. A
 * payment added as `authorized` is one a manual-capture account has not captured yet. Tests point the SDK's HTTP client
 * at it (RAZORPAY_API_URL) and can make it fail, hang or slow down, and add payments as if a buyer had paid.
 */

export interface FakeOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  currency: string;
  receipt: string;
  status: 'created' | 'attempted' | 'paid';
  notes: Record<string, string>;
  created_at: number;
}

export interface FakePayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'captured' | 'failed' | 'authorized';
  order_id: string;
  method: string;
  email: string | null;
  contact: string | null;
  error_code: string | null;
  error_description: string | null;
  created_at: number;
}

export type FakeBehaviour =
  | { kind: 'ok' }
  /** Answers this status with a Razorpay error body. */
  | { kind: 'error'; status: number; code: string; description: string }
  /** Waits this long before answering normally. */
  | { kind: 'slow'; delayMs: number }
  /** Accepts the connection and never answers. */
  | { kind: 'hang' }
  /** Drops every connection at once, as an unreachable host does. */
  | { kind: 'down' };

const base62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const razorpayId = (prefix: string) => `${prefix}_${Array.from({ length: 14 }, () => base62[randomInt(62)]).join('')}`;

export interface FakeRazorpay {
  url: string;
  orders: Map<string, FakeOrder>;
  payments: Map<string, FakePayment>;
  /** Requests received, by "METHOD path". */
  requests: string[];
  behave(behaviour: FakeBehaviour): void;
  /** A payment on an order, as if the buyer had paid (or failed to) in Razorpay Checkout. */
  addPayment(orderId: string, fields?: Partial<FakePayment>): FakePayment;
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const razorpayError = (code: string, description: string) => ({ error: { code, description, source: 'NA', step: 'NA', reason: 'NA' } });

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

export async function startFakeRazorpay({ keyId, keySecret }: { keyId: string; keySecret: string }): Promise<FakeRazorpay> {
  const orders = new Map<string, FakeOrder>();
  const payments = new Map<string, FakePayment>();
  const requests: string[] = [];
  let behaviour: FakeBehaviour = { kind: 'ok' };
  const expectedAuth = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;

  async function route(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    requests.push(`${req.method} ${path}`);
    if (behaviour.kind === 'hang') return;
    if (behaviour.kind === 'slow') await new Promise((resolve) => setTimeout(resolve, (behaviour as { delayMs: number }).delayMs));
    if (behaviour.kind === 'error') return send(res, behaviour.status, razorpayError(behaviour.code, behaviour.description));
    if (behaviour.kind === 'down') {
      req.socket.destroy();
      return;
    }
    if (req.headers.authorization !== expectedAuth) {
      return send(res, 401, razorpayError('BAD_REQUEST_ERROR', 'Authentication failed'));
    }

    if (req.method === 'POST' && path === '/v1/orders') {
      const body = await readJson(req);
      if (!Number.isInteger(body.amount) || (body.amount as number) < 100) {
        return send(res, 400, razorpayError('BAD_REQUEST_ERROR', 'The amount must be atleast INR 1.00'));
      }
      if (body.currency !== 'INR') return send(res, 400, razorpayError('BAD_REQUEST_ERROR', 'Currency is not supported'));
      if (typeof body.receipt !== 'string' || body.receipt.length > 40) {
        return send(res, 400, razorpayError('BAD_REQUEST_ERROR', 'receipt: The receipt may not be greater than 40 characters.'));
      }
      const order: FakeOrder = {
        id: razorpayId('order'),
        entity: 'order',
        amount: body.amount as number,
        amount_paid: 0,
        currency: 'INR',
        receipt: body.receipt,
        status: 'created',
        notes: (body.notes as Record<string, string>) ?? {},
        created_at: Math.floor(Date.now() / 1000),
      };
      orders.set(order.id, order);
      return send(res, 200, order);
    }
    const orderPayments = /^\/v1\/orders\/([^/]+)\/payments$/.exec(path);
    if (req.method === 'GET' && orderPayments) {
      const id = decodeURIComponent(orderPayments[1]!);
      if (!orders.has(id)) return send(res, 400, razorpayError('BAD_REQUEST_ERROR', 'The id provided does not exist'));
      const items = [...payments.values()].filter((payment) => payment.order_id === id);
      return send(res, 200, { entity: 'collection', count: items.length, items });
    }
    const capture = /^\/v1\/payments\/([^/]+)\/capture$/.exec(path);
    if (req.method === 'POST' && capture) {
      const payment = payments.get(decodeURIComponent(capture[1]!));
      if (!payment) return send(res, 400, razorpayError('BAD_REQUEST_ERROR', 'The id provided does not exist'));
      const body = await readJson(req);
      if (payment.status === 'captured') return send(res, 400, razorpayError('BAD_REQUEST_ERROR', 'This payment has already been captured'));
      if (payment.status !== 'authorized') {
        return send(res, 400, razorpayError('BAD_REQUEST_ERROR', 'Only payments which have been authorized and not yet captured can be captured'));
      }
      if (Number(body.amount) !== payment.amount || body.currency !== payment.currency) {
        return send(res, 400, razorpayError('BAD_REQUEST_ERROR', 'Capture amount must be equal to the amount authorized'));
      }
      payment.status = 'captured';
      const order = orders.get(payment.order_id);
      if (order) {
        order.status = 'paid';
        order.amount_paid = payment.amount;
      }
      return send(res, 200, payment);
    }
    const onePayment = /^\/v1\/payments\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && onePayment) {
      const payment = payments.get(decodeURIComponent(onePayment[1]!));
      return payment ? send(res, 200, payment) : send(res, 400, razorpayError('BAD_REQUEST_ERROR', 'The id provided does not exist'));
    }
    send(res, 404, razorpayError('BAD_REQUEST_ERROR', 'The requested URL was not found on the server.'));
  }

  const server = createServer((req, res) => {
    route(req, res).catch((err: unknown) => send(res, 500, razorpayError('SERVER_ERROR', String(err))));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    orders,
    payments,
    requests,
    behave(next) {
      behaviour = next;
    },
    addPayment(orderId, fields = {}) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`fake Razorpay has no order ${orderId}`);
      const payment: FakePayment = {
        id: razorpayId('pay'),
        entity: 'payment',
        amount: order.amount,
        currency: order.currency,
        status: 'captured',
        order_id: orderId,
        method: 'card',
        email: null,
        contact: null,
        error_code: null,
        error_description: null,
        created_at: Math.floor(Date.now() / 1000),
        ...fields,
      };
      payments.set(payment.id, payment);
      if (payment.status === 'captured') {
        order.status = 'paid';
        order.amount_paid = payment.amount;
      } else if (order.status === 'created') order.status = 'attempted';
      return payment;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
