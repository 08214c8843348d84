import { StrictMode, Suspense, useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { theme } from '../ui/theme';
import { GlobalStyle } from '../ui/GlobalStyle';
import { AuthProvider } from '../lib/auth/AuthProvider';
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
        <AuthProvider store={auth}>
          <Router>
            <Pages />
          </Router>
        </AuthProvider>
      </ThemeProvider>
    </StrictMode>
  );
}

function Pages() {
  const { pathname } = useLocation();
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
