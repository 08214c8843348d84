import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, like, sql } from 'drizzle-orm';
import { firebaseAdminAuth } from '../../server/auth/firebaseAdmin';
import { createBillingAccount } from '../../server/billing/account';
import { setupBillingPlans } from '../../server/billing/setupPlans';
import { mailMessages, subscriptions } from '../../server/db/schema';
import { silentLogger } from '../../server/logger';
import { recordMailEvent } from '../../server/mail/events';
import { createMailHandlers } from '../../server/mail/setup';
import { createOutboxWorker } from '../../server/outbox/worker';
import { createPayments, type Payments } from '../../server/payments/setup';
import type { SubscriptionAction } from '../../src/domain/admin';
import { quizProspect } from '../fixtures/quizProspect';
import { emulatorUser } from './admin-support';
import { drain, mailWorker } from './mailSupport';
import { buyer, createOneTimeOrder, emulatorHost, memoryAuthAdmin, postJson, projectId, subscribeInSandbox } from './payments-support';
import { TestSmtpServer } from './smtpServer';
import { openTestDatabase, startApp, testConfig, type RunningApp, type TestDatabase } from './support';

const subjectLine = (raw: string) => /^Subject: .*$/m.exec(raw)![0];
/** The tests' config, sending over SMTP to `smtp`. */
const sendingTo = (smtp: TestSmtpServer) => ({
  ...config,
  modes: { ...config.modes, mail: 'smtp' as const },
  mail: { ...config.mail, smtpUrl: smtp.url },
});

/**
 * What a client hears about their money and their plan, through the sandbox gateway as it happens: the receipt and a
 * new account's welcome, each monthly charge, a failed one, a cancellation, and what their account manager changed;
 * and what staff hear of it. Each once, in the client's language.
 */

const config = testConfig({
  FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
  FIREBASE_PROJECT_ID: projectId,
  SANDBOX_WEBHOOK_DELAY_MS: '0',
  STAFF_NOTIFY_EMAILS: 'leads@growthpath.in',
  SITE_URL: 'https://growthpath.in',
});
const DAY = 24 * 60 * 60_000;

let testDb: TestDatabase;
let app: RunningApp;
let payments: Payments;
let staff: { token: string };
const clients = memoryAuthAdmin();
const links: string[] = [];

beforeAll(async () => {
  testDb = await openTestDatabase();
  payments = createPayments({ config, db: testDb.db, logger: silentLogger, auth: clients.admin, webhookRetryAfterMs: 0 });
  await setupBillingPlans({ db: testDb.db, gateway: payments.subscriptions, logger: silentLogger });
  app = await startApp({ db: testDb.db, config, payments });
  staff = await emulatorUser(firebaseAdminAuth(config.firebase), emulatorHost, { staff: true });
});

afterAll(async () => {
  await payments?.service.settled();
  await app?.close();
  await testDb?.close();
});

beforeEach(async () => {
  await testDb.reset();
  links.length = 0;
});

const settled = () => payments.service.settled();
async function advance(ms: number) {
  await payments.sandboxBilling!.advance(ms);
  await settled();
}
const untilDue = async (id: string) => {
  const [row] = await testDb.db.select().from(subscriptions).where(eq(subscriptions.gatewaySubscriptionId, id));
  return row!.paidThrough!.getTime() - (await payments.subscriptions.now()).getTime() + 60_000;
};

/** The worker on the sandbox's clock, so the notices' minute is the events'. */
async function compose() {
  const clock = await payments.subscriptions.now();
  const at = new Date(Math.max(clock.getTime(), Date.now()) + 60_000);
  await drain(
    mailWorker(testDb.db, config, {
      now: () => at,
      passwordLink: async (email) => {
        const link = `https://auth.example.in/reset?email=${encodeURIComponent(email)}`;
        links.push(link);
        return link;
      },
    }),
  );
}

