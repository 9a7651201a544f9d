/**
 * The home page's JavaScript budget: the JS that `/`'s HTML loads up front (its module script
 * and modulepreloads), each file gzipped at level 9 as web/e2e/first-load-budget.spec.ts counts
 * it. Target 90 KB (README "Performance").
 */
import { gzipSync } from 'node:zlib';

export const FIRST_LOAD_TARGET_KB = 90;

export async function runBudget(baseUrl) {
  const html = await (await fetch(`${baseUrl}/`)).text();
  const urls = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((m) => m[1]);
  const rows = [];
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(new URL(url, baseUrl))).arrayBuffer());
    rows.push({ file: url, KB: Number((body.length / 1024).toFixed(1)), gzipKB: Number((gzipSync(body, { level: 9 }).length / 1024).toFixed(1)) });
  }
  const totalKB = Number(rows.reduce((sum, r) => sum + r.gzipKB, 0).toFixed(1));
  return { rows, totalKB, targetKB: FIRST_LOAD_TARGET_KB };
}
