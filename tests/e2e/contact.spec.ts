import { expect, test } from '@playwright/test';
import { queryDatabase } from './db';

test('the contact form shows each validation message, then sends and stores the message', async ({ page }) => {
  const stamp = Date.now();
  const email = `asha.${stamp}@raostores.in`;
  // The form validates with zod, which must not reach for `new Function`: the CSP has no 'unsafe-eval' (decision 183).
  await page.addInitScript(() => {
    const w = window as unknown as { violations: string[] };
    w.violations = [];
    document.addEventListener('securitypolicyviolation', (event) => w.violations.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Contact form' });
  const send = form.getByRole('button', { name: 'Send Message' });

  // Everything empty: the required-field messages.
  await send.click();
  await expect(form.getByLabel('Full name')).toHaveAccessibleDescription('Full name is required.');
  await expect(form.getByLabel('Email address')).toHaveAccessibleDescription('Email address is required.');
  await expect(form.getByLabel('Message')).toHaveAccessibleDescription('Message is required.');
  // Focus goes to the summary of what is wrong, which lists each message (docs/decisions/131-error-summary-focus.md).
  const summary = form.getByRole('group', { name: 'Please correct the following:' });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('button')).toHaveText(['Full name is required.', 'Email address is required.', 'Message is required.']);

  // Wrong formats: the format messages.
  await form.getByLabel('Full name').fill('Asha Rao');
  await expect(form.getByText('Full name is required.')).toBeHidden();
  await form.getByLabel('Email address').fill('asha@');
  await form.getByLabel(/Phone/).fill('12345');
  await form.getByLabel('Message').fill('Too short');
  await send.click();
  await expect(form.getByLabel('Email address')).toHaveAccessibleDescription('Please enter a valid email address.');
  await expect(form.getByLabel(/Phone/)).toHaveAccessibleDescription('Please enter a valid phone number format.');
  await expect(form.getByLabel('Message')).toHaveAccessibleDescription('Message must be at least 10 characters long.');
  await expect(form.getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true');

  // Editing a field clears only that field's error.
  await form.getByLabel('Email address').fill(email);
  await expect(form.getByText('Please enter a valid email address.')).toBeHidden();
  await expect(form.getByLabel(/Phone/)).toHaveAccessibleDescription('Please enter a valid phone number format.');

  await form.getByLabel(/Phone/).fill('+91 98765 43210');
  await form.getByLabel('Message').fill(`We would like more walk-ins at our Jaipur store. (${stamp})`);
  await send.click();

  await expect(page.getByRole('status')).toContainText('Thank you, your message is on its way');
  await expect(form).toBeHidden();
  expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);

  const rows = await queryDatabase<{ name: string; email: string; phone: string; message: string }>(
    'select name, email, phone, message from contact_messages where email = $1',
    [email],
  );
  expect(rows).toEqual([
    {
      name: 'Asha Rao',
      email,
      phone: '+91 98765 43210',
      message: `We would like more walk-ins at our Jaipur store. (${stamp})`,
    },
  ]);
});

test('the contact form shows the failure line when the server fails, and keeps what was typed', async ({ page }) => {
  await page.route('**/api/contact', (route) =>
    route.fulfill({ status: 503, contentType: 'text/plain', body: 'Service temporarily unavailable for maintenance' }),
  );
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByLabel('Full name').fill('Ravi Kumar');
  await form.getByLabel('Email address').fill('ravi@example.in');
  await form.getByLabel('Message').fill('Please call me about the Growth Engine plan.');
  await form.getByRole('button', { name: 'Send Message' }).click();

  await expect(page.getByRole('alert')).toHaveText(
    'Sorry, there was a problem sending your message. Server responded with 503: Service temporarily unavailable for maintenance',
  );
  await expect(form.getByLabel('Full name')).toHaveValue('Ravi Kumar');
  await expect(form.getByRole('button', { name: 'Send Message' })).toBeEnabled();
});

test('while sending, the button reads Sending... and the fields are disabled', async ({ page }) => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/contact', async (route) => {
    await held;
    await route.fulfill({ status: 201, contentType: 'application/json', body: '{"result":"success"}' });
  });
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByLabel('Full name').fill('Meera Joshi');
  await form.getByLabel('Email address').fill('meera@example.in');
  await form.getByLabel('Message').fill('I would like a quote for a new website.');
  await form.getByRole('button', { name: 'Send Message' }).click();

  await expect(form.getByRole('button', { name: 'Sending...' })).toBeDisabled();
  await expect(form.getByLabel('Full name')).toBeDisabled();
  release();
  await expect(page.getByRole('status')).toContainText('Thank you');
});
