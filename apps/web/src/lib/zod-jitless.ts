/**
 * Zod's schemas run without compiling code (`jitless`) in the browser. To find out whether it may
 * compile, zod tries `new Function("")`, which the page's CSP (script-src without 'unsafe-eval')
 * refuses and reports: a violation on every page that parses with zod (Lighthouse's best-practices
 * audit of All Services). The setting must be in place before any schema is made, and importing
 * zod here would put it in the entry chunk, so it is set where zod reads its settings from
 * (`globalThis.__zod_globalConfig`, which `z.config()` writes) before the lazy chunks load.
 * Imported first by main.tsx.
 */
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };
