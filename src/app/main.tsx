import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { HashRouter } from 'react-router-dom';
import { App } from './App';
import { hasStoredSession } from '../lib/auth/session';
import { elsewhereClass, isHomeHash, skipLinkHash } from './prerender/homeHash';
import { holdPressesUntil, takeEarlyPresses } from '../lib/heldPresses';

// A skip link followed before the code arrived left `#main` in the address; the router would read it as a route.
if (window.location.hash === skipLinkHash) history.replaceState(history.state, '', window.location.pathname + window.location.search);

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');
// Presses on the prerendered page's buttons before this code arrived (index.html's inline recorder).
const earlyPresses = takeEarlyPresses();

let markHydrated = () => {};
const hydrated = new Promise<void>((resolve) => (markHydrated = resolve));
const app = <App router={HashRouter} onMounted={markHydrated} />;

// The build prerenders the signed-out home page into #root (docs/decisions/135-component-routes-and-prerendered-home.md).
// Hydrate it only when it is what this visitor gets: the home route, and no stored session (the header would show
// the account links instead). Otherwise render afresh, after dropping the markup the inline script has hidden.
if (root.firstElementChild && isHomeHash(window.location.hash) && !hasStoredSession()) {
  // A press on the page's buttons (the menu, the chat launcher) before hydration would be lost: held until it is
  // done, then pressed again, after those recorded before this code ran (docs/decisions/152-presses-before-hydration.md).
  holdPressesUntil(hydrated, (button) => root.contains(button), { earlier: earlyPresses });
  // As a transition, hydration yields to the browser every few milliseconds instead of one long task.
  startTransition(() => {
    hydrateRoot(root, app);
  });
} else {
  root.replaceChildren();
  document.documentElement.classList.remove(elsewhereClass);
  // A transition lets React render the first page in small slices instead of one long task that blocks input.
  startTransition(() => createRoot(root).render(app));
}
