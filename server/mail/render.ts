import type { ReactElement } from 'react';
import { render } from '@react-email/components';

/** An email's two parts from one template: HTML for mail apps, plain text for the rest (and for spam filters). */
export async function renderEmail(email: ReactElement): Promise<{ html: string; text: string }> {
  const [html, text] = await Promise.all([render(email), render(email, { plainText: true })]);
  return { html, text };
}
