import { describe, expect, it, vi } from 'vitest';
import * as classic from 'zod';
import * as z from 'zod/mini';

/**
 * The CSP has no 'unsafe-eval', and the browser reports a refused `new Function` as a violation. zod/mini, the only
 * zod the browser loads (decision 155), never compiles a parser, so it needs no `jitless` setting (decision 183).
 * Should an upgrade change that, this fails: set `z.config({ jitless: true })` before the first schema is built.
 */
describe('the browser’s zod parses without `new Function`', () => {
  it('zod/mini builds and parses an object schema without it', () => {
    const compile = vi.spyOn(globalThis, 'Function');
    const schema = z.object({ name: z.string(), age: z.number() });
    expect(schema.parse({ name: 'Asha', age: 30 })).toEqual({ name: 'Asha', age: 30 });
    expect(z.safeParse(schema, { name: 'Asha' }).success).toBe(false);
    expect(compile).not.toHaveBeenCalled();
  });

  it('classic zod does use it, so the spy above would see it', () => {
    const compile = vi.spyOn(globalThis, 'Function');
    expect(classic.object({ name: classic.string() }).parse({ name: 'Asha' })).toEqual({ name: 'Asha' });
    expect(compile).toHaveBeenCalled();
  });
});
