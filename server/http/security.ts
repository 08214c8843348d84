import helmet from 'helmet';
import type { RequestHandler } from 'express';
import type { CspSources } from '../config';

/**
 * The CSP a Vite-built React SPA passes: Vite emits only external module scripts, so scripts need no
 * 'unsafe-inline'; styled-components injects <style> tags, so styles do. Every directive is written out
 * (useDefaults: false) so the policy reads here in full.
 */
export function contentSecurityPolicy(extra: CspSources, { production }: { production: boolean }): Record<string, string[]> {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...extra.scriptSrc],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    // data: for the few tiny font subsets Vite inlines into the CSS.
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...extra.connectSrc],
    // The site frames nothing of its own; payment widgets add their hosts through the config.
    'frame-src': extra.frameSrc.length > 0 ? [...extra.frameSrc] : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  // Only behind real TLS: on http://localhost it would rewrite the embedded emulator's http URL.
  if (production) directives['upgrade-insecure-requests'] = [];
  return directives;
}

export function securityHeaders(extra: CspSources, options: { production: boolean }): RequestHandler {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(extra, options) },
    // Razorpay Checkout (bank pages) and Firebase popups talk back to their opener; 'same-origin' would cut that link.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // Old browsers ignore frame-ancestors; say the same thing to them.
    xFrameOptions: { action: 'deny' },
  });
}
