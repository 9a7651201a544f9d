/**
 * Node module hooks (https://nodejs.org/api/module.html#customization-hooks) used only when
 * core runs from its TypeScript source (Vitest), to start a worker thread or child process on a
 * `.ts` entry: a relative `./x.js` import resolves to `./x.ts` when only the `.ts` exists, and
 * `.ts` files are transpiled with TypeScript's `transpileModule` (types dropped, nothing
 * checked). The built server never loads this file: it starts the compiled `.js`.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// require, not import: an ESM import of TypeScript's 9 MB CommonJS bundle first scans it for
// named exports, which takes seconds. Loaded only on a cache miss: each image upload starts a
// process, and loading TypeScript in each would cost about a second.
let ts;
const typescript = () => (ts ??= createRequire(import.meta.url)('typescript'));
const cacheDir = path.join(tmpdir(), 'ridgeline-ts-source-cache');

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
  const text = await readFile(fileName, 'utf8');
  const cached = path.join(cacheDir, `${createHash('sha256').update(fileName).update('\0').update(text).digest('hex')}.js`);
  if (existsSync(cached)) return { format: 'module', source: readFileSync(cached, 'utf8'), shortCircuit: true };
  const { transpileModule, ModuleKind, ScriptTarget } = typescript();
  const { outputText } = transpileModule(text, {
    fileName,
    compilerOptions: { module: ModuleKind.ESNext, target: ScriptTarget.ES2022, verbatimModuleSyntax: true, inlineSourceMap: true },
  });
  mkdirSync(cacheDir, { recursive: true });
  // Written under a name of its own, then renamed: a process reading it never sees half a file.
  const temporary = `${cached}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  writeFileSync(temporary, outputText);
  renameSync(temporary, cached);
  return { format: 'module', source: outputText, shortCircuit: true };
}
