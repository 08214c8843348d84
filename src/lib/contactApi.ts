import type { ContactFieldErrors, ContactInput } from '../domain/contact';
import type { ContactRejection } from '../../machines/contact.machine';

const FAILURE_PREFIX = 'Sorry, there was a problem sending your message.';
const DETAIL_LIMIT = 200;

interface ErrorBody {
  error?: { code?: string; message?: string; details?: { fieldErrors?: ContactFieldErrors } };
  result?: string;
  message?: string;
}

function parseBody(text: string): ErrorBody | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? (parsed as ErrorBody) : null;
  } catch {
    return null;
  }
}

/**
 * Posts the contact form to our server (DESIGN.md D11). Resolves when the message is stored; otherwise rejects with
 * a ContactRejection: per-field messages when the server refused fields, else the failure line SPEC.md §8 asks for.
 */
export async function sendContactMessage(values: ContactInput, fetchImpl: typeof fetch = fetch): Promise<void> {
  let response: Response;
  try {
    response = await fetchImpl('/api/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(values),
    });
  } catch (error) {
    const reason = error instanceof Error && error.message ? ` ${error.message}` : ' An unknown error occurred.';
    throw { message: `${FAILURE_PREFIX}${reason}` } satisfies ContactRejection;
  }

  const text = await response.text().catch(() => '');
  const body = parseBody(text);
  if (!response.ok) {
    const fieldErrors = body?.error?.details?.fieldErrors;
    if (response.status === 400 && fieldErrors && Object.keys(fieldErrors).length > 0) {
      throw { fieldErrors, message: body?.error?.message } satisfies ContactRejection;
    }
    const detail = (body?.error?.message ?? text).trim().slice(0, DETAIL_LIMIT);
    throw {
      message: `${FAILURE_PREFIX} Server responded with ${response.status}${detail ? `: ${detail}` : '.'}`,
    } satisfies ContactRejection;
  }
  if (body?.result !== 'success') {
    throw {
      message: `${FAILURE_PREFIX} ${body?.message?.trim() || 'An unknown error occurred.'}`,
    } satisfies ContactRejection;
  }
}
