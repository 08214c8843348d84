import type * as ChatWidgetModule from './ChatWidget';

/** The chat widget's code, fetched once on demand; a failed fetch is forgotten so the next request tries again. */
let pending: Promise<typeof ChatWidgetModule> | null = null;

export function loadChatWidget(): Promise<typeof ChatWidgetModule> {
  pending ??= import('./ChatWidget').catch((error: unknown) => {
    pending = null;
    throw error;
  });
  return pending;
}
