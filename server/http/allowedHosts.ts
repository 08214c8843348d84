import type { RequestHandler } from 'express';
import { AppError } from './errors';

/**
 * Answers only requests that name this server in their Host header (docs/decisions/085-refuse-cross-site-requests.md,
 * DNS rebinding). A page on another site can make its own host name resolve to this machine; its requests then carry
 * a matching Origin and Host, which the cross-site check accepts. On the Auth Emulator, whose tokens anyone can forge,
 * that would open the staff inbox to any website the owner visits. `null` serves every name (a live server with no
 * ALLOWED_HOSTS). Health answers whatever the name: platforms often check a server by its address.
 */
export function refuseUnknownHosts(allowed: readonly string[] | null): RequestHandler {
  if (!allowed) return (_req, _res, next) => next();
  const names = new Set(allowed);
  return (req, _res, next) => {
    if (req.path === '/api/health' && (req.method === 'GET' || req.method === 'HEAD')) return next();
    // Express's hostname: the Host header (X-Forwarded-Host behind a trusted proxy) without its port.
    if (req.hostname && names.has(req.hostname.toLowerCase())) return next();
    next(new AppError(421, 'unknown_host', 'This server does not answer to that host name.'));
  };
}
