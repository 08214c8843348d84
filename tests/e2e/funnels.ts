import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { expect, type Page } from '@playwright/test';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { goalIds, isOptionStep, isTextStep, quizSteps, stepOptions, type QuizStep } from '../../src/domain/quiz';
import { quizEn } from '../../src/content/quiz.en';
import { quizHi } from '../../src/content/quiz.hi';

const run = promisify(execFile);

/**
 * The funnels as a visitor goes through them, shared by the specs that need a lead, a chat or a purchase made the
 * real way (the staff inbox's test makes one of each). The Auth Emulator and the database are shared by every run on
 * this machine: each test uses its own email addresses.
 */

export const uniqueEmail = (name: string) => `${name}.${randomUUID().slice(0, 8)}@e2e.growthpath.test`;

export async function answerQuiz(page: Page, email: string) {
  await page.goto('/get-started');
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
  await expect(page).toHaveURL(/\/report\?lang=en$/);
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

/**
 * Answers the whole quiz in the language given through the buttons and fields it shows, taking every branch (a
 * website and ads, so all 15 steps appear), and calls `atStep` on each screen before answering it.
 */
export async function walkQuiz(page: Page, lang: 'en' | 'hi', email: string, atStep: (step: QuizStep) => Promise<void> = async () => {}) {
  const copy = lang === 'en' ? quizEn : quizHi;
  const current = page.locator('[data-step]');
  await page.goto('/get-started');
  await page.getByRole('button', { name: lang === 'en' ? 'English' : 'हिन्दी' }).click();
  for (const step of quizSteps) {
    await expect(current).toHaveAttribute('data-step', step);
    await atStep(step);
    if (isTextStep(step)) {
      await page.getByRole('textbox').fill({ fullName: 'Asha Verma', email, businessName: 'Rao Stores' }[step]);
      await page.getByRole('button', { name: copy.next }).click();
    } else if (isOptionStep(step)) {
      const values = stepOptions[step] as readonly (string | number)[];
      const value = values.includes('Yes') ? 'Yes' : values[0]!;
      const label = (copy.options[step] as Record<string | number, string>)[value]!;
      await current.getByRole('button', { name: label, exact: true }).click();
    } else if (step === 'goals') {
      await page.getByRole('checkbox', { name: copy.goals[goalIds[0]] }).check();
      await page.getByRole('button', { name: copy.confirm }).click();
    } else {
      await page.getByRole('checkbox').check();
      await page.getByRole('button', { name: copy.submit }).click();
    }
  }
  await expect(page).toHaveURL(new RegExp(`/report\\?lang=${lang}$`));
}

// Set for this process too: firebase-admin finds the emulator through it.
const emulatorHost = (process.env.FIREBASE_AUTH_EMULATOR_HOST ??= '127.0.0.1:9099');
const projectId = process.env.FIREBASE_PROJECT_ID ?? 'demo-growth';
export const accountPassword = 'account-secret-1';

/**
 * An account made the way a person signs up (without a plan), then, if asked, made staff by the command
 * docs/development.md documents (`npm run grant-admin`).
 */
const accounts = () =>
  getAuth(getApps().find((candidate) => candidate.name === 'e2e-accounts') ?? initializeApp({ projectId }, 'e2e-accounts'));

export async function account(name: string, { staff }: { staff: boolean }) {
  const email = uniqueEmail(name);
  await accounts().createUser({ email, password: accountPassword, displayName: name });
  if (staff) {
    await run('node', ['--import', 'tsx', 'scripts/grant-admin.ts', email], {
      env: { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: emulatorHost, FIREBASE_PROJECT_ID: projectId },
    });
  }
  return email;
}

/** The Firebase uid of an account made above. */
export async function uidOf(email: string): Promise<string> {
  return (await accounts().getUserByEmail(email)).uid;
}

/** Signs in on the sign-in page, asking to come back to `path`, and waits to arrive there. */
export async function signInAt(page: Page, path: string, email: string, password = accountPassword) {
  await page.goto(`/signin?redirect=${path}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('tabpanel').getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}
