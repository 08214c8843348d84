import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { createServices } from '../../server/services';
import { limitClassOf, type LimitClass } from '../../server/http/rateLimits';
import { isErrorShape, openTestDatabase, startApp, testConfig, type TestDatabase } from './support';

/**
 * Every rate-limited route, found by walking the app's routers for the limiters server/http/rateLimits.ts builds:
 * past its limit it answers 429 with Retry-After and the usual error body, and a forged X-Forwarded-For neither
 * resets nor splits the budget, whether no proxy is trusted or a trusted proxy adds the client's hop
 * (docs/decisions/080-trust-proxy.md, docs/decisions/184-rate-limits-on-rate-limiter-flexible.md). A limited route missing
 * from the table below fails the first test, so a new one cannot be forgotten.
 */

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await openTestDatabase();
});

afterAll(async () => {
  await testDb.close();
});

interface Layer {
  handle: unknown;
  route?: { path: string; stack: Array<{ method?: string; handle: unknown }> };
}

/** `POST /contact` for a route's own limiter, `USE <class>` for a router-wide one; paths are the routers' own. */
function limitedRoutes(stack: Layer[], found = new Map<string, LimitClass>()): Map<string, LimitClass> {
  for (const layer of stack) {
    const routerWide = limitClassOf(layer.handle);
    if (routerWide) found.set(`USE ${routerWide}`, routerWide);
    for (const inner of layer.route?.stack ?? []) {
      const limitClass = limitClassOf(inner.handle);
      if (limitClass) found.set(`${(inner.method ?? 'all').toUpperCase()} ${layer.route!.path}`, limitClass);
    }
    const nested = (layer.handle as { stack?: Layer[] } | undefined)?.stack;
    if (Array.isArray(nested)) limitedRoutes(nested, found);
  }
  return found;
}

interface Probe {
  method: 'GET' | 'POST';
  path: string;
}

/** One request per limited route; bodies need not be valid, since the limiter counts before anything is read. */
const probes: Record<string, { limitClass: LimitClass; requests: Probe[] }> = {
  'POST /contact': { limitClass: 'contact', requests: [{ method: 'POST', path: '/api/contact' }] },
  'POST /quiz-submissions': { limitClass: 'leads', requests: [{ method: 'POST', path: '/api/quiz-submissions' }] },
  // The quiz reply's link: each guess at a secret costs the guesser's leads budget.
  'POST /report-emails': { limitClass: 'leads', requests: [{ method: 'POST', path: '/api/report-emails' }] },
  'POST /chat': { limitClass: 'chat', requests: [{ method: 'POST', path: '/api/chat' }] },
  'POST /create-order': { limitClass: 'payments', requests: [{ method: 'POST', path: '/api/create-order' }] },
  'POST /verify-payment': { limitClass: 'verify', requests: [{ method: 'POST', path: '/api/verify-payment' }] },
  'POST /sandbox/checkout/:id/pay': {
    limitClass: 'payments',
    requests: [{ method: 'POST', path: '/api/sandbox/checkout/order_NoSuchOrder0000/pay' }],
  },
  'POST /sandbox/checkout/:id/fail': {
    limitClass: 'payments',
    requests: [{ method: 'POST', path: '/api/sandbox/checkout/sub_NoSuchSub000000/fail' }],
  },
  // The sandbox billing's clock and its test controls (decision 180).
  'POST /advance': { limitClass: 'payments', requests: [{ method: 'POST', path: '/api/sandbox/billing/advance' }] },
  'POST /subscriptions/:id/fail-next-charges': {
    limitClass: 'payments',
    requests: [{ method: 'POST', path: '/api/sandbox/billing/subscriptions/sub_NoSuchSub000000/fail-next-charges' }],
  },
  'POST /subscriptions/:id/retry-charge': {
    limitClass: 'payments',
    requests: [{ method: 'POST', path: '/api/sandbox/billing/subscriptions/sub_NoSuchSub000000/retry-charge' }],
  },
  // Every route mounted after the general limiter: the account, the staff inbox, unknown addresses.
  'USE api': {
    limitClass: 'api',
    requests: [
      { method: 'GET', path: '/api/me' },
      { method: 'GET', path: '/api/billing' },
      { method: 'GET', path: '/api/admin/summary' },
      { method: 'GET', path: '/api/no-such-route' },
    ],
  },
};

