import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { theme } from '../ui/theme';
import { GlobalStyle } from '../ui/GlobalStyle';
import { AuthProvider } from '../lib/auth/AuthProvider';
import { router } from './router';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');

// A transition lets React render the first page in small slices instead of one long task that blocks input.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <ThemeProvider theme={theme}>
        <GlobalStyle />
        {/* Renders at once; Firebase loads only when a session is stored or a page asks for it (D6). */}
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
      </ThemeProvider>
    </StrictMode>,
  );
});
