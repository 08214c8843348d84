import { describe, expect, it, vi } from 'vitest';
import { authStoreAt } from '../authSnapshots';

vi.mock('../../src/lib/auth/runtime', () => ({ signedInIdToken: vi.fn(async () => 'id-token-of-the-signed-in-account') }));

describe('the auth store', () => {
  it("hands a feature the signed-in account's ID token, loading the auth runtime for it", async () => {
    const store = authStoreAt('signedIn');
    await expect(store.idToken()).resolves.toBe('id-token-of-the-signed-in-account');
  });
});

describe('the live auth store', () => {
  it('is one per page: the served shell and the app that replaces it share it, so one machine runs', async () => {
    const { liveAuthStore } = await import('../../src/lib/auth/store');
    expect(liveAuthStore()).toBe(liveAuthStore());
  });
});
