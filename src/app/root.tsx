import { StrictMode, useEffect, type ReactNode } from 'react';
import { Links, Meta, Outlet, Scripts, type MetaFunction } from 'react-router';
import { ThemeProvider } from 'styled-components';
import { theme } from '../ui/theme';
import { brand } from '../content/brand';
import { GlobalStyle } from '../ui/GlobalStyle';
import { fallbackFontFaces } from '../ui/fallbackFont';
import { AuthActor } from '../lib/auth/AuthActor';
import { earlyPressScript } from '../lib/heldPresses';
import { RouteError } from './RouteError';
import { SiteLayout } from './layout/SiteLayout';
import { fontFaces, fontPreloads } from './fonts';
import { codeAfterPaintScript } from './codeAfterPaint';
import { hashAddressScript } from './hashAddress';
import { markAppHydrated } from './hydrated';
import { storedSessionAttribute, storedSessionScript } from './storedSession';

/**
 * The document every page shares: its head (fonts, the faces that stand in for them, the page's own meta and links),
 * and around the routes, the theme and the account's actor. The build prerenders it with each public page
 * (entry.server.tsx); the browser hydrates it (entry.client.tsx).
 */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="UTF-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/*
          Before anything paints: an old `/#/pricing` address moves to `/pricing`; a visitor signed in here is told
          apart (the page was prerendered signed out); early presses are recorded; the page's code waits for its paint.
        */}
        <script
          dangerouslySetInnerHTML={{
            __html: `${hashAddressScript};${storedSessionScript()};${earlyPressScript()};${codeAfterPaintScript}`,
          }}
        />
        <Meta />
        <meta name="theme-color" content="#1d4ed8" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {fontPreloads.map((href) => (
          <link key={href} rel="preload" href={href} as="font" type="font/woff2" crossOrigin="" />
        ))}
        <style id="fonts" dangerouslySetInnerHTML={{ __html: fontFaces + fallbackFontFaces }} />
        <Links />
      </head>
      <body>
        <div id="root">{children}</div>
        <Scripts />
      </body>
    </html>
  );
}

function Providers({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <ThemeProvider theme={theme}>
        <GlobalStyle />
        {/* Renders at once; Firebase loads only when a session is stored or a page asks for it (D6). */}
        <AuthActor.Provider>{children}</AuthActor.Provider>
      </ThemeProvider>
    </StrictMode>
  );
}

export default function App() {
  useEffect(() => {
    document.documentElement.removeAttribute(storedSessionAttribute);
    markAppHydrated();
  }, []);
  return (
    <Providers>
      <Outlet />
    </Providers>
  );
}

/**
 * The app's shell, served for the private and funnel pages: kept out of search engines in the served file itself, for
 * a crawler that runs no script. Every page's own `meta` replaces this once its code runs.
 */
export const meta: MetaFunction = () => [{ title: brand.name }, { name: 'robots', content: 'noindex' }];

/** The pages drawn in the browser (sign-in, quiz, payment, dashboard...) are served this shell until their code runs. */
export function HydrateFallback() {
  return (
    <Providers>
      <SiteLayout>{null}</SiteLayout>
    </Providers>
  );
}

/** A page that failed to render, or whose code could not be downloaded (a stale tab after a deploy). */
export function ErrorBoundary() {
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <RouteError />
    </ThemeProvider>
  );
}
