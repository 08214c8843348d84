/**
 * The prerendered index.html shows the home page (docs/decisions/135-component-routes-and-prerendered-home.md).
 * A hash naming any other route (`#/pricing`, `#/payment?plan=growth`), or a signed-in visitor (whose header
 * differs), means that markup is the wrong page: the build's inline script (build/prerenderHome.ts, notThisPageScript) takes
 * it out before the first paint, and main.tsx renders afresh instead of hydrating. Home is no hash, `#`, `#/`, the
 * skip link's `#main`, or one of those with a query.
 */
export const homeHash = /^(?:#\/?|#main)?(?:\?.*)?$/;

/**
 * The skip link's target. Until the page's code has arrived the skip link is a plain link, and following it leaves
 * `#main` in the address: the home page still, not a route (main.tsx takes it out before the router reads it).
 */
export const skipLinkHash = '#main';

/** The class the inline script puts on <html> when the prerendered page is not this visitor's; main.tsx takes it off. */
export const elsewhereClass = 'route-elsewhere';

export function isHomeHash(hash: string): boolean {
  return homeHash.test(hash);
}
