import { lazy, Suspense, useEffect, useRef } from 'react';
import styled from 'styled-components';
import type * as BelowFoldSections from './BelowFoldSections';
import { holdPressesUntil } from '../../lib/heldPresses';

type BelowFoldModule = typeof BelowFoldSections;

let loaded: BelowFoldModule | undefined;
let reveal = () => {};
const nearScreen = new Promise<void>((resolve) => (reveal = resolve));
let markHydrated = () => {};
const hydrated = new Promise<void>((resolve) => (markHydrated = resolve));

/** The prerender loads the sections first, so they render at once, synchronously. */
export async function loadBelowFoldSections(): Promise<BelowFoldModule> {
  loaded ??= await import('./BelowFoldSections');
  return loaded;
}

/** A thenable that has already settled: React.lazy reads it synchronously, so nothing suspends. */
const settled = (module: BelowFoldModule) => ({ then: (resolve: (m: BelowFoldModule) => void) => resolve(module) });

const Sections = lazy(() => (loaded ? (settled(loaded) as unknown as Promise<BelowFoldModule>) : nearScreen.then(loadBelowFoldSections)));

/** Rendered last inside the boundary: its effect runs once the sections are hydrated (or rendered) and live. */
function Hydrated() {
  useEffect(() => markHydrated(), []);
  return null;
}

/**
 * Until the sections are live, a press on one of their buttons (an FAQ question, the carousel's arrows) is held,
 * brings the code, and is pressed again once the button is live (src/lib/heldPresses.ts). Only the sections' own
 * buttons: after the marker, inside the page's <main>; main.tsx holds the rest of the page's until it is hydrated.
 */
function inSections(button: HTMLButtonElement): boolean {
  const marker = document.querySelector('[data-below-the-fold]');
  return !!marker?.parentElement?.contains(button) && !!(marker.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING);
}
if (typeof document !== 'undefined') holdPressesUntil(hydrated, inSections, { onHeld: () => reveal() });

/**
 * The home page under the hero (docs/performance-home.md). Prerendered with the rest; in the browser its code
 * (content, components, icons) is fetched and its markup hydrated only once it comes within 200 px of the screen,
 * so the first load does not carry it.
 */
export function LazyBelowFold() {
  const marker = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const node = marker.current;
    if (!node || loaded || typeof IntersectionObserver === 'undefined') return reveal();
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          reveal();
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
