/**
 * The prerendered index.html shows the home page (docs/decisions/135-component-routes-and-prerendered-home.md).
 * A hash naming any other route (`#/pricing`, `#/payment?plan=growth`), or a signed-in visitor (whose header
 * differs), means that markup is the wrong page: the build's inline script (vite.config.ts, notThisPageScript) takes
 * it out before the first paint, and main.tsx renders afresh instead of hydrating. Home is no hash, `#`, `#/`, or one of those with a query.
 */
export const homeHash = /^(?:#\/?)?(?:\?.*)?$/;

/** The class the inline script puts on <html> when the prerendered page is not this visitor's; main.tsx takes it off. */
export const elsewhereClass = 'route-elsewhere';

export function isHomeHash(hash: string): boolean {
  return homeHash.test(hash);
}
