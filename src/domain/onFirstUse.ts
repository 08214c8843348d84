/**
 * A value made the first time it is asked for, then kept. For zod schemas that another schema is built from (a pick
 * of an object schema): the exported schemas themselves are `z.lazy`, which keeps what it builds the same way.
 *
 * Why schemas wait (docs/decisions/158-schemas-built-on-first-use.md): building them at import cost a phone 10-15 ms
 * of main thread on each funnel page, in the task that draws the page, though most visits parse nothing for seconds.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
