import { lazy, Suspense, useEffect, useRef } from 'react';

type BelowFoldModule = typeof import('./HomeBelowFold');

let loaded: BelowFoldModule | undefined;
let reveal: (() => void) | undefined;
const nearScreen = new Promise<void>((resolve) => (reveal = resolve));

/** The prerender (and a test) loads the sections first, so they render at once, synchronously. */
export async function loadBelowTheFold(): Promise<BelowFoldModule> {
  loaded ??= await import('./HomeBelowFold');
  return loaded;
}

/** A thenable that has already settled: React.lazy reads it synchronously, so nothing suspends. */
const settled = (module: BelowFoldModule) => ({ then: (resolve: (m: BelowFoldModule) => void) => resolve(module) });

const Sections = lazy(() => (loaded ? (settled(loaded) as unknown as Promise<BelowFoldModule>) : nearScreen.then(loadBelowTheFold)));

/**
 * The home page under the hero. Prerendered with the rest; in the browser its code (content, components, icons) is
 * fetched and its markup hydrated only once it comes within 200 px of the screen, so the first load does not carry it.
 */
export function BelowTheFold() {
  const marker = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = marker.current;
    if (!node || loaded) return reveal?.();
    if (typeof IntersectionObserver === 'undefined') return reveal?.();
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          reveal?.();
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
      <div ref={marker} />
      <Suspense fallback={null}>
        <Sections />
      </Suspense>
    </>
  );
}
