/**
 * Zod in the browser without `new Function`: zod probes whether it may compile a fast object
 * parser with `new Function("")` when the first `z.object` is created, and our Content Security
 * Policy (no 'unsafe-eval') reports that probe as a violation even though zod catches it
 * (Lighthouse Best Practices counts it). `jitless` skips the probe. Zod reads its global config
 * from `globalThis.__zod_globalConfig`, so this needs no zod code in the first load; it runs
 * before any chunk with zod loads (lib/api.ts imports it first). Browsers only: the server keeps
 * zod's compiled parsers.
 */
type ZodGlobal = typeof globalThis & { __zod_globalConfig?: Record<string, unknown> };

if (typeof document !== 'undefined') {
  const holder = globalThis as ZodGlobal;
  holder.__zod_globalConfig = Object.assign(holder.__zod_globalConfig ?? {}, { jitless: true });
}

export {};
