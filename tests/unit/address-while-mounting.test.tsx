import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { HashRouter } from 'react-router-dom';
import { afterEach, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { App } from '../../src/app/App';

/**
 * The hash router reads the address when it is made and hears of changes once its tree is committed. On the
 * prerendered home page a header link works before the code, so it can be followed in between (a CI run caught the
 * page staying on home under /#/get-started). Here a child of the router changes the address during that first render,
 * without an event, as a link followed at that moment does as far as the router can tell.
 */
afterEach(() => window.history.replaceState(null, '', '/'));

it('a page followed to while the app mounts is the page shown once it has mounted', async () => {
  window.history.replaceState(null, '', '/#/');
  let followed = false;
  function FollowLinkWhileMounting() {
    if (!followed) {
      followed = true;
      window.history.replaceState(null, '', '#/pricing');
    }
    return null;
  }
  function RouterWithARace({ children }: { children: ReactNode }) {
    return (
      <HashRouter>
        <FollowLinkWhileMounting />
        {children}
      </HashRouter>
    );
  }
  const host = document.body.appendChild(document.createElement('div'));
  const root = createRoot(host);
  await act(async () => root.render(<App router={RouterWithARace} />));
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Simple, transparent plans that grow with you' }, { timeout: 5000 }),
  ).toBeInTheDocument();
  expect(window.location.hash).toBe('#/pricing');
  await act(async () => root.unmount());
  host.remove();
});

it("tells the router nothing when the address changed by the router's own redirect on mount", async () => {
  window.history.replaceState(null, '', '/#/demo');
  const dispatched = vi.spyOn(window, 'dispatchEvent');
  const host = document.body.appendChild(document.createElement('div'));
  const root = createRoot(host);
  await act(async () => root.render(<App router={HashRouter} />));
  await screen.findByRole('button', { name: 'English' }, { timeout: 5000 });
  expect(window.location.hash).toBe('#/get-started');
  expect(dispatched.mock.calls.filter(([event]) => event.type === 'popstate')).toEqual([]);
  await act(async () => root.unmount());
  host.remove();
});
