import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { HashRouter } from 'react-router-dom';
import { ServerStyleSheet } from 'styled-components';
import { App } from '../App';
import { AuthStore } from '../../lib/auth/store';
import { placeholderAuthSnapshot } from '../../lib/auth/authSnapshot';
import { loadBelowFoldSections } from '../../features/home/LazyBelowFold';

/**
 * The build's server-side entry (vite.config.ts runs it after the browser build): the home page as a first-time,
 * signed-out visitor sees it, and the styled-components CSS it uses. main.tsx hydrates this markup
 * (docs/decisions/135-component-routes-and-prerendered-home.md).
 */
export async function renderHome(): Promise<{ html: string; styleTags: string }> {
  await loadBelowFoldSections();
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(
      sheet.collectStyles(<App router={HashRouterAtHome} auth={new AuthStore(null, placeholderAuthSnapshot('signedOut'))} />),
    );
    return { html, styleTags: sheet.getStyleTags() };
  } finally {
    sheet.seal();
  }
}

/**
 * The browser's own router over a window that is at `/` and never moves: links get the same `#/…` addresses as in
 * the browser (a StaticRouter would write `/…`, and hydration keeps the server's attributes).
 */
function HashRouterAtHome({ children }: { children: ReactNode }) {
  return <HashRouter window={homeWindow}>{children}</HashRouter>;
}

const homeWindow = {
  location: { pathname: '/', search: '', hash: '', origin: 'http://localhost', href: 'http://localhost/' },
  history: { state: { idx: 0 }, pushState() {}, replaceState() {} },
  document: { querySelector: () => null },
  addEventListener() {},
  removeEventListener() {},
} as unknown as Window;
