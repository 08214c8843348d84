import { describe, expect, it, vi } from 'vitest';
import { AuthStore, staticAuthState } from '../../src/lib/auth/store';

vi.mock('../../src/lib/auth/runtime', () => ({ signedInIdToken: vi.fn(async () => 'id-token-of-the-signed-in-account') }));

describe('the auth store', () => {
  it("hands a feature the signed-in account's ID token, loading the auth runtime for it", async () => {
    const store = new AuthStore(null, staticAuthState('signedIn'));
    await expect(store.idToken()).resolves.toBe('id-token-of-the-signed-in-account');
  });
});