const mailsTo = (to: string) => testDb.db.select().from(mailMessages).where(eq(mailMessages.toAddress, to)).orderBy(mailMessages.id);
const staffMails = (subject: string) =>
  testDb.db
    .select()
    .from(mailMessages)
    .where(and(eq(mailMessages.toAddress, 'leads@growthpath.in'), like(mailMessages.subject, `${subject}%`)));

async function subscribed(plan: 'launchpad' | 'growth-engine' = 'launchpad') {
  const details = buyer({ businessName: 'Asha Clinic' });
  const { id, verified } = await subscribeInSandbox(app.url, plan, details);
  expect(verified.status).toBe(200);
  await settled();
  const [row] = await testDb.db.select().from(subscriptions).where(eq(subscriptions.gatewaySubscriptionId, id));
  return { id, uid: row!.customerUid!, email: details.email as string };
}

describe('paying', () => {
  it('a new subscriber gets a welcome with a password link and a GST-ready receipt; staff hear of the subscription', async () => {
    const client = await subscribed();
    await compose();
    const [welcome, receipt, ...more] = await mailsTo(client.email);
    expect(more).toHaveLength(0);
    expect(welcome).toMatchObject({ kind: 'client.welcome', subject: 'Welcome to GrowthPath: your account is ready' });
    // The link is made when the email is sent (embedded here: never), so none is stored.
    expect(links).toEqual([]);
    expect(welcome!.html).toContain('Set your password');
    expect(welcome!.text).toMatch(/works for one hour/);

    expect(receipt).toMatchObject({ kind: 'client.receipt', subject: 'Payment receipt: LaunchPad' });
    for (const fact of [
      'Receipt number',
      'Asha Clinic',
      'One-time setup fee',
      '₹10,000',
      'First month',
      '₹2,500',
      'Total paid',
      '₹12,500',
    ]) {
      expect(receipt!.text).toContain(fact);
    }
    expect(receipt!.text).toContain('GrowthPath Digital Services, Indiranagar, Bengaluru, Karnataka 560038');
    const [notice] = await staffMails('New subscription: LaunchPad');
    expect(notice!.html).toContain('https://growthpath.in/admin?tab=subscriptions');

    // A repeat of the same events (a webhook redelivered, the reconciler) tells nobody again.
    await payments.service.reconcile();
    await compose();
    expect(await mailsTo(client.email)).toHaveLength(2);
  });

  it("the welcome's password link is made by Firebase as the email is sent, never stored, and retried while Firebase is away", async () => {
    const smtp = await new TestSmtpServer().start();
    const withSmtp = sendingTo(smtp);
    try {
      const client = await subscribed();
      await firebaseAdminAuth(config.firebase).createUser({ email: client.email });
      let at = new Date(Date.now() + 60_000);
      // Firebase is away when the welcome is sent: it waits, with nothing stale or stored in its place.
      const away = createMailHandlers({
        config: withSmtp,
        db: testDb.db,
        now: () => at,
        passwordLink: () => Promise.reject(Object.assign(new Error('Firebase is down'), { code: 'app/network-error' })),
      });
      await drain(createOutboxWorker({ db: testDb.db, logger: silentLogger, handlers: away, now: () => at }));
      const stored = (await mailsTo(client.email)).find((mail) => mail.kind === 'client.welcome')!;
      expect(stored).toMatchObject({ status: 'queued', lastError: expect.stringMatching(/Firebase is down/) });
      // No live credential in mail_messages, ever: the stored email holds a slot for the link.
      expect(stored.html).not.toMatch(/oobCode|resetPassword/);
      expect(stored.text).not.toMatch(/oobCode|resetPassword/);
      expect(smtp.received.filter((mail) => mail.to[0] === client.email).map((mail) => subjectLine(mail.raw))).toEqual([
        'Subject: Payment receipt: LaunchPad',
      ]);

      // Back an hour later: the server's own handlers ask the Auth Emulator for the link as they send.
      at = new Date(at.getTime() + 60 * 60_000);
      const handlers = createMailHandlers({
        config: withSmtp,
        db: testDb.db,
        now: () => at,
        reportPdf: () => Promise.reject(new Error('unused')),
      });
      await drain(createOutboxWorker({ db: testDb.db, logger: silentLogger, handlers, now: () => at }));
      const welcome = smtp.received.find((mail) => mail.to[0] === client.email && /Welcome to GrowthPath/.test(mail.raw))!;
      expect(welcome.raw.replace(/=\r\n/g, '').replace(/=3D/g, '=')).toMatch(
        /http:\/\/127\.0\.0\.1:9099\/emulator\/action\?mode=resetPassword&(amp;)?[^"\s]*oobCode=/,
      );
      const sent = (await mailsTo(client.email)).find((mail) => mail.kind === 'client.welcome')!;
      expect(sent.status).toBe('sent');
      expect(sent.html).not.toMatch(/oobCode/);
    } finally {
      await smtp.stop();
    }
  });

  it('a welcome Firebase refuses a link for, for good, still goes, with the sign-in page in its place', async () => {
    const smtp = await new TestSmtpServer().start();
    try {
      const client = await subscribed();
      const at = new Date(Date.now() + 60_000);
      const refused = Object.assign(new Error('Domain not allowlisted by project'), { code: 'auth/unauthorized-continue-uri' });
      const handlers = createMailHandlers({
        config: sendingTo(smtp),
        db: testDb.db,
        now: () => at,
        passwordLink: () => Promise.reject(refused),
      });
      await drain(createOutboxWorker({ db: testDb.db, logger: silentLogger, handlers, now: () => at }));
      expect((await mailsTo(client.email)).find((mail) => mail.kind === 'client.welcome')!.status).toBe('sent');
      const welcome = smtp.received.find((mail) => mail.to[0] === client.email && /Welcome to GrowthPath/.test(mail.raw))!;
      expect(welcome.raw.replace(/=\r\n/g, '').replace(/=3D/g, '=')).toContain('href="https://growthpath.in/signin"');
    } finally {
      await smtp.stop();
    }
  });

  it('a welcome for an account deleted before it was sent is not sent, and says why', async () => {
    const smtp = await new TestSmtpServer().start();
    const withSmtp = sendingTo(smtp);
    try {
      const client = await subscribed();
      const at = new Date(Date.now() + 60_000);
      // No such account in the Auth Emulator: Firebase cannot make a link for it.
      const handlers = createMailHandlers({
        config: withSmtp,
        db: testDb.db,
        now: () => at,
        reportPdf: () => Promise.reject(new Error('unused')),
      });
      await drain(createOutboxWorker({ db: testDb.db, logger: silentLogger, handlers, now: () => at }));
      const welcome = (await mailsTo(client.email)).find((mail) => mail.kind === 'client.welcome')!;
      expect(welcome).toMatchObject({ status: 'refused', lastError: 'The account no longer exists, so no password link could be made.' });
      expect(smtp.received.some((mail) => /Welcome to GrowthPath/.test(mail.raw))).toBe(false);
    } finally {
      await smtp.stop();
    }
  });

  it('a one-time buyer gets a receipt for the plan fee; staff hear of the paid order', async () => {
    const details = buyer({ businessName: 'Rao Stores' });
    const created = await createOneTimeOrder(payments, { plan: 'launchpad', currency: 'INR', userDetails: details });
    const order = (await created.json()) as { id: string; checkoutSecret: string };
    const paid = await (await postJson(app.url, `/api/sandbox/checkout/${order.id}/pay`, { email: details.email })).json();
    expect(
      (
        await postJson(app.url, '/api/verify-payment', {
          ...paid,
          plan: 'launchpad',
          userDetails: details,
          checkoutSecret: order.checkoutSecret,
        })
      ).status,
    ).toBe(200);
    await settled();
    await compose();
    const receipt = (await mailsTo(details.email as string)).find((mail) => mail.kind === 'client.receipt')!;
    expect(receipt.text).toContain('Plan fee');
    expect(receipt.text).toContain('Rao Stores');
    expect(await staffMails('Paid order: LaunchPad')).toHaveLength(1);
  });

  it('sends no receipt for an order refunded before its account was ready, and tells staff so', async () => {
    const details = buyer();
    const created = await createOneTimeOrder(payments, { plan: 'launchpad', currency: 'INR', userDetails: details });
    const order = (await created.json()) as { id: string; checkoutSecret: string };
    const paid = await (await postJson(app.url, `/api/sandbox/checkout/${order.id}/pay`, { email: details.email })).json();
    await postJson(app.url, '/api/verify-payment', {
      ...paid,
      plan: 'launchpad',
      userDetails: details,
      checkoutSecret: order.checkoutSecret,
    });
    await settled();
    // As the fulfilment finds it when the gateway's refund came first (fulfilment.ts grants no plan then).
    await testDb.db.execute(sql`update payments set amount_refunded_paise = amount_paise where gateway_order_id = ${order.id}`);
    await testDb.db.transaction((tx) => recordMailEvent(tx, { type: 'order.fulfilled', orderId: order.id }));
    await compose();
    expect((await mailsTo(details.email as string)).map((mail) => mail.kind)).toEqual(['client.welcome']);
    expect(await staffMails('Refunded before fulfilment: LaunchPad')).toHaveLength(1);
    expect(await staffMails('Paid order: LaunchPad')).toHaveLength(0);
  });

  it('each monthly charge brings its own receipt, once', async () => {
    const client = await subscribed();
    await advance(await untilDue(client.id));
    await compose();
    const paid = (await mailsTo(client.email)).filter((mail) => mail.kind === 'client.invoicePaid');
    expect(paid).toHaveLength(1);
    expect(paid[0]!.text).toContain('Your monthly payment of ₹2,500 for LaunchPad went through');
    expect(paid[0]!.text).toMatch(/Your next payment is due on/);
  });
});

describe('a charge that fails', () => {
  it('tells the client what to do and staff what happened, once while retried and once when it stops', async () => {
    const client = await subscribed();
    await payments.sandboxBilling!.failNextCharges(client.id, 4);
    await advance(await untilDue(client.id));
    await advance(DAY);
    await compose();
    const failed = () => mailsTo(client.email).then((mails) => mails.filter((mail) => mail.kind === 'client.chargeFailed'));
    expect(await failed()).toHaveLength(1);
    expect((await failed())[0]!.text).toMatch(/we will try again over the next few days/);
    expect((await failed())[0]!.text).toMatch(/e-mandate/);
    expect(await staffMails('Failed charge: LaunchPad')).toHaveLength(1);

    await advance(DAY);
    await advance(DAY);
    await compose();
    const [, halted] = await failed();
    expect(halted!.text).toMatch(/the charges have stopped/);
    expect(await staffMails('Charges stopped: LaunchPad')).toHaveLength(1);
  });
});

describe('cancelling and changes by the account manager', () => {
  const actOn = (id: string, action: SubscriptionAction) =>
    fetch(`${app.url}/api/admin/subscriptions/${id}/actions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${staff.token}` },
      body: JSON.stringify(action),
    });

  it("confirms a client's cancellation with the date the service ends, in Hindi for a client who took the quiz in Hindi", async () => {
    const client = await subscribed();
    // Taken signed in: the quiz is the account's own.
    await testDb.db.execute(
      sql`insert into quiz_submissions (language, full_name, email, answers, recommended_plan, report, uid) values ('hi', 'Asha Verma', ${client.email}, '{}'::jsonb, 'launchpad', '{}'::jsonb, ${client.uid})`,
    );
    await payments.billing.cancel(client.uid, client.id);
    await compose();
    const cancelled = (await mailsTo(client.email)).find((mail) => mail.kind === 'client.cancelled')!;
    expect(cancelled.subject).toBe('आपका रद्दीकरण पक्का हो गया है');
    expect(cancelled.html).toContain('lang="hi"');
    const [row] = await testDb.db.select().from(subscriptions).where(eq(subscriptions.gatewaySubscriptionId, client.id));
    const endsOn = new Intl.DateTimeFormat('hi-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(
      row!.cancelAt!,
    );
    expect(cancelled.text).toContain(endsOn);
    expect(await staffMails('Cancellation: LaunchPad')).toHaveLength(1);
  });

  // Hardening round 3, finding 9: anyone can take the quiz naming any address; only the account's own choice counts.
  it("keeps a client's emails in their language when a stranger takes the quiz in Hindi with the client's address", async () => {
    const client = await subscribed();
    const stranger = await fetch(`${app.url}/api/quiz-submissions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ language: 'hi', answers: quizProspect({ email: client.email }) }),
    });
    expect(stranger.status).toBe(201);
    await payments.billing.cancel(client.uid, client.id);
    await compose();
    const mails = await mailsTo(client.email);
    const cancelled = mails.find((mail) => mail.kind === 'client.cancelled')!;
    expect(cancelled.subject).toBe('Your cancellation is confirmed');
    expect(cancelled.html).toContain('lang="en"');
    expect(mails.find((mail) => mail.kind === 'client.receipt')!.html).toContain('lang="en"');
  });

  it('writes in Hindi to a guest who took the quiz in Hindi before buying with the same address', async () => {
    const details = buyer({ businessName: 'Asha Clinic' });
    const quiz = await fetch(`${app.url}/api/quiz-submissions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ language: 'hi', answers: quizProspect({ email: details.email as string }) }),
    });
    expect(quiz.status).toBe(201);
    const { verified } = await subscribeInSandbox(app.url, 'launchpad', details);
    expect(verified.status).toBe(200);
    await settled();
    await compose();
    const receipt = (await mailsTo(details.email as string)).find((mail) => mail.kind === 'client.receipt')!;
    expect(receipt.html).toContain('lang="hi"');
  });

  it('says a charge is still taken when cancelled inside the notice, and tells the client again when staff end it sooner', async () => {
    const client = await subscribed();
    await advance((await untilDue(client.id)) - 5 * DAY - 60_000);
    await payments.billing.cancel(client.uid, client.id);
    await compose();
    const late = (await mailsTo(client.email)).filter((mail) => mail.kind === 'client.cancelled');
    expect(late).toHaveLength(1);
    expect(late[0]!.text).toMatch(/the payment of ₹2,500 due on .* is still taken; after that you will not be charged again/);

    expect((await actOn(client.id, { kind: 'cancel_now' })).status).toBe(200);
    await settled();
    await compose();
    const both = (await mailsTo(client.email)).filter((mail) => mail.kind === 'client.cancelled');
    expect(both.map((mail) => mail.subject)).toEqual(['Your cancellation is confirmed', 'Your plan has been cancelled']);
    const today = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(
      await payments.subscriptions.now(),
    );
    expect(both[1]!.text).toContain(`your service ends on ${today}`);
  });

  it("tells staff of a client's request, and the client of the pause and the plan change their manager made", async () => {
    const client = await subscribed();
    const account = createBillingAccount({
      db: testDb.db,
      logger: silentLogger,
      billing: payments.billing,
      gateway: payments.subscriptions,
      keyId: 'rzp_test',
    });
    const user = { uid: client.uid, email: client.email, name: null, claims: {} };
    await account.request(user, { subscriptionId: client.id, kind: 'change_plan', plan: 'growth-engine' });
    await account.request(user, { subscriptionId: client.id, kind: 'change_plan', plan: 'growth-engine' });
    await compose();
    expect(await staffMails('Request: plan change to Growth Engine')).toHaveLength(1);

    expect((await actOn(client.id, { kind: 'change_plan', plan: 'growth-engine' })).status).toBe(200);
    await settled();
    expect((await actOn(client.id, { kind: 'pause' })).status).toBe(200);
    await settled();
    await compose();
    const changes = (await mailsTo(client.email)).filter((mail) => mail.kind === 'client.subscriptionChanged');
    expect(changes.map((mail) => mail.subject)).toEqual(['Your plan is changing', 'Your plan will be paused']);
    expect(changes[0]!.text).toMatch(/your plan changes to Growth Engine from/);
    expect(changes[1]!.text).toMatch(/your plan will be paused from/);
  });
});
