import path from 'node:path';
import express, { type RequestHandler, type Response } from 'express';
import { CODING_SUFFIX, chooseCoding, PRECOMPRESSED_EXTENSIONS } from './precompressed';

const oneYear = 31_536_000;

/**
 * Hashed files under /assets never change, so browsers keep them for a year (fonts and images are emitted there
 * too, docs/decisions/121-hashed-fonts-and-images.md); index.html must be revalidated on every visit so a deploy is
 * picked up at once; the few public files that must keep their names (favicon, robots.txt) get an hour.
 */
function cacheControl(res: Response, filePath: string, assetsDir: string): void {
  if (filePath.startsWith(assetsDir)) res.setHeader('Cache-Control', `public, max-age=${oneYear}, immutable`);
  else if (path.basename(filePath) === 'index.html') res.setHeader('Cache-Control', 'no-cache');
  else res.setHeader('Cache-Control', 'public, max-age=3600');
}

/**
 * Serves Vite's build. Text files have Brotli and gzip copies made at build time (server/http/precompressed.ts);
 * a client that accepts one gets it with `Content-Encoding` and the original file's `Content-Type`, any other gets
 * the original (docs/decisions/120-precompressed-static-assets.md). Routing is by hash, so there is no index.html
 * fallback: an unknown file falls through to the JSON 404.
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
    const pathname = req.path;
    const extension = path.extname(pathname);
    // The compressed copies are served only in place of their original, never under their own names.
    if (extension === CODING_SUFFIX.br || extension === CODING_SUFFIX.gzip) return next();
    const file = pathname.endsWith('/') ? `${pathname}index.html` : pathname;
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
