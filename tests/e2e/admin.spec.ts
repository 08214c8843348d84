import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { expectAccessible } from './axe';
import { queryDatabase } from './db';
import { answerQuiz, checkout, giveGuestDetails, openChat, openCheckout, uniqueEmail } from './funnels';

/**
 * The staff inbox end to end (issue 12): a staff member made with the real `npm run grant-admin` command reads a
 * contact message, a quiz submission, a chat lead, a paid order and the subscription it started (issue 35) that this
 * test first created through the real funnels, moves a lead on, and exports a list. A visitor who is not signed in is sent to sign in; a client who is
 * not staff is told so. Outgoing mail shows the auto-reply a contact message brought, drawn as its recipient gets it.
 * Checkouts left shows a guest who pressed Pay and left, for staff to call (issue 47).
 */

const run = promisify(execFile);
// Set for this process too: firebase-admin finds the emulator through it.
const emulatorHost = (process.env.FIREBASE_AUTH_EMULATOR_HOST ??= '127.0.0.1:9099');
const projectId = process.env.FIREBASE_PROJECT_ID ?? 'demo-growth';
const password = 'staff-secret-1';

let adminApp: App;

test.beforeAll(() => {
  adminApp = initializeApp({ projectId }, `e2e-admin-${randomUUID()}`);
});

test.afterAll(async () => {
  await deleteApp(adminApp);
});

/** An account made the way a person signs up, then, if asked, made staff by `npm run grant-admin` (docs/development.md). */
async function account(name: string, { staff }: { staff: boolean }) {
  const email = uniqueEmail(name);
  await getAuth(adminApp).createUser({ email, password, displayName: name });
  if (staff) {
    const { stdout } = await run('node', ['--import', 'tsx', 'scripts/grant-admin.ts', email], {
      env: { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: emulatorHost, FIREBASE_PROJECT_ID: projectId },
    });
    expect(stdout).toContain(email);
  }
  return email;
}

/**
 * With SCREENSHOTS_DIR set, the inbox as it is now at desktop and phone sizes, for a person to look at (the closing
 * note of issue 12); without it, nothing.
 */
