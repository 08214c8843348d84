/**
 * Zod compiles object schemas with `new Function` when it may, and probes for it first. Our CSP has no
 * 'unsafe-eval', so the probe is refused and reported as a CSP violation (Lighthouse's Best Practices counts it);
 * the interpreted path is as correct and fast enough for form-sized input. This is `z.config({ jitless: true })`
 * without importing zod into the first load (about 4 kB gzip): zod keeps its settings on this global, made for
 * sharing them between copies, and reads `jitless` when a schema is built, which happens only in lazy chunks.
 */
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };

export {};
