/**
 * The site's addresses were `/#/pricing?plan=growth` until they became `/pricing?plan=growth`
 * (docs/decisions/186-real-urls-and-prerendered-pages.md). The fragment never reaches the server, so an old link loads
 * the home page's file; this inline script, first in its head, replaces the address with the path the fragment names
 * before anything is painted. Only a fragment that starts with one `/` is a path: `#main` (the skip link) stays, and
 * `#//host` is not let out of the site.
 */
export const hashAddressScript =
  "(function(){var h=location.hash;if(/^#\\/(?![\\/\\\\])/.test(h)){document.documentElement.style.visibility='hidden';location.replace(h.slice(1))}})()";
