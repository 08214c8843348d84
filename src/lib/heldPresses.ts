/**
 * React drops a click on prerendered markup whose component has not hydrated yet: the button is on screen, but
 * nothing listens to it. On a slow phone that window lasts seconds (measured at 6x CPU slowdown: 5 early presses of
 * the chat launcher out of 5 were lost). Two pieces close it (docs/decisions/152-presses-before-hydration.md):
 *
 * - `earlyPressScript`, inline in every page's head (src/app/root.tsx), records presses on the page's buttons from
 *   the first byte on, before any of the app's code has arrived;
 * - `holdPressesUntil`, from the app's first line on, holds presses ahead of React's own listener.
 *
 * Once the buttons are live, every recorded and held press is pressed again. A form's submit is held the same way (the
 * browser's own would reload the page with the fields in its address); what was typed meanwhile reaches React through
 * `handTypedValuesToReact` (src/lib/typedBeforeHydration.ts). Links need no help, the browser follows them by itself,
 * except one that hands state to its page (Buy Now): it carries `needsAppAttribute` and is held like a button.
 */

/** Where the inline script leaves what it recorded (read once, by the app's entry). */
const earlyPressesKey = '__earlyPresses';

/** Marks a link only the app can follow: it hands router state to its page (Buy Now, src/features/pricing/PlanCard.tsx). */
export const needsAppAttribute = 'data-needs-app';
/** What is pressed again: a button, a link only the app can follow (and a form sent without a button). */
const pressableSelector = `button, a[${needsAppAttribute}]`;

interface EarlyPresses {
  held: HTMLElement[];
  stop: () => void;
}

declare global {
  interface Window {
    [earlyPressesKey]?: EarlyPresses;
  }
}

/**
 * The inline script. It records presses and lets them happen (a press that turns out to need nothing is harmless to
 * repeat), but stops a link only the app can follow, and a form's submit: the submit button's press is recorded
 * already, a form sent without one is kept.
 */
export function earlyPressScript(rootId = 'root'): string {
  return (
    `(function(){var h=[];function inRoot(n){var root=document.getElementById(${JSON.stringify(rootId)});return !!(n&&root&&root.contains(n))}` +
    `function r(e){var b=e.target&&e.target.closest?e.target.closest(${JSON.stringify(pressableSelector)}):null;if(!inRoot(b))return;` +
    `if(b.tagName==='A')e.preventDefault();if(h.indexOf(b)<0)h.push(b)}` +
    `function s(e){var f=e.target;if(!inRoot(f))return;e.preventDefault();if(!e.submitter&&h.indexOf(f)<0)h.push(f)}` +
    `document.addEventListener('click',r,true);document.addEventListener('submit',s,true);` +
    `window.${earlyPressesKey}={held:h,stop:function(){document.removeEventListener('click',r,true);document.removeEventListener('submit',s,true)}}})()`
  );
}

/** Stops the inline recorder and hands over what it recorded (nothing when there was no recorder: dev, tests). */
export function takeEarlyPresses(): HTMLElement[] {
  const early = window[earlyPressesKey];
  if (!early) return [];
  early.stop();
  delete window[earlyPressesKey];
  return early.held.splice(0);
}

/**
 * Until `until` settles, a press on a button that `covers` accepts is held here, ahead of React's listener, and
 * pressed again once it is live, after the `earlier` presses. Holding a submit button's press holds its form's submit
 * too; a covered form sent without a button is held and sent again. Holders do not overlap: a press another holder
 * took (default prevented) is left to it.
 *
 * Each button is pressed again once, however often it was pressed: a visitor who pressed Menu twice because nothing
 * happened wants the menu open, not opened and shut. A press made on another page than the one shown at the release
 * (a link was followed meanwhile) is dropped: the menu and the chat launcher outlive the page they were pressed on.
 */
export function holdPressesUntil(
  until: Promise<unknown>,
  covers: (pressed: HTMLElement) => boolean,
  { onHeld, earlier = [] }: { onHeld?: () => void; earlier?: HTMLElement[] } = {},
): void {
  const pressedAt = location.pathname;
  const held = new Map<HTMLElement, string>(earlier.map((pressed) => [pressed, pressedAt]));
  const hold = (event: Event) => {
    if (event.defaultPrevented || !(event.target instanceof Element)) return;
    const pressed = event.type === 'submit' ? (event.target as HTMLFormElement) : event.target.closest<HTMLElement>(pressableSelector);
    if (!pressed || !covers(pressed)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (!held.has(pressed)) held.set(pressed, location.pathname);
    onHeld?.();
  };
  document.addEventListener('click', hold, true);
  document.addEventListener('submit', hold, true);
  const release = () => {
    document.removeEventListener('click', hold, true);
    document.removeEventListener('submit', hold, true);
    const presses = [...held];
    held.clear();
    for (const [pressed, path] of presses) {
      if (!pressed.isConnected || path !== location.pathname) continue;
      if (pressed instanceof HTMLFormElement) pressed.requestSubmit();
      else pressed.click();
    }
  };
  void until.then(release, release);
}
