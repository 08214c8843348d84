import { Outlet, useLocation } from 'react-router';
import { useEffect, useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { Header, headerBarHeight } from './Header';
import { Footer } from './Footer';
import { ChatDock } from '../../features/chat/ChatDock';
import { PendingPaymentNotice } from '../../features/payment/PendingPaymentNotice';
import { SignOutToHomeProvider } from '../../lib/auth/signOutToHome';

/**
 * Resets the scroll position on every route change (docs/product.md §2), and only then. The app's first render is no
 * change of route: scrolling there yanked a visitor who had scrolled while the page loaded back to the top once it
 * hydrated (and undid the browser's own restoring on a reload).
 */
function useScrollToTopOnNavigate() {
  const { pathname } = useLocation();
  // The layout's own, not the module's: it mounts with the app's first route, and again only after the route error
  // page, a short page in place of the whole layout that leaves nothing much scrolled to reset.
  const routeShown = useRef(false);
  useEffect(() => {
    if (!routeShown.current) {
      routeShown.current = true;
      return;
    }
    window.scrollTo(0, 0);
  }, [pathname]);
}

/** The header, footer and chat around the page; `children` in place of the routed page (the app's shell). */
export function SiteLayout({ children = <Outlet /> }: { children?: ReactNode }) {
  useScrollToTopOnNavigate();
  return (
    <SignOutToHomeProvider>
      <SkipLink href="#main">Skip to content</SkipLink>
      <Header />
      <Main id="main" tabIndex={-1}>
        {children}
      </Main>
      <PendingPaymentNotice />
      <Footer />
      {/* Outside the routed page, so the conversation survives route changes; empty until first opened. */}
      <ChatDock />
    </SignOutToHomeProvider>
  );
}

/*
 * At least the screen under the header, so the footer starts below the first screen. A page whose first render is
 * short (a loading state, a page still signing in) then grows without moving the footer in view: at 60vh it jumped
 * down as the page filled in (a layout shift of 0.05 on the dashboard, 0.3 on a redirect, at 4x CPU).
 *
 * The contents of a page's sections after its first are laid out only when they come near the screen, holding an
 * estimated (then their last) height meanwhile: the first layout covers what is seen first (decision 164). The
 * sections themselves stay drawn, so their backgrounds are behind their text as far as the estimate reaches; on a
 * dark background it must cover the contents (tests/e2e/layout-stability.spec.ts holds it), or a contrast check
 * reading the undrawn text below it finds the page's white. Their text stays in the page for find-in-page and
 * assistive technology. Home's sections under the hero are laid out late whole already (LazyBelowFold.tsx): their
 * contents are left alone, not made to wait a second time.
 */
const Main = styled.main`
  min-height: calc(100vh - ${headerBarHeight});
  /* A short page's last section fills the rest, so its background reaches the footer. */
  display: flex;
  flex-direction: column;
  & > :last-child {
    flex-grow: 1;
  }
  &:focus {
    outline: none;
  }
  & > section ~ section:not([data-below-the-fold] ~ section) > * {
    content-visibility: auto;
    contain-intrinsic-size: auto 800px;
  }
`;

const SkipLink = styled.a`
  position: absolute;
  left: 1rem;
  top: -4rem;
  z-index: 100;
  padding: 0.75rem 1rem;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.color.ink};
  color: #fff;
  font-weight: 700;
  &:focus {
    top: 1rem;
  }
`;
