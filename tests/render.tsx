import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { theme } from '../src/ui/theme';
import { AuthActor } from '../src/lib/auth/AuthActor';
import type { AuthStore } from '../src/lib/auth/store';
import { authStoreAt } from './authSnapshots';
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
      <AuthActor.Provider store={auth ?? authStoreAt('signedOut')}>
        <RouterProvider router={router} />
      </AuthActor.Provider>
    </ThemeProvider>,
  );
  return { ...result, user, router };
}
