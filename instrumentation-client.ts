/*
 * Runs in the browser before any page code (Next.js loads it ahead of hydration). zod 4 probes
 * for `eval` (`new Function`) when it makes its first object schema; under our Content Security
 * Policy (no 'unsafe-eval') the browser reports that probe as a violation even though zod catches
 * the error. Jitless mode skips the probe, and with it zod's compiled parsers, which forms in the
 * browser do not need. The server keeps them.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;
