/**
 * A parsed JSON value made fit for a jsonb column. PostgreSQL's JSON holds neither U+0000 nor a lone UTF-16
 * surrogate (JSON.parse accepts both from `\u0000` and `\ud800`), so each becomes U+FFFD; and it refuses very deep
 * nesting, so anything deeper than `maxDepth` is refused here, with a reason the caller can give.
 */

export class TooDeeplyNested extends Error {
  constructor(readonly maxDepth: number) {
    super(`nested more than ${maxDepth} levels deep`);
    this.name = 'TooDeeplyNested';
  }
}

// With the u flag a surrogate matches only when it is not half of a pair.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const unstorable = /[\u0000\uD800-\uDFFF]/gu;
const storableText = (text: string) => text.replace(unstorable, '\uFFFD');

export function storableJson(value: unknown, maxDepth: number, depth = 0): unknown {
  if (typeof value === 'string') return storableText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= maxDepth) throw new TooDeeplyNested(maxDepth);
  if (Array.isArray(value)) return value.map((item) => storableJson(item, maxDepth, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [storableText(key), storableJson(item, maxDepth, depth + 1)]));
}
