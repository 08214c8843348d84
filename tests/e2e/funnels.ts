import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';

/**
 * The funnels as a visitor goes through them, shared by the specs that need a lead, a chat or a purchase made the
 * real way (the staff inbox's test makes one of each). The Auth Emulator and the database are shared by every run on
 * this machine: each test uses its own email addresses.
 */

export const uniqueEmail = (name: string) => `${name}.${randomUUID().slice(0, 8)}@e2e.growthpath.test`;

export async function answerQuiz(page: Page, email: string) {
  await page.goto('/#/get-started');
  await page.getByRole('button', { name: 'English' }).click();
  const next = async (value: string) => {
    await page.getByRole('textbox').fill(value);
    await page.getByRole('button', { name: 'Next' }).click();
  };
  const choose = (label: string) => page.locator('[data-step]').getByRole('button', { name: label, exact: true }).click();
  await next('Asha Verma');
  await next(email);
  await choose('Owner');
  await next('Rao Stores');
  await choose('Retail');
  await choose('Several locations');
  await choose('₹5 – 15 lakh');
  for (const goal of ['Get more leads and enquiries', 'Build trust in my brand']) await page.getByRole('checkbox', { name: goal }).check();
  await page.getByRole('button', { name: 'Confirm Selection' }).click();
  await choose('Yes');
  await choose('Outdated');
  await choose('Yes');
  await choose('₹10k – ₹25k');
  await choose('Yes');
  await choose('₹20,000 – ₹40,000');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/#\/report\?lang=en$/);
}

/** The guest's details step (D5): name, email and phone before the checkout opens. */
export async function giveGuestDetails(page: Page, email: string) {
  await page.getByLabel('Full name').fill('Kiran Patel');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('9876543210');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
}

/** The page's Pay button (its name holds 'Pay', or 'Processing...' while busy), not the dialog's 'Pay now'. */
export const payButton = (page: Page) => page.getByRole('button', { name: /^(?!Pay now$).*(Pay|Processing)/ });
export const checkout = (page: Page) => page.getByRole('dialog', { name: 'Test payment' });

export async function openCheckout(page: Page) {
  await expect(page.getByRole('heading', { name: 'Secure Checkout' })).toBeVisible();
  const pay = payButton(page);
  await expect(pay).toBeEnabled();
  await pay.click();
  await expect(checkout(page)).toBeVisible();
}

export async function openChat(page: Page) {
  const launcher = page.getByRole('contentinfo').getByRole('button', { name: 'Chat with our assistant' });
  await launcher.click();
  const panel = page.getByRole('dialog', { name: 'GrowthPath assistant' });
  await expect(panel).toBeVisible();
  return {
    launcher,
    panel,
    textbox: panel.getByRole('textbox', { name: 'Your message' }),
    send: panel.getByRole('button', { name: 'Send' }),
    items: panel.getByRole('list', { name: 'Conversation' }).getByRole('listitem'),
  };
}
