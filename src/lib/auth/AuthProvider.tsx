import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useLazySelector } from '../lazyActor';
import type { AuthState } from './authState';
import { sessionStorageKey } from './session';
import { createLiveAuthStore, type AuthStore } from './store';

/**
 * The auth context for the whole site (header, sign-in, dashboard, pricing, quiz, report, payment). Views read the
 * machine's state through these hooks and act by sending its events (src/lib/auth/hooks.ts); they hold no auth state
 * of their own. This file is in the first bundle: keep it small.
 */

const AuthContext = createContext<AuthStore | null>(null);

export function AuthProvider({ store, children }: { store?: AuthStore; children: ReactNode }) {
  const [own] = useState(() => store ?? createLiveAuthStore());

  useEffect(() => {
    // A stored session: find out who it is now, after the first render, so nothing else waits for Firebase.
    if (own.getState().status === 'loading') own.load();
    // Signed in in another tab: Firebase writes its session key there, and this tab hears about it here.
    const onStorage = (event: StorageEvent) => event.key === sessionStorageKey() && event.newValue && own.load();
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [own]);

  return <AuthContext.Provider value={own}>{children}</AuthContext.Provider>;
}

/** The store of the nearest AuthProvider (outside one, this throws). */
export function useAuthStore(): AuthStore {
  const store = useContext(AuthContext);
  if (!store) throw new Error('useAuth must be used within an AuthProvider');
  return store;
}

/** One value from the auth state; the component re-renders only when that value changes. */
export function useAuthSelector<T>(selector: (state: AuthState) => T): T {
  return useLazySelector(useAuthStore(), selector);
}
