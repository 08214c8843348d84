import type { AccountProfile, ProfileUpdate } from '../../domain/account';
import { accountProfileSchema } from '../../domain/wire';
import { ApiError, clientErrorCodes, requestJson, type RequestOptions } from '../http';

/** The browser's side of GET and PATCH /api/me: the caller's profile and entitlement, with the Firebase ID token. */

const LOAD_FAILED = 'We could not load your account details. Please try again.';
const SAVE_FAILED = 'We could not save your details. Please try again.';

/** The sentence the account pages show: the server's own when it gave one, else ours with what went wrong. */
function sentenceFor(error: ApiError, failure: string): string {
  if (error.serverSentence) return error.serverSentence;
  if (error.status === 0) return `${failure} Check your connection.`;
  if (error.code === clientErrorCodes.invalidResponse) return failure;
  return `${failure} (Status ${error.status}.)`;
}

async function call(options: RequestOptions, failure: string): Promise<AccountProfile> {
  try {
    return await requestJson('/api/me', { ...options, schema: accountProfileSchema });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    throw new ApiError(error.status, error.code, sentenceFor(error, failure), { fieldErrors: error.fieldErrors, cause: error });
  }
}

export function getAccount(token: string, fetchImpl: typeof fetch = fetch): Promise<AccountProfile> {
  return call({ method: 'GET', token, fetchImpl }, LOAD_FAILED);
}

export function updateAccount(token: string, changes: ProfileUpdate, fetchImpl: typeof fetch = fetch): Promise<AccountProfile> {
  return call({ method: 'PATCH', token, body: changes, fetchImpl }, SAVE_FAILED);
}