async function shoot(page: Page, name: string) {
  const dir = process.env.SCREENSHOTS_DIR;
  if (!dir) return;
  const dialog = page.getByRole('dialog');
  for (const [size, viewport] of [
    ['desktop', { width: 1440, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(viewport);
    if (!(await dialog.isVisible())) {
      await page.screenshot({ path: `${dir}/inbox-${size}-${name}.png`, fullPage: true });
      continue;
    }
    // A row's details scroll inside their drawer: its top, then its end.
    await dialog.evaluate((element) => element.scrollTo(0, 0));
    await page.screenshot({ path: `${dir}/inbox-${size}-${name}.png` });
    await dialog.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await page.screenshot({ path: `${dir}/inbox-${size}-${name}-end.png` });
    await dialog.evaluate((element) => element.scrollTo(0, 0));
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

async function signInAt(page: Page, path: string, email: string) {
  await page.goto(`/signin?redirect=${path}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('tabpanel').getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

test('a signed-out visitor is sent to sign in, and a client who is not staff is told the inbox is not for them', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/signin\?redirect=(%2F|\/)admin$/);
  const client = await account('client', { staff: false });
  await signInAt(page, '/admin', client);
  await expect(page.getByRole('heading', { name: 'This page is for GrowthPath staff.' })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await shoot(page, 'not-allowed');
});

/** A conversation with the footer assistant that leaves a lead: name, email and need, as the chat test has them. */
async function leaveChatLead(page: Page, name: string, email: string, need: string) {
  await page.goto('/');
  const chat = await openChat(page);
  for (const message of ['Hi', name, email, need]) {
    const before = await chat.items.count();
    await chat.textbox.fill(message);
    await chat.send.click();
    await expect(chat.items.nth(before)).toHaveText(`You: ${message}`);
    await expect(chat.items.nth(before + 1)).toContainText('Assistant:', { timeout: 15_000 });
    await expect(chat.send).toBeEnabled({ timeout: 15_000 });
  }
  await expect(chat.items.last()).toContainText('I have passed your details to our team');
}

async function sendContactMessage(page: Page, name: string, email: string, message: string) {
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByLabel('Full name').fill(name);
  await form.getByLabel('Email address').fill(email);
  await form.getByLabel('Message').fill(message);
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('status')).toContainText('Thank you, your message is on its way');
}

/** Opens a tab of the inbox and narrows it to one person's email. */
async function showTab(page: Page, tab: string, search: string) {
  await page
    .getByRole('navigation', { name: 'Inbox sections' })
    .getByRole('button', { name: new RegExp(`^${tab}`) })
    .click();
  await expect(page.getByRole('button', { name: new RegExp(`^${tab}`) })).toHaveAttribute('aria-current', 'true');
  await page.getByRole('search').getByRole('searchbox').fill(search);
  await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
  const rows = page.getByRole('table').getByRole('row');
  // The header row and the one row that matches.
  await expect(rows).toHaveCount(2);
  return rows.nth(1);
}

test('staff read the leads, the quiz report, the chat and the paid order that real funnels made, work a lead and export', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  const contactEmail = uniqueEmail('priya');
  const buyerEmail = uniqueEmail('asha');
  const chatEmail = uniqueEmail('ravi');
  const contactMessage = `We would like more walk-ins at our Pune bakery. (${stamp})`;

  // ---- the visitor's side: a contact message, a quiz that ends in a purchase, a chat that leaves a lead ----
  await sendContactMessage(page, 'Priya Nair', contactEmail, contactMessage);
  await answerQuiz(page, buyerEmail);
  await page.getByRole('link', { name: 'Activate Your Plan' }).click();
  await openCheckout(page);
  await checkout(page).getByRole('button', { name: 'Pay now' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  await leaveChatLead(page, 'Ravi Menon', chatEmail, 'A new website for our clinic');

  // ---- the agency's side ----
  const staffEmail = await account('staff', { staff: true });
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInAt(staff, '/admin', staffEmail);
  await expect(staff.getByRole('heading', { name: 'Staff inbox', level: 1 })).toBeVisible();

  // Contact messages: the message as sent, then worked: status and note, each stored and audited.
  const contactRow = await showTab(staff, 'Contact messages', contactEmail);
  await expect(contactRow).toContainText('Priya Nair');
  await contactRow.getByRole('button', { name: 'Priya Nair' }).click();
  const dialog = staff.getByRole('dialog', { name: 'Priya Nair' });
  await expect(dialog).toContainText(contactMessage);
  await shoot(staff, 'contact-detail');
  await dialog.getByLabel('Status').selectOption('contacted');
  await expect(dialog.getByText(/^Last changed/)).toBeVisible();
  await dialog.getByLabel('Staff note').fill('Called on Monday; wants a quote for Local SEO.');
  await dialog.getByRole('button', { name: 'Save note' }).click();
  await expect(dialog.getByLabel('Staff note')).toHaveValue('Called on Monday; wants a quote for Local SEO.');
  await expect(dialog.getByLabel('Staff note')).not.toHaveAttribute('readonly');
  await staff.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(contactRow).toContainText('Contacted');
  await shoot(staff, 'contact');
  const [stored] = await queryDatabase<{ id: string; status: string; staff_note: string }>(
    'select id, status, staff_note from contact_messages where email = $1',
    [contactEmail],
  );
  expect(stored).toMatchObject({ status: 'contacted', staff_note: 'Called on Monday; wants a quote for Local SEO.' });
  const audit = await queryDatabase<{ staff_email: string; action: string; details: Record<string, unknown> }>(
    'select staff_email, action, details from staff_audit where target = $1 order by at',
    [`contact/${stored!.id}`],
  );
  expect(audit).toHaveLength(2);
  expect(audit.map((row) => [row.staff_email, row.action])).toEqual([
    [staffEmail, 'lead.update'],
    [staffEmail, 'lead.update'],
  ]);

  // Quiz submissions: the prospect's answers and the plan their report recommended.
  const quizRow = await showTab(staff, 'Quiz submissions', buyerEmail);
  await expect(quizRow).toContainText('Rao Stores');
  await expect(quizRow).toContainText('Growth Engine');
  await shoot(staff, 'quiz');
  await quizRow.getByRole('button', { name: 'Asha Verma' }).click();
  await expect(staff.getByRole('dialog', { name: 'Asha Verma' })).toContainText('Outdated');
  await shoot(staff, 'quiz-detail');
  await staff.keyboard.press('Escape');

  // Chat leads: who, what they need, and the conversation that produced the lead.
  const chatRow = await showTab(staff, 'Chat leads', chatEmail);
  await expect(chatRow).toContainText('A new website for our clinic');
  await chatRow.getByRole('button', { name: 'Ravi Menon' }).click();
  const chatDialog = staff.getByRole('dialog', { name: 'Ravi Menon' });
  await expect(chatDialog).toContainText("Hello! I'm the GrowthPath assistant");
  await expect(chatDialog).toContainText('A new website for our clinic');
  await shoot(staff, 'chat-detail');
  await staff.keyboard.press('Escape');

  // Orders: the paid order, fulfilled by the page's verification; Customers: the account it made.
  const orderRow = await showTab(staff, 'Orders', buyerEmail);
  await expect(orderRow).toContainText('Growth Engine');
  await expect(orderRow).toContainText('Paid');
  await expect(orderRow).toContainText(/verification/i);
  await shoot(staff, 'orders');
  const customerRow = await showTab(staff, 'Customers', buyerEmail);
  await expect(customerRow).toContainText('Growth Engine');
  await shoot(staff, 'customers');

  // On a phone the list is a column of cards, not a table.
  await staff.setViewportSize({ width: 390, height: 844 });
  await expect(staff.getByRole('list', { name: 'Customers, newest first' }).getByRole('listitem')).toHaveCount(1);
  await expect(staff.getByRole('table')).toHaveCount(0);
  await staff.setViewportSize({ width: 1440, height: 900 });

  // Export what the Orders tab shows: a CSV with the header and exactly that order.
  await showTab(staff, 'Orders', buyerEmail);
  const download = staff.waitForEvent('download');
  await staff.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^growthpath-orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile((await file.path())!, 'utf8')).trim().split(/\r\n/);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(buyerEmail);
  expect(lines[1]).toContain('paid');

  // Subscriptions: the monthly plan that purchase started, under the figures; an action is said in full before it is
  // taken, and Keep as is changes nothing.
  const subscriptionRow = await showTab(staff, 'Subscriptions', buyerEmail);
  await expect(subscriptionRow).toContainText('Growth Engine');
  await expect(subscriptionRow).toContainText('₹4,500');
  await expect(subscriptionRow).toContainText('Active');
  await expect(staff.getByLabel('Subscriptions at a glance')).toContainText('Monthly recurring revenue');
  await shoot(staff, 'subscriptions');
  await subscriptionRow.getByRole('button').first().click();
  const subscriptionDialog = staff.getByRole('dialog');
  await expect(subscriptionDialog).toContainText(buyerEmail);
  // The first invoice: the setup fee and the first month.
  await expect(subscriptionDialog).toContainText('₹21,500');
  await subscriptionDialog.getByRole('button', { name: 'Pause from next cycle' }).click();
  const question = subscriptionDialog.getByRole('region', { name: /^Pause from / });
  await expect(question).toBeFocused();
  await expect(question).toContainText('No charge is taken on');
  await expectAccessible(staff, 'inbox: a subscription action to confirm');
  await shoot(staff, 'subscription-confirm');
  await subscriptionDialog.getByRole('button', { name: 'Keep as is' }).click();
  await expect(subscriptionDialog.getByRole('button', { name: 'Pause from next cycle' })).toBeVisible();
  await staff.keyboard.press('Escape');
  await expect(subscriptionDialog).toBeHidden();
  await staffContext.close();
});

test("two members of staff writing the same note: the second is shown the first one's note and saves over neither", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('meera');
  await sendContactMessage(page, 'Meera Iyer', email, 'Can you help our salon get found on Google Maps?');
  const open = async (staffEmail: string) => {
    const context = await browser.newContext();
    const staff = await context.newPage();
    await signInAt(staff, '/admin', staffEmail);
    const row = await showTab(staff, 'Contact messages', email);
    await row.getByRole('button', { name: 'Meera Iyer' }).click();
    return { context, staff, dialog: staff.getByRole('dialog', { name: 'Meera Iyer' }) };
  };
  // Both open the message while its note is empty.
  const first = await open(await account('staff-one', { staff: true }));
  const second = await open(await account('staff-two', { staff: true }));
  await first.dialog.getByLabel('Staff note').fill('Called; she wants a callback on Friday.');
  await first.dialog.getByRole('button', { name: 'Save note' }).click();
  await expect(first.dialog.getByText(/^Last changed/)).toBeVisible();

  await second.dialog.getByLabel('Staff note').fill('Sent our Local SEO proposal.');
  await second.dialog.getByRole('button', { name: 'Save note' }).click();
  await expect(second.dialog.getByRole('alert')).toContainText('Another member of staff saved a different note');
  await expect(second.dialog.getByRole('region', { name: 'Saved meanwhile by another member of staff' })).toContainText(
    'Called; she wants a callback on Friday.',
  );
  await expect(second.dialog.getByLabel('Staff note')).toHaveValue('Sent our Local SEO proposal.');
  await expectAccessible(second.staff, 'inbox: a note saved meanwhile by someone else');
  await shoot(second.staff, 'note-conflict');
  const stored = async () =>
    (await queryDatabase<{ staff_note: string }>('select staff_note from contact_messages where email = $1', [email]))[0]!.staff_note;
  expect(await stored()).toBe('Called; she wants a callback on Friday.');

  // Combined, it saves, and the notice goes.
  await second.dialog.getByLabel('Staff note').fill('Called; callback on Friday. Sent our Local SEO proposal.');
  await second.dialog.getByRole('button', { name: 'Save note' }).click();
  await expect(second.dialog.getByRole('region', { name: 'Saved meanwhile by another member of staff' })).toHaveCount(0);
  await expect(second.dialog.getByRole('alert')).toHaveCount(0);
  expect(await stored()).toBe('Called; callback on Friday. Sent our Local SEO proposal.');
  await first.context.close();
  await second.context.close();
});

test('a contact message brings an auto-reply that staff read in Outgoing mail, rendered as the recipient sees it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('kavya');
  await sendContactMessage(page, 'Kavya Reddy', email, 'Do you build websites for restaurants in Hyderabad?');

  const context = await browser.newContext();
  const staff = await context.newPage();
  // The email is drawn in a frame under the site's CSP: nothing may be refused on the way.
  const refusals: string[] = [];
  staff.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) refusals.push(message.text());
  });
  await signInAt(staff, '/admin', await account('staff-mail', { staff: true }));

  // The outbox worker composes the email just after the message is stored: searched again until it is there. No
  // SMTP_URL on this server, so it is kept, and says why it was not sent.
  await expect(() => showTab(staff, 'Outgoing mail', email)).toPass({ timeout: 40_000 });
  const row = staff.getByRole('table').getByRole('row').nth(1);
  await expect(row).toContainText('Kept (not sent: no mail server)');
  await expect(row).toContainText('prospect.contactReceived');
  await shoot(staff, 'mail');
  await row.getByRole('button').click();
  const dialog = staff.getByRole('dialog');
  await expect(dialog.getByRole('heading', { level: 2 })).toHaveText(await row.getByRole('button').innerText());
  await expect(dialog).toContainText(email);
  await expect(dialog).toContainText('nothing was sent');

  // The HTML part in a sandboxed frame: no scripts, no same origin; what the sender would read.
  const frame = dialog.locator('iframe');
  await expect(frame).toHaveAttribute('sandbox', '');
  await expect(frame).toHaveAttribute('title', `The email to ${email}`);
  const rendered = frame.contentFrame();
  await expect(rendered.getByText('Hello Kavya,')).toBeVisible();
  await expect(rendered.getByText('Thank you for writing to GrowthPath.', { exact: false })).toBeVisible();
  expect(await frame.evaluate((element: HTMLIFrameElement) => element.contentDocument === null)).toBe(true);

  // The plain-text part, on demand.
  await dialog.getByText('Show the plain text').click();
  await expect(dialog.locator('pre')).toContainText('Hello Kavya,');
  await expectAccessible(staff, 'inbox: an outgoing email');
  await shoot(staff, 'mail-detail');
  expect(refusals).toEqual([]);
  await staff.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await context.close();
});

test('a buyer who leaves the checkout is in Checkouts left for staff to call, is not emailed, and the checkout is closed', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('kiran');
  await page.goto('/pricing');
  await page.getByRole('link', { name: 'Buy Now: LaunchPad' }).click();
  await giveGuestDetails(page, email);
  await openCheckout(page);
  await checkout(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('alert')).toContainText('Payment was cancelled');

  // An hour on: the same checkout as staff see it once its time has run out.
  await queryDatabase(`update subscriptions set created_at = now() - interval '2 hours' where customer_email = $1`, [email]);

  const context = await browser.newContext();
  const staff = await context.newPage();
  await signInAt(staff, '/admin', await account('staff-checkouts', { staff: true }));
  const row = await showTab(staff, 'Checkouts left', email);
  await expect(row).toContainText('Kiran Patel');
  await expect(row).toContainText('9876543210');
  await expect(row).toContainText('LaunchPad');
  await expect(row).toContainText('₹12,500');
  await expect(staff.getByText('They have not agreed to emails: call them.')).toBeVisible();

  // The reconciler (every 5 s here) closes the unpaid subscription at the gateway; staff still see whom to call.
  await expect(async () => {
    const again = await showTab(staff, 'Checkouts left', email);
    await expect(again).toContainText('Not paid, closed', { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  const [stored] = await queryDatabase<{ status: string }>('select status from subscriptions where customer_email = $1', [email]);
  expect(stored!.status).toBe('cancelled');
  await shoot(staff, 'checkouts');

  await staff.getByRole('table').getByRole('row').nth(1).getByRole('button', { name: 'Kiran Patel' }).click();
  const dialog = staff.getByRole('dialog', { name: 'Kiran Patel' });
  await expect(dialog.getByRole('link', { name: 'Call 9876543210' })).toHaveAttribute('href', 'tel:9876543210');
  await expect(dialog).toContainText('LaunchPad: ₹12,500 today, then ₹2,500 a month');
  await expect(dialog.getByRole('link', { name: email })).toHaveCount(0);
  await expectAccessible(staff, 'inbox: a checkout left');
  await shoot(staff, 'checkouts-detail');
  await staff.keyboard.press('Escape');

  // Nothing was written to the buyer, now or by the closing.
  const mail = await queryDatabase<{ n: number }>('select count(*)::int as n from mail_messages where lower(to_address) = lower($1)', [
    email,
  ]);
  expect(mail[0]!.n).toBe(0);
  await context.close();
});
