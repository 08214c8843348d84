import compression from 'compression';
import type { RequestHandler } from 'express';
import { constants } from 'node:zlib';

/**
 * On-the-fly compression for what is not precompressed: the JSON API (and any build file without a copy).
 * `compression` 1.8 speaks Brotli and prefers it when the client accepts it, gzip otherwise; quality 5 rather than
 * 11 because it runs on every answer. Responses that already carry a Content-Encoding (the precompressed build) and
 * those marked `no-transform` (the chat's event stream, which must not be buffered) pass through untouched; the CSV
 * export streams through it with backpressure
 * (docs/decisions/120-precompressed-static-assets.md).
 */
export function dynamicCompression(): RequestHandler {
  return compression({ brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } } });
}