const limit = 2;
const windowSeconds = 60;

function send(base: string, probe: Probe, forwardedFor: string) {
  return fetch(`${base}${probe.path}`, {
    method: probe.method,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    ...(probe.method === 'POST' && { body: '{}' }),
  });
}

async function expectRefused(response: Response) {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  const body: unknown = await response.json();
  expect(isErrorShape(body)).toBe(true);
  expect(body).toMatchObject({ error: { code: 'rate_limited', message: expect.stringMatching(/wait/i) } });
}

describe('the rate-limited routes', () => {
  it('are exactly the ones this file probes', () => {
    const config = testConfig();
    const app = createApp({ config, services: createServices({ config, db: testDb.db }) }) as unknown as { router: { stack: Layer[] } };
    const found = limitedRoutes(app.router.stack);
    expect(Object.fromEntries(found)).toEqual(Object.fromEntries(Object.entries(probes).map(([route, p]) => [route, p.limitClass])));
  });
});

describe.each(Object.entries(probes))('%s', (_route, { limitClass, requests }) => {
  const probe = (i: number) => requests[i % requests.length]!;
  const rule = { windowMs: windowSeconds * 1000, limit };

  it('answers 429 with Retry-After past its limit, whatever X-Forwarded-For says, when no proxy is trusted', async () => {
    const app = await startApp({ db: testDb.db, rateLimits: { [limitClass]: rule } });
    try {
      for (let i = 0; i < limit; i += 1) expect((await send(app.url, probe(i), `198.51.100.${i + 1}`)).status).not.toBe(429);
      for (let i = limit; i < limit + 3; i += 1) await expectRefused(await send(app.url, probe(i), `198.51.100.${i + 1}`));
    } finally {
      await app.close();
    }
  });

  it('behind a trusted proxy, counts the hop the proxy added, not the ones the client wrote', async () => {
    const app = await startApp({ db: testDb.db, config: testConfig({ TRUST_PROXY: 'loopback' }), rateLimits: { [limitClass]: rule } });
    // The proxy (this test, on loopback) appends the address it saw; anything to its left came from the client.
    const viaProxy = (forged: string, client = '203.0.113.7') => `${forged}, ${client}`;
    try {
      for (let i = 0; i < limit; i += 1) expect((await send(app.url, probe(i), viaProxy(`198.51.100.${i + 1}`))).status).not.toBe(429);
      for (let i = limit; i < limit + 3; i += 1) await expectRefused(await send(app.url, probe(i), viaProxy(`198.51.100.${i + 1}`)));
      // Another client behind the same proxy has a budget of its own.
      expect((await send(app.url, probe(0), viaProxy('198.51.100.9', '203.0.113.8'))).status).not.toBe(429);
    } finally {
      await app.close();
    }
  });
});

describe('verify-payment', () => {
  it('is not refused because order creation spent its budget: a charged buyer can always be confirmed', async () => {
    const app = await startApp({ db: testDb.db, rateLimits: { payments: { windowMs: windowSeconds * 1000, limit } } });
    try {
      const client = '198.51.100.77';
      for (let i = 0; i < limit; i += 1)
        expect((await send(app.url, { method: 'POST', path: '/api/create-order' }, client)).status).not.toBe(429);
      await expectRefused(await send(app.url, { method: 'POST', path: '/api/create-order' }, client));
      // The same client's verification is read (and refused for its empty body), not rate limited.
      expect((await send(app.url, { method: 'POST', path: '/api/verify-payment' }, client)).status).toBe(400);
    } finally {
      await app.close();
    }
  });
});
