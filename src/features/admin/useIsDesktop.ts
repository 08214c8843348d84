import { useSyncExternalStore } from 'react';
import { theme } from '../../ui/theme';

/**
 * Whether the window is at least the theme's `lg` width, where the inbox shows a table instead of cards. One layout
 * is rendered rather than both with one hidden, so screen readers and tests meet each row once. Without matchMedia
 * (a test's DOM) the phone's cards show.
 */
const query = `(min-width: ${theme.bp.lg})`;

function subscribe(listener: () => void) {
  if (typeof window.matchMedia !== 'function') return () => {};
  const list = window.matchMedia(query);
  list.addEventListener('change', listener);
  return () => list.removeEventListener('change', listener);
}

const snapshot = () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches;

export function useIsDesktop(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
