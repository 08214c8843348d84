/**
 * React drops a click on prerendered markup whose component has not hydrated yet: the button is on screen, but
 * nothing listens to it. On a slow phone that window lasts seconds (measured at 6x CPU slowdown: 5 early presses of
 * the chat launcher out of 5 were lost). Two pieces close it (docs/decisions/152-presses-before-hydration.md):
 *
 * - `earlyPressScript`, inline in index.html's head, records presses on the page's buttons from the first byte on,
 *   before any of the app's code has arrived;
 * - `holdPressesUntil`, from the app's first line on, holds presses ahead of React's own listener.
 *
 * Once the buttons are live, every recorded and held press is pressed again. Links need no help: the browser
 * follows them by itself and the router picks the new address up.
 */

/** Where the inline script leaves what it recorded (read once, by the app's entry). */
const earlyPressesKey = '__earlyPresses';

interface EarlyPresses {
  held: HTMLButtonElement[];
  stop: () => void;
}

declare global {
  interface Window {
    [earlyPressesKey]?: EarlyPresses;
  }
}

/**
 * The inline script. It only records: a button in the prerendered page has no default action to prevent, and a
 * press that turns out to need nothing is harmless to repeat (the same press, later).
 */
export function earlyPressScript(rootId = 'root'): string {
  return (
    `(function(){var h=[];function r(e){var b=e.target&&e.target.closest?e.target.closest('button'):null;` +
    `var root=document.getElementById(${JSON.stringify(rootId)});if(b&&root&&root.contains(b)&&h.indexOf(b)<0)h.push(b)}` +
    `document.addEventListener('click',r,true);` +
    `window.${earlyPressesKey}={held:h,stop:function(){document.removeEventListener('click',r,true)}}})()`
  );
}

/** Stops the inline recorder and hands over what it recorded (nothing when there was no recorder: dev, tests). */
export function takeEarlyPresses(): HTMLButtonElement[] {
  const early = window[earlyPressesKey];
  if (!early) return [];
  early.stop();
  delete window[earlyPressesKey];
  return early.held.splice(0);
}

/**
 * Until `until` settles, a press on a button that `covers` accepts is held here, ahead of React's listener, and
 * pressed again once it is live, after the `earlier` presses. Holders do not overlap: a press another holder took
 * (default prevented) is left to it.
 *
 * Each button is pressed again once, however often it was pressed: a visitor who pressed Menu twice because nothing
 * happened wants the menu open, not opened and shut. A press made on another page than the one shown at the release
 * (a link was followed meanwhile) is dropped: the menu and the chat launcher outlive the page they were pressed on.
 */
export function holdPressesUntil(
  until: Promise<unknown>,
  covers: (button: HTMLButtonElement) => boolean,
  { onHeld, earlier = [] }: { onHeld?: () => void; earlier?: HTMLButtonElement[] } = {},
): void {
  const pressedAt = location.pathname;
  const held = new Map<HTMLButtonElement, string>(earlier.map((button) => [button, pressedAt]));
  const hold = (event: MouseEvent) => {
    if (event.defaultPrevented) return;
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || !covers(button)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (!held.has(button)) held.set(button, location.pathname);
    onHeld?.();
  };
  document.addEventListener('click', hold, true);
  const release = () => {
    document.removeEventListener('click', hold, true);
    const presses = [...held];
    held.clear();
    for (const [button, hash] of presses) if (button.isConnected && hash === location.pathname) button.click();
  };
  void until.then(release, release);
}
