import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readJson, readText, removeItem, validatorOf, writeJson, writeText } from '../../src/lib/storage';

/** The one safe wrapper around local and session storage that the draft, the auth cache and the chat use. */

const schema = z.object({ n: z.number() });
const refusing = {
  getItem: () => {
    throw new DOMException('denied', 'SecurityError');
  },
  setItem: () => {
    throw new DOMException('full', 'QuotaExceededError');
  },
  removeItem: () => {
    throw new DOMException('denied', 'SecurityError');
  },
} as unknown as Storage;

describe('storage', () => {
  beforeEach(() => localStorage.clear());

  it('round-trips JSON the schema accepts', () => {
    expect(writeJson(localStorage, 'k', { n: 1 })).toBe(true);
    expect(localStorage.getItem('k')).toBe('{"n":1}');
    expect(readJson(localStorage, 'k', schema)).toEqual({ n: 1 });
    removeItem(localStorage, 'k');
    expect(readJson(localStorage, 'k', schema)).toBeNull();
  });

  it('reads what is missing, not JSON or refused by the schema as null', () => {
    expect(readJson(localStorage, 'absent', schema)).toBeNull();
    localStorage.setItem('k', '{not json');
    expect(readJson(localStorage, 'k', schema)).toBeNull();
    localStorage.setItem('k', '{"n":"one"}');
    expect(readJson(localStorage, 'k', schema)).toBeNull();
    expect(
      readJson(
        localStorage,
        'k',
        validatorOf((value) => (value as { n: string }).n.toUpperCase()),
      ),
    ).toBe('ONE');
  });

  it('swallows refused, full and missing storage', () => {
    expect(readText(refusing, 'k')).toBeNull();
    expect(readJson(refusing, 'k', schema)).toBeNull();
    expect(writeJson(refusing, 'k', { n: 1 })).toBe(false);
    expect(writeText(undefined, 'k', 'x')).toBe(false);
    expect(() => removeItem(refusing, 'k')).not.toThrow();
    expect(readJson(undefined, 'k', schema)).toBeNull();
  });
});
