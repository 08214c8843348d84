import { sessionStorageKey } from '../lib/auth/sessionKey';

/**
 * Every page is prerendered as a signed-out visitor sees it, with "Sign in" in the header. For a visitor with a
 * session stored in this browser, the head's script marks the document before the first paint and the header's
 * account area stays hidden (src/ui/GlobalStyle.ts) until the app has hydrated and asked who is signed in.
 */
export const storedSessionAttribute = 'data-stored-session';

export function storedSessionScript(key = sessionStorageKey()): string {
  return `try{localStorage.getItem(${JSON.stringify(key)})&&document.documentElement.setAttribute(${JSON.stringify(storedSessionAttribute)},'')}catch(e){}`;
}
