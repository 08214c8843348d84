import { createContext, useCallback, useContext, useEffect, useRef, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AuthActor } from './AuthActor';

/**
 * Sign Out takes the visitor home first and signs out once the home page is on screen. The router commits
 * navigations as transitions (docs/decisions/135-component-routes-and-prerendered-home.md), so `navigate()` returns
 * before the page has changed: signing out at once would let a page that needs an account (the dashboard) see the
 * signed-out state first and send the visitor to sign in. The provider sits in the site layout, which stays mounted
 * across that navigation (the dashboard's sidebar, which also offers Sign Out, does not).
 */
const SignOutToHome = createContext<(() => void) | null>(null);

export function SignOutToHomeProvider({ children }: { children: ReactNode }) {
  const auth = AuthActor.useActorRef();
  const signOut = useCallback(() => auth.send({ type: 'auth.signOut' }), [auth]);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const leaving = useRef(false);

  useEffect(() => {
    if (!leaving.current || pathname !== '/') return;
    leaving.current = false;
    signOut();
  }, [pathname, signOut]);

  const start = useCallback(() => {
    if (pathname === '/') {
      signOut();
      return;
    }
    leaving.current = true;
    void navigate('/');
  }, [navigate, pathname, signOut]);

  return <SignOutToHome.Provider value={start}>{children}</SignOutToHome.Provider>;
}

/** Sign out by way of the home page (see above). Needs SignOutToHomeProvider above it. */
export function useSignOutToHome(): () => void {
  const start = useContext(SignOutToHome);
  if (!start) throw new Error('useSignOutToHome needs a SignOutToHomeProvider (the site layout has one)');
  return start;
}
