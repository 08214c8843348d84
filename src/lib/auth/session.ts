import { readText, safeLocalStorage } from '../storage';
import { sessionStorageKey } from './sessionKey';

export { DEMO_API_KEY, envText, sessionStorageKey } from './sessionKey';

/**
 * Whether anyone is signed in in this browser, answered without Firebase: this file is in the first bundle of every
 * page (the header reads it), so it stays tiny.
 */
export function hasStoredSession(storage: Pick<Storage, 'getItem'> | undefined = safeLocalStorage()): boolean {
  return !!readText(storage, sessionStorageKey());
}
