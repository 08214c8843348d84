import { retryableImport } from '../../lib/retryableImport';

/**
 * The chat widget's code, fetched once on demand; after a failed fetch, the next request tries again
 * (docs/decisions/174-a-failed-chunk-is-fetched-again-under-a-fresh-url.md says what a retry cannot reach).
 */
export const loadChatWidget = retryableImport(() => import('./ChatWidget'));
