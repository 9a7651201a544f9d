import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Where a worker thread or child process starts: `name` (e.g. `feed-parse-worker`) beside the
 * module at `from` (its `import.meta.url`). The built server (tsc output) has the compiled `.js`;
 * from TypeScript source (Vitest) there is only the `.ts`, which Node loads after registering
 * ts-source-hooks.mjs (`register`: the hooks' URL for `module.register`).
 */
export function threadEntry(name: string, from: string): { compiled: true; file: string } | { compiled: false; file: string; register: string } {
  const compiled = fileURLToPath(new URL(`./${name}.js`, from));
  if (existsSync(compiled)) return { compiled: true, file: compiled };
  return { compiled: false, file: fileURLToPath(new URL(`./${name}.ts`, from)), register: new URL('./ts-source-hooks.mjs', import.meta.url).href };
}
