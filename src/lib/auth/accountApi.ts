import type { AccountProfile, ProfileUpdate } from '../../domain/account';

/** The browser's side of GET and PATCH /api/me: the caller's profile and entitlement, with the Firebase ID token. */

const LOAD_FAILED = 'We could not load your account details. Please try again.';
const SAVE_FAILED = 'We could not save your details. Please try again.';

async function call(path: string, token: string, init: RequestInit, failure: string, fetchImpl: typeof fetch): Promise<AccountProfile> {
  let response: Response;
  try {
    response = await fetchImpl(path, {
      ...init,
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}`, ...(init.headers ?? {}) },
    });
  } catch {
    throw new Error(`${failure} Check your connection.`);
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message = (body as { error?: { message?: unknown } } | null)?.error?.message;
    throw new Error(typeof message === 'string' && message ? message : `${failure} (Status ${response.status}.)`);
  }
  if (!body || typeof body !== 'object' || typeof (body as { uid?: unknown }).uid !== 'string') throw new Error(failure);
  return body as AccountProfile;
}

export function getAccount(token: string, fetchImpl: typeof fetch = fetch): Promise<AccountProfile> {
  return call('/api/me', token, { method: 'GET' }, LOAD_FAILED, fetchImpl);
}

export function updateAccount(token: string, changes: ProfileUpdate, fetchImpl: typeof fetch = fetch): Promise<AccountProfile> {
  return call(
    '/api/me',
    token,
    { method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(changes) },
    SAVE_FAILED,
    fetchImpl,
  );
}
