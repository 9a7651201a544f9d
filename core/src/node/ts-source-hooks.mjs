/**
 * Node module hooks (https://nodejs.org/api/module.html#customization-hooks) used only when
 * core runs from its TypeScript source (Vitest), to start a worker thread on a `.ts` entry:
 * a relative `./x.js` import resolves to `./x.ts` when only the `.ts` exists, and `.ts` files
 * are transpiled with TypeScript's `transpileModule` (types dropped, nothing checked). The
 * built server never loads this file: its workers start on the compiled `.js`.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

// require, not import: an ESM import of TypeScript's 9 MB CommonJS bundle first scans it for
// named exports, which takes seconds; loaded on the first .ts file.
let ts;
const typescript = () => (ts ??= createRequire(import.meta.url)('typescript'));

export async function resolve(specifier, context, nextResolve) {
  if (/^\.{1,2}\//.test(specifier) && specifier.endsWith('.js') && context.parentURL?.endsWith('.ts')) {
    const js = new URL(specifier, context.parentURL);
    const source = new URL(specifier.replace(/\.js$/, '.ts'), context.parentURL);
    if (!existsSync(fileURLToPath(js)) && existsSync(fileURLToPath(source))) return { url: source.href, shortCircuit: true };
  }
  return nextResolve(specifier, context);
}

export async function load(url, context, nextLoad) {
  if (!url.startsWith('file:') || !url.endsWith('.ts')) return nextLoad(url, context);
  const fileName = fileURLToPath(url);
  const { transpileModule, ModuleKind, ScriptTarget } = typescript();
  const { outputText } = transpileModule(await readFile(fileName, 'utf8'), {
    fileName,
    compilerOptions: { module: ModuleKind.ESNext, target: ScriptTarget.ES2022, verbatimModuleSyntax: true, inlineSourceMap: true },
  });
  return { format: 'module', source: outputText, shortCircuit: true };
}
