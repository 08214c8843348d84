import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { theme } from '../src/ui/theme';
import { AuthProvider } from '../src/lib/auth/AuthProvider';
import { AuthStore, staticAuthState } from '../src/lib/auth/store';
import { SignOutToHomeProvider } from '../src/lib/auth/signOutToHome';

/**
 * The one render helper: the theme, the auth context (signed out unless `auth` gives a store) and a memory router at
 * `route`, plus a user-event instance.
 */
export function renderWithApp(ui: ReactElement, { route = '/', auth }: { route?: string; auth?: AuthStore } = {}) {
  const router = createMemoryRouter([{ path: '*', element: <SignOutToHomeProvider>{ui}</SignOutToHomeProvider> }], {
    initialEntries: [route],
  });
  const user = userEvent.setup();
  const result = render(
    <ThemeProvider theme={theme}>
      <AuthProvider store={auth ?? new AuthStore(null, staticAuthState('signedOut'))}>
        <RouterProvider router={router} />
      </AuthProvider>
    </ThemeProvider>,
  );
  return { ...result, user, router };
}
