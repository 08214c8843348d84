import { StrictMode, Suspense, useEffect, type ReactNode } from 'react';
import { createPath, parsePath, useLocation, type Location } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { theme } from '../ui/theme';
import { GlobalStyle } from '../ui/GlobalStyle';
import { AuthActor } from '../lib/auth/AuthActor';
import type { AuthStore } from '../lib/auth/store';
import { RouteErrorBoundary } from './RouteError';
import { AppRoutes } from './routes';

/**
 * The whole site under a router that the caller supplies: the hash router in the browser (main.tsx), a static one
 * when the build prerenders the home page (prerender/render.tsx). Both render this same tree, so the markup the
 * build writes is the markup the browser hydrates.
 */
export function App({
  router: Router,
  auth,
  onMounted,
}: {
  router: (props: { children: ReactNode }) => ReactNode;
  auth?: AuthStore;
  /** Called once the tree is committed (hydrated, in the browser); a hook here, not a component, so the tree's shape and its useId values stay the prerender's. */
  onMounted?: () => void;
}) {
  useEffect(() => onMounted?.(), [onMounted]);
  return (
    <StrictMode>
      <ThemeProvider theme={theme}>
        <GlobalStyle />
        {/* Renders at once; Firebase loads only when a session is stored or a page asks for it (D6). */}
        <AuthActor.Provider store={auth}>
          <Router>
            <Pages />
          </Router>
        </AuthActor.Provider>
      </ThemeProvider>
    </StrictMode>
  );
}

function Pages() {
  const location = useLocation();
  useAddressChangedWhileMounting(location);
  const { pathname } = location;
  return (
    <RouteErrorBoundary pathname={pathname}>
      {/*
        Nothing until the first page's code is there (as before prerendering); later navigations are transitions,
        so the previous page stays on screen meanwhile.
      */}
      <Suspense fallback={null}>
        <AppRoutes />
      </Suspense>
    </RouteErrorBoundary>
  );
}

/**
 * The hash router reads the address when it is made, and hears of changes only once its tree is committed. A link
 * followed in between went unheard: on the prerendered home page, whose links work before its code, a visitor who
 * followed one while the page hydrated stayed on home under the other page's address (a CI run caught it: 3 loads in
 * 22 reproduced it on this machine). Once committed, a difference is told to the router as the browser tells it of
 * a change, by a `popstate` event; a router that does not follow the address (the tests' memory router) ignores it.
 */
function useAddressChangedWhileMounting(location: Location) {
  useEffect(() => {
    if (typeof window === 'undefined' || !window.location.hash.startsWith('#/')) return;
    // An entry the router made carries its key: a redirect on mount (`<Navigate replace>`) is the router's own doing.
    const madeByRouter = (window.history.state as { key?: unknown } | null)?.key !== undefined;
    const address = createPath(parsePath(window.location.hash.slice(1)));
    if (!madeByRouter && address !== createPath(location)) {
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    }
    // Once, when the router has started listening: every later change reaches it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
