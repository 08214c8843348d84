import { lazy, Suspense, useEffect, useRef } from 'react';
import styled from 'styled-components';
import { holdPressesUntil } from '../../lib/heldPresses';
import { belowFoldSections, type BelowFoldModule } from './loadBelowFoldSections';

export { loadBelowFoldSections } from './loadBelowFoldSections';

/** A thenable that has already settled: React.lazy reads it synchronously, so nothing suspends. */
const settled = (module: BelowFoldModule) => ({ then: (resolve: (m: BelowFoldModule) => void) => resolve(module) });

// Until the sections are requested (near the screen, or a press), `loaded` waits: the prerendered markup stays as it is.
const Sections = lazy(() => {
  const module = belowFoldSections.current();
  return module ? (settled(module) as unknown as Promise<BelowFoldModule>) : belowFoldSections.loaded;
});

/**
 * Until the sections are live, a press on one of their buttons (an FAQ question, the carousel's arrows) is held,
 * brings the code, and is pressed again once the button is live (src/lib/heldPresses.ts). Only the sections' own
 * buttons: after the marker, inside the page's <main>; src/app/entry.client.tsx holds the rest of the page's until it is hydrated.
 */
function inSections(button: Element): boolean {
  const marker = document.querySelector('[data-below-the-fold]');
  return !!marker?.parentElement?.contains(button) && !!(marker.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING);
}

/**
 * Starts holding the sections' presses, and returns what lets them go. It runs as this module loads, so its listener
 * is ahead of src/app/entry.client.tsx's for the rest of the page; that is before React renders, so no ref or state can hold it.
 */
function holdSectionPresses(): () => void {
  if (typeof document === 'undefined') return () => {};
  let markLive = () => {};
  const live = new Promise<void>((resolve) => (markLive = resolve));
  holdPressesUntil(live, inSections, { onHeld: () => void belowFoldSections.load() });
  return markLive;
}
const sectionsLive = holdSectionPresses();

/** Rendered last inside the boundary: its effect runs once the sections are hydrated (or rendered) and live. */
function Hydrated() {
  useEffect(() => sectionsLive(), []);
  return null;
}

/**
 * The home page under the hero (docs/performance-home.md). Prerendered with the rest; in the browser its code
 * (content, components, icons) is fetched and its markup hydrated only once it comes within 200 px of the screen,
 * so the first load does not carry it.
 */
export function LazyBelowFold() {
  const marker = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const node = marker.current;
    if (!node || belowFoldSections.current() || typeof IntersectionObserver === 'undefined') {
      void belowFoldSections.load();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          void belowFoldSections.load();
        }
      },
      { rootMargin: '200px 0px' },
    );
    // The marker, and every section after it (prerendered, still dehydrated): a jump past the marker (a link to
    // #faq, a restored scroll position) lands on one of them.
    for (let element: Element | null = node; element; element = element.nextElementSibling) observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <>
      <Marker ref={marker} data-below-the-fold="" />
      <Suspense fallback={null}>
        <Sections />
        <Hydrated />
      </Suspense>
    </>
  );
}

/**
 * The sections are laid out only once they come near the screen (`content-visibility: auto`), each holding its last
 * rendered height meanwhile: the browser's first layout of the page covers the first screen, not the whole page
 * (decision 156). Their text stays in the page for find-in-page and assistive technology.
 */
const Marker = styled.div`
  & ~ section {
    content-visibility: auto;
    contain-intrinsic-size: auto 720px;
  }
`;
