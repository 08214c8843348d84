import { config } from 'zod/v4/core';

/**
 * Zod compiles object schemas with `new Function` when it may, and probes for it first. Our CSP has no
 * 'unsafe-eval', so the probe is refused and reported as a CSP violation (Lighthouse's Best Practices counts it).
 * The interpreted path is as correct and fast enough for form-sized input. Imported first by main.tsx, before any
 * schema is built.
 */
config({ jitless: true });
