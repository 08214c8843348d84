/**
 * The browser's key-value storage, made safe to call anywhere. Storage can be missing (no window), refused (some
 * private modes throw on access), full (quotas) or hand-edited: then reading gives null, writing and removing do
 * nothing, and the caller carries on with what it has in memory. Values are JSON, checked on the way in.
 *
 * This module is in the first bundle of every page (the header's signed-in check reads through it), so it imports
 * nothing at run time: a zod schema is passed in by the caller.
 */

/** Anything with zod's safeParse: a schema, or an object that validates and reshapes like one. */
export interface Validator<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

/** A Validator from a function that answers null for what it rejects. */
export function validatorOf<T>(parse: (value: unknown) => T | null): Validator<T> {
  return {
    safeParse: (value) => {
      const data = parse(value);
      return data === null ? { success: false } : { success: true, data };
    },
  };
}

type Area = 'localStorage' | 'sessionStorage';

function storageArea(area: Area): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window[area];
  } catch {
    return undefined;
  }
}

/** localStorage, or undefined where the browser refuses it. */
export const safeLocalStorage = (): Storage | undefined => storageArea('localStorage');

/** sessionStorage (this tab only), or undefined where the browser refuses it. */
export const safeSessionStorage = (): Storage | undefined => storageArea('sessionStorage');

/** The stored text under `key`, or null when there is none or storage refuses. */
export function readText(store: Pick<Storage, 'getItem'> | undefined, key: string): string | null {
  try {
    return store?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Stores `text`; false when storage is missing, full or refused. */
export function writeText(store: Storage | undefined, key: string, text: string): boolean {
  try {
    if (!store) return false;
    store.setItem(key, text);
    return true;
  } catch {
    return false;
  }
}

/** The JSON stored under `key` when `validator` accepts it; null when absent, unreadable or rejected. */
export function readJson<T>(store: Storage | undefined, key: string, validator: Validator<T>): T | null {
  const text = readText(store, key);
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = validator.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** Stores `value` as JSON; false when storage is missing, full or refused. */
export function writeJson(store: Storage | undefined, key: string, value: unknown): boolean {
  return writeText(store, key, JSON.stringify(value));
}

export function removeItem(store: Storage | undefined, key: string): void {
  try {
    store?.removeItem(key);
  } catch {
    // Nothing was kept either.
  }
}
