import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { holdPressesUntil, takeEarlyPresses } from '../lib/heldPresses';
import { handTypedValuesToReact } from '../lib/typedBeforeHydration';
import { hydrated } from './hydrated';

/**
 * Hydrates the page the build prerendered (entry.server.tsx), or the app's shell on a page drawn in the browser.
 * A press on the page's buttons (the menu, the chat launcher, a form's Send) before hydration would be lost: held
 * until it is done, then pressed again, after those the inline recorder kept before this code ran, and after what was
 * typed meanwhile has reached React (docs/decisions/152-presses-before-hydration.md).
 */
const root = document.getElementById('root');
const live = hydrated.then(() => root && handTypedValuesToReact(root));
holdPressesUntil(live, (pressed) => !!root?.contains(pressed), { earlier: takeEarlyPresses() });

// As a transition, hydration yields to the browser every few milliseconds instead of one long task.
startTransition(() => {
  hydrateRoot(document, <HydratedRouter />);
});
