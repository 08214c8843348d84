import type { Request, RequestHandler } from 'express';
import { AppError } from './errors';

/**
 * Refuses a state-changing request that another website makes a visitor's browser send (a hidden form posting a lead,
 * a script calling the API): browsers say where a request comes from, in `Origin` and `Sec-Fetch-Site`, and a page
 * cannot forge either. Allowed: the site's own origin (the host the browser addressed, which is also what the Vite dev
 * proxy passes on), the origins in ALLOWED_ORIGINS, and clients that send neither header (curl, servers, tests), which
 * carry no visitor's cookies or session and so cannot be used against one. Reads are never refused: they change nothing.
 */

const readMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

function isOwnOrigin(origin: string, req: Request, allowed: ReadonlySet<string>): boolean {
  if (allowed.has(origin)) return true;
  // "null" (a sandboxed frame, a data: page) and anything else that is not a web origin is no one's own.
  if (!URL.canParse(origin)) return false;
  const url = new URL(origin);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  // req.host is the Host header (X-Forwarded-Host only behind a trusted proxy), with its port: the address the
  // browser itself used. The scheme is not compared: a proxy that ends TLS makes the app see http.
  return url.host === req.host.toLowerCase();
}

export function refuseCrossSite(allowedOrigins: readonly string[]): RequestHandler {
  const allowed = new Set(allowedOrigins);
  return (req, _res, next) => {
    if (readMethods.has(req.method)) return next();
    const origin = req.get('origin');
    if (req.get('sec-fetch-site') === 'cross-site' || (origin !== undefined && !isOwnOrigin(origin, req, allowed))) {
      return next(new AppError(403, 'cross_site_request', 'Requests from other websites are not accepted here.'));
    }
    next();
  };
}
