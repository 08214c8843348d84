import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useLazySelector } from '../lazyActor';
import type { AuthView } from './authSnapshot';
import { sessionStorageKey } from './session';
import { liveAuthStore, type AuthStore } from './store';

/**
 * The auth machine's actor context, read like every funnel's (`createActorContext`): `AuthActor.useSelector` picks
 * from its snapshot, `AuthActor.useActorRef()` sends its events. It is lazily loaded (src/lib/auth/store.ts) because
 * the header of every page reads it; this file is in the first bundle, so it stays small.
 */

const AuthContext = createContext<AuthStore | null>(null);

function Provider({ store, children }: { store?: AuthStore; children: ReactNode }) {
  const [own] = useState(() => store ?? liveAuthStore());

  useEffect(() => {
    // A stored session: find out who it is now, after the first render, so nothing else waits for Firebase.
    if (own.getSnapshot().hasTag('checking')) own.load();
    // Signed in in another tab: Firebase writes its session key there, and this tab hears about it here.
    const onStorage = (event: StorageEvent) => event.key === sessionStorageKey() && event.newValue && own.load();
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [own]);

  return <AuthContext.Provider value={own}>{children}</AuthContext.Provider>;
}

/** The store of the nearest Provider; outside one this throws with the specification's sentence (SPEC §5). */
function useActorRef(): AuthStore {
  const store = useContext(AuthContext);
  if (!store) throw new Error('useAuth must be used within an AuthProvider');
  return store;
}

/** One value from the snapshot; the component re-renders only when that value changes. */
function useSelector<T>(selector: (snapshot: AuthView) => T): T {
  return useLazySelector(useActorRef(), selector);
}

/** Loads Firebase and the machine now: the pages that act on auth (sign-in, dashboard, inbox) call it as they open. */
function useLoaded(): void {
  const store = useActorRef();
  useEffect(() => store.load(), [store]);
}

export const AuthActor = { Provider, useActorRef, useSelector, useLoaded };
