import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type RequestHandler, type Response } from 'express';
import { caseStudyNotFoundPath, notFoundPath, notFoundPaths, privatePaths } from '../../src/content/sitePages';
import { CODING_SUFFIX, chooseCoding, PRECOMPRESSED_EXTENSIONS } from './precompressed';

const oneYear = 31_536_000;

/**
 * Hashed files under /assets never change, so browsers keep them for a year (fonts and images are emitted there
 * too, docs/decisions/121-hashed-fonts-and-images.md); the pages must be revalidated on every visit so a deploy is
 * picked up at once; the few public files that must keep their names (favicon, robots.txt) get an hour.
 */
function cacheControl(res: Response, filePath: string, assetsDir: string): void {
  if (filePath.startsWith(assetsDir)) res.setHeader('Cache-Control', `public, max-age=${oneYear}, immutable`);
  else if (path.extname(filePath) === '.html') res.setHeader('Cache-Control', 'no-cache');
  else res.setHeader('Cache-Control', 'public, max-age=3600');
}

/**
 * A page's address: no file extension. A page's file asked for by its name (`/pricing/index.html`) is answered as an
 * address too, an unknown one: a page has one address, and the router would draw the not-found page there anyway.
 */
const isPageAddress = (pathname: string) => ['', '.html'].includes(path.extname(pathname));

/**
 * The not-found page the browser's router draws at an address, so the served one hydrates unchanged: the case-study
 * route's own for an unknown slug (docs/decisions/187-an-unknown-case-study-is-its-own-404-page.md).
 */
const notFoundPageAt = (pathname: string) => (/^\/case-studies\/[^/]+$/.test(pathname) ? caseStudyNotFoundPath : notFoundPath);

/**
 * The file that answers a page's address, and its status (docs/decisions/186-real-urls-and-prerendered-pages.md):
 * a prerendered page its own index.html; a page drawn in the browser (sign-in, quiz, payment...) the app's shell;
 * any other address its prerendered not-found page, with status 404. Null when the build has no such file (no build).
 */
export function pageFile(distDir: string, pathname: string): { file: string; status: number } | null {
  const own = pathname === '/' ? '/index.html' : `${pathname}/index.html`;
  const isPage = !notFoundPaths.includes(pathname) && path.extname(pathname) === '' && !own.includes('..');
  if (isPage && existsSync(path.join(distDir, own))) return { file: own, status: 200 };
  const shell = '/__spa-fallback.html';
  if ((privatePaths as readonly string[]).includes(pathname) && existsSync(path.join(distDir, shell))) return { file: shell, status: 200 };
  const notFound = [`${notFoundPageAt(pathname)}/index.html`, `${notFoundPath}/index.html`].find((file) =>
    existsSync(path.join(distDir, file)),
  );
  return notFound ? { file: notFound, status: 404 } : null;
}

/**
 * Serves the build. Text files have Brotli and gzip copies made at build time (server/http/precompressed.ts);
 * a client that accepts one gets it with `Content-Encoding` and the original file's `Content-Type`, any other gets
 * the original (docs/decisions/120-precompressed-static-assets.md). A page's address (`/pricing`) is answered by
 * its file (`pageFile`), as is an `.html` file asked for by its name; an unknown file with any other extension falls
 * through to the JSON 404.
 */
export function staticSite(distDir: string): RequestHandler {
  const assetsDir = path.join(distDir, 'assets') + path.sep;
  const options = { redirect: false, fallthrough: true } as const;
  const plain = express.static(distDir, {
    ...options,
    index: ['index.html'],
    setHeaders: (res, filePath) => cacheControl(res, filePath, assetsDir),
  });
  const encoded = express.static(distDir, {
    ...options,
    index: false,
    setHeaders(res, filePath) {
      const suffix = path.extname(filePath);
      const original = filePath.slice(0, -suffix.length);
      cacheControl(res, original, assetsDir);
      res.setHeader('Content-Encoding', suffix === CODING_SUFFIX.br ? 'br' : 'gzip');
      // The original's type (send would name the .br file application/octet-stream).
      res.type(path.extname(original));
    },
  });

  return (req, res, next) => {
    let pathname = req.path;
    const extension = path.extname(pathname);
    // The compressed copies are served only in place of their original, never under their own names.
    if (extension === CODING_SUFFIX.br || extension === CODING_SUFFIX.gzip) return next();
    if ((req.method === 'GET' || req.method === 'HEAD') && isPageAddress(pathname)) {
      // One address per page, the canonical one: `/pricing/` moves to `/pricing`.
      if (pathname.length > 1 && pathname.endsWith('/')) {
        const query = req.originalUrl.slice(req.originalUrl.indexOf('?') >= 0 ? req.originalUrl.indexOf('?') : req.originalUrl.length);
        // Leading slashes collapsed too: `//host/` must not become a redirect to another site.
        return res.redirect(301, `/${pathname.replace(/^\/+|\/+$/g, '')}${query}`);
      }
      const page = pageFile(distDir, pathname);
      if (page) {
        res.status(page.status);
        pathname = page.file;
        req.url = page.file;
      }
    }
    const file = pathname;
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !PRECOMPRESSED_EXTENSIONS.has(path.extname(file))) {
      return plain(req, res, next);
    }
    // A shared cache must key these answers on the request's Accept-Encoding, whichever coding is chosen.
    res.vary('Accept-Encoding');
    const coding = chooseCoding(req.get('Accept-Encoding'));
    if (!coding) return plain(req, res, next);

    const originalUrl = req.url;
    const query = originalUrl.includes('?') ? originalUrl.slice(originalUrl.indexOf('?')) : '';
    req.url = `${file}${CODING_SUFFIX[coding]}${query}`;
    encoded(req, res, (error?: unknown) => {
      req.url = originalUrl;
      // No compressed copy (a file too small to gain, or a build made without them): the original, as it is.
      if (error) next(error);
      else plain(req, res, next);
    });
  };
}
