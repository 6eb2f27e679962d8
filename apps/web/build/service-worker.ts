import { transform } from 'esbuild';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const SOURCE = fileURLToPath(new URL('../src/sw/service-worker.ts', import.meta.url));

/** Built files the service worker keeps: every chunk, style sheet, worker, data file, font and image (not source maps, not index.html). */
export function precacheable(fileName: string): boolean {
  return /^assets\/[^/]+\.(js|mjs|css|json|woff2?|ttf|otf|svg|png|webp|jpg)$/.test(fileName);
}

/** The service worker's code with its precache list and version written in. */
export async function buildServiceWorker(files: readonly string[], source?: string): Promise<{ code: string; version: string; precache: string[] }> {
  const ts = source ?? (await readFile(SOURCE, 'utf8'));
  const precache = files.filter(precacheable).map((f) => `/${f}`).sort();
  // Asset names carry their content's hash: the list (and the worker's own code) is the version.
  const version = createHash('sha256').update(precache.join('\n')).update(ts).digest('hex').slice(0, 12);
  const { code } = await transform(ts, {
    loader: 'ts', format: 'iife', target: 'es2022', minify: true, legalComments: 'none',
    define: { __SW_VERSION__: JSON.stringify(version), __SW_PRECACHE__: JSON.stringify(precache) },
  });
  return { code, version, precache };
}

/**
 * Vite plugin: writes /sw.js next to index.html (docs/decisions.md "Installable app and offline
 * outbox (issue 11)"). A hand-written worker rather than vite-plugin-pwa/Workbox: the app shell is
 * rendered per brand by the server, which needs a navigation rule of our own, and the rest is small.
 */
export function serviceWorker(): Plugin {
  return {
    name: 'fleet:service-worker',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const { code } = await buildServiceWorker(Object.keys(bundle));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: code });
    },
  };
}
