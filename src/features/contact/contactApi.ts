import type { ContactInput } from '../../domain/contact';
import { contactReceiptSchema } from '../../domain/wire';
import { ApiError, clientErrorCodes, requestJson } from '../../lib/http';

const FAILURE_PREFIX = 'Sorry, there was a problem sending your message.';
const UNKNOWN = 'An unknown error occurred.';
const DETAIL_LIMIT = 200;

/** The failure line the form shows: the apology, then what went wrong. */
function failureLine(error: ApiError): string {
  if (error.code === clientErrorCodes.network) {
    // Whatever the browser said about the connection ("Failed to fetch"), as the form always showed it.
    const cause = error.cause instanceof Error && error.cause.message ? error.cause.message : UNKNOWN;
    return `${FAILURE_PREFIX} ${cause}`;
  }
  if (error.status === 0) return `${FAILURE_PREFIX} ${error.message}`;
  if (error.code === clientErrorCodes.invalidResponse) return `${FAILURE_PREFIX} ${UNKNOWN}`;
  const said = error.serverSentence ?? error.bodyText;
  const detail = said.trim().slice(0, DETAIL_LIMIT);
  return `${FAILURE_PREFIX} Server responded with ${error.status}${detail ? `: ${detail}` : '.'}`;
}

/**
 * Posts the contact form to our server. Resolves when the message is stored; otherwise rejects with an ApiError that
 * the contact machine reads as a ContactRejection: the server's per-field messages when it refused fields (a 400),
 * else no fields and the failure line as the message.
 */
export async function sendContactMessage(values: ContactInput, fetchImpl: typeof fetch = fetch): Promise<void> {
  try {
    await requestJson('/api/contact', { method: 'POST', body: values, schema: contactReceiptSchema, fetchImpl });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const refusedFields = error.status === 400 && Object.keys(error.fieldErrors ?? {}).length > 0;
    if (refusedFields) throw error;
    throw new ApiError(error.status, error.code, failureLine(error), { cause: error });
  }
}
