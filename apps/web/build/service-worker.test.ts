import { describe, expect, it } from 'vitest';
import { buildServiceWorker, precacheable } from './service-worker.ts';

describe('the service worker build', () => {
  it('precaches every built chunk, style sheet, worker and data file, not source maps or index.html', () => {
    expect(['assets/index-abc.js', 'assets/fleet-page-x.css', 'assets/maplibre-gl-worker-1.mjs', 'assets/land-50m-q.json', 'assets/font-a.woff2'].every(precacheable)).toBe(true);
    expect(['assets/index-abc.js.map', 'index.html', 'sw.js', 'assets/index-abc.js.br', 'assets/x/y.js'].some(precacheable)).toBe(false);
  });

  it('writes the list and a version into the worker; another build of other files is another version', async () => {
    const source = 'declare const __SW_VERSION__: string; declare const __SW_PRECACHE__: string[]; (self as any).v = [__SW_VERSION__, __SW_PRECACHE__];';
    const a = await buildServiceWorker(['index.html', 'assets/b-2.js', 'assets/a-1.js', 'assets/a-1.js.map'], source);
    expect(a.precache).toEqual(['/assets/a-1.js', '/assets/b-2.js']);
    expect(a.code).toContain('"/assets/a-1.js","/assets/b-2.js"');
    expect(a.code).toContain(JSON.stringify(a.version));
    expect(a.code).not.toContain('__SW_');
    const b = await buildServiceWorker(['assets/b-3.js', 'assets/a-1.js'], source);
    expect(b.version).not.toBe(a.version);
  });

  it('builds the real worker', async () => {
    const { code } = await buildServiceWorker(['assets/a-1.js']);
    expect(code).toContain('fleet-assets-');
    expect(code).toContain('SKIP_WAITING');
    expect(code).not.toMatch(/__SW_(VERSION|PRECACHE)__/);
  });
});
