import { expect, test, type Locator, type Page } from '@playwright/test';
import { isOptionStep, isTextStep, quizSteps, type OptionStep } from '../../src/domain/quiz';
import { quizEn } from '../../src/content/quiz.en';
import { checkout, payButton, uniqueEmail } from './funnels';

/**
 * The quiz, the payment (through the sandbox dialog), the contact form and sign-in with the keyboard alone (issue 13):
 * every control is reached with Tab or Shift+Tab and worked with Enter or Space, and every text is typed where focus
 * is. Focus moves to each new quiz step, and to the summary of errors when a form is sent with mistakes
 * (docs/decisions/131-error-summary-focus.md).
 */

/** Presses Tab (or Shift+Tab) until the element has focus, as a keyboard user would; fails if it never does. */
async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}) {
  for (let presses = 0; presses <= max; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${String(target)} was not reached with ${max} presses of ${back ? 'Shift+Tab' : 'Tab'}`);
}

async function typeHere(page: Page, field: Locator, text: string) {
  await expect(field).toBeFocused();
  await page.keyboard.type(text);
}

/** The answers of tests/e2e/funnels.ts's answerQuiz, which lead to Growth Engine, a plan sold online. */
const picks: Record<OptionStep, string> = {
  role: 'Owner',
  industry: 'Retail',
  locationType: 'Several locations',
  monthlyRevenue: '₹5 – 15 lakh',
  hasWebsite: 'Yes',
  websiteQuality: 'Outdated',
  runningAds: 'Yes',
  monthlyAdSpend: '₹10k – ₹25k',
  googleBusinessProfile: 'Yes',
  roughBudget: '₹20,000 – ₹40,000',
};

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => localStorage.clear());
});

test('the quiz, its report and the payment through the sandbox dialog, with the keyboard alone', async ({ page }) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('keys');
  const slide = page.locator('[data-step]');
  const question = page.locator('#quiz-question');
  const answer = page.locator('#quiz-answer');
  await page.goto('/get-started');
  await tabTo(page, page.getByRole('button', { name: 'English' }));
  await page.keyboard.press('Enter');

  for (const step of quizSteps) {
    await expect(slide).toHaveAttribute('data-step', step);
    if (isTextStep(step)) {
      // A text step: focus is in its field.
      await expect(answer).toBeFocused();
      if (step === 'fullName') {
        // Enter with nothing typed: the error is announced and focus stays in the field it is about.
        await page.keyboard.press('Enter');
        await expect(page.getByRole('alert')).toHaveText(quizEn.errors.nameInvalid);
        await expect(answer).toBeFocused();
        await expect(answer).toHaveAttribute('aria-describedby', /quiz-error/);
      }
      await typeHere(page, answer, { fullName: 'Asha Verma', email, businessName: 'Rao Stores' }[step]);
      await page.keyboard.press('Enter');
      continue;
    }
    // Any other step: focus is on its question, so it is read first.
    await expect(question).toBeFocused();
    if (isOptionStep(step)) {
      if (step === 'role') {
        // Back with Shift+Tab from the last control, then forward again with Enter: focus follows both ways.
        await tabTo(page, slide.getByRole('button', { name: quizEn.back }));
        await page.keyboard.press('Enter');
        await expect(slide).toHaveAttribute('data-step', 'email');
        await expect(answer).toBeFocused();
        await page.keyboard.press('Enter');
        await expect(slide).toHaveAttribute('data-step', 'role');
        await expect(question).toBeFocused();
      }
      await tabTo(page, slide.getByRole('button', { name: picks[step], exact: true }));
      await page.keyboard.press(quizSteps.indexOf(step) % 2 ? 'Space' : 'Enter');
    } else if (step === 'goals') {
      await tabTo(page, page.getByRole('checkbox', { name: 'Get more leads and enquiries' }));
      await page.keyboard.press('Space');
      await tabTo(page, page.getByRole('checkbox', { name: 'Build trust in my brand' }));
      await page.keyboard.press('Space');
      await tabTo(page, page.getByRole('button', { name: quizEn.confirm }));
      await page.keyboard.press('Enter');
    } else {
      await tabTo(page, page.getByRole('checkbox'));
      await page.keyboard.press('Space');
      await tabTo(page, page.getByRole('button', { name: quizEn.submit }));
      await page.keyboard.press('Enter');
    }
  }

  await expect(page).toHaveURL(/\/report\?lang=en$/);
  await tabTo(page, page.getByRole('link', { name: 'Activate Your Plan' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByRole('region', { name: 'Order summary' })).toContainText(email);
  await tabTo(page, payButton(page));
  await page.keyboard.press('Enter');
  // The dialog takes focus on its main action.
  await expect(checkout(page).getByRole('button', { name: 'Pay now' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  await expect(page.getByRole('region', { name: 'Your Apps' })).toBeVisible({ timeout: 15_000 });
});

test('a guest pays with the keyboard: the details with their error summary, Escape cancels the dialog, then pay', async ({ page }) => {
  test.setTimeout(150_000);
  await page.goto('/pricing');
  await tabTo(page, page.getByRole('link', { name: 'Buy Now: LaunchPad' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Secure Checkout' })).toBeVisible();

  await tabTo(page, page.getByRole('button', { name: 'Continue to payment' }));
  await page.keyboard.press('Enter');
  const summary = page.getByRole('group', { name: 'Please correct the following:' });
  await expect(summary).toBeFocused();
  // One entry per field in error (phone is optional), each naming the field's own message.
  await expect(summary.getByRole('button')).toHaveCount(2);
  await expect(summary.getByRole('button').first()).toHaveText((await page.locator('#payment-fullName-error').textContent())!);
  // The summary's first entry takes focus to its field.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await typeHere(page, page.getByLabel('Full name'), 'Kiran Patel');
  await page.keyboard.press('Tab');
  await typeHere(page, page.getByLabel('Email'), uniqueEmail('kiran'));
  await page.keyboard.press('Tab');
  await typeHere(page, page.getByLabel('Phone'), '9876543210');
  await page.keyboard.press('Enter');

  // The short Pay step takes focus, scrolled back to the checkout's top rather than left in the footer.
  await expect(payButton(page)).toBeFocused();
  await expect(page.getByRole('heading', { name: 'Secure Checkout' })).toBeInViewport({ ratio: 1 });
  await tabTo(page, payButton(page));
  await page.keyboard.press('Enter');
  await expect(checkout(page).getByRole('button', { name: 'Pay now' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(checkout(page)).toBeHidden();
  await expect(page.getByRole('alert')).toHaveText('Payment was cancelled. Your order was not placed.');
  await tabTo(page, payButton(page), { back: true });
  await page.keyboard.press('Space');
  await expect(checkout(page).getByRole('button', { name: 'Pay now' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
});

test('the contact form with the keyboard alone: the error summary takes focus, then the message is sent', async ({ page }) => {
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Contact form' });
  await tabTo(page, form.getByRole('button', { name: 'Send Message' }));
  await page.keyboard.press('Enter');
  const summary = form.getByRole('group', { name: 'Please correct the following:' });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('button')).toHaveText(['Full name is required.', 'Email address is required.', 'Message is required.']);

  // From the summary, the message's entry leads to its field; Shift+Tab walks back up the form.
  await tabTo(page, summary.getByRole('button', { name: 'Message is required.' }));
  await page.keyboard.press('Enter');
  await typeHere(page, form.getByLabel('Message'), 'We would like more walk-ins at our Jaipur store.');
  await tabTo(page, form.getByLabel('Full name'), { back: true });
  await page.keyboard.type('Asha Rao');
  await page.keyboard.press('Tab');
  await typeHere(page, form.getByLabel('Email address'), uniqueEmail('asha'));
  await tabTo(page, form.getByRole('button', { name: 'Send Message' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toContainText('Thank you, your message is on its way');
  // The form is gone: focus is on the thank-you, and "Send another message" brings the keyboard back to the form.
  await expect(page.getByRole('heading', { name: 'Thank you, your message is on its way' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Send another message' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Full name')).toBeFocused();
});

test('sign-in with the keyboard: a refused password takes focus to the error', async ({ page }) => {
  await page.goto('/signin');
  const panel = page.getByRole('tabpanel');
  await tabTo(page, panel.getByLabel('Email'));
  await page.keyboard.type(uniqueEmail('nobody'));
  await tabTo(page, panel.getByLabel('Password'));
  await page.keyboard.type('wrong-password');
  await page.keyboard.press('Enter');
  const error = page.getByRole('alert');
  await expect(error).toHaveText('The email or password is incorrect. Please try again.');
  await expect(error).toBeFocused();
});
