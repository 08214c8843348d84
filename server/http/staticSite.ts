import path from 'node:path';
import express, { type RequestHandler } from 'express';

const oneYear = 31_536_000;

/**
 * Serves Vite's build. Hashed files under /assets never change, so browsers keep them for a year; index.html must
 * be revalidated on every visit so a deploy is picked up at once; other public files (favicon, robots.txt, images)
 * keep their names across deploys, so they get an hour. Routing is by hash, so there is no index.html fallback:
 * an unknown file falls through to the JSON 404.
 */
export function staticSite(distDir: string): RequestHandler {
  const assetsDir = path.join(distDir, 'assets') + path.sep;
  return express.static(distDir, {
    index: ['index.html'],
    redirect: false,
    fallthrough: true,
    setHeaders(res, filePath) {
      if (filePath.startsWith(assetsDir)) res.setHeader('Cache-Control', `public, max-age=${oneYear}, immutable`);
      else if (path.basename(filePath) === 'index.html') res.setHeader('Cache-Control', 'no-cache');
      else res.setHeader('Cache-Control', 'public, max-age=3600');
    },
  });
}
