import { describe, expect, it } from 'vitest';
import { type BundleItem, measureLoginWeight, overBudget } from './login-weight.ts';

const chunk = (fileName: string, imports: string[] = [], extra: Partial<Extract<BundleItem, { type: 'chunk' }>> = {}): BundleItem => ({
  type: 'chunk', fileName, isEntry: false, facadeModuleId: null, imports, code: 'x'.repeat(100), ...extra,
});
const asset = (fileName: string): BundleItem => ({ type: 'asset', fileName, source: 'y'.repeat(50) });
const bytes = (s: string | Uint8Array) => (typeof s === 'string' ? s.length : s.byteLength);

const bundle: Record<string, BundleItem> = {
  'index.js': chunk('index.js', ['vendor.js'], { isEntry: true, viteMetadata: { importedCss: new Set(['index.css']) } }),
  'vendor.js': chunk('vendor.js'),
  'index.css': asset('index.css'),
  'login.js': chunk('login.js', ['vendor.js', 'input.js'], { facadeModuleId: '/r/apps/web/src/features/auth/pages/login-page.tsx' }),
  'input.js': chunk('input.js', [], { viteMetadata: { importedCss: new Set(['input.css']) } }),
  'input.css': asset('input.css'),
  'fleet.js': chunk('fleet.js', ['maplibre.js'], { facadeModuleId: '/r/apps/web/src/features/fleet/pages/fleet-page.tsx' }),
  'maplibre.js': chunk('maplibre.js'),
};

describe('measureLoginWeight', () => {
  it('counts the entry with its imports and CSS, then what the login route adds, never another route', () => {
    const w = measureLoginWeight(bundle, bytes);
    expect(w.preload.map((f) => f.file)).toEqual(['index.js', 'index.css', 'vendor.js']);
    expect(w.route.map((f) => f.file)).toEqual(['login.js', 'input.js', 'input.css']);
    expect(w.preloadBrotli).toBe(250);
    expect(w.routeBrotli).toBe(250);
    expect(w.totalBrotli).toBe(500);
  });

  it('names the budget a weight breaks', () => {
    const w = measureLoginWeight(bundle, bytes);
    expect(overBudget(w, { preload: 250, total: 500 })).toBeNull();
    expect(overBudget(w, { preload: 249, total: 500 })).toMatch(/preload/);
    expect(overBudget(w, { preload: 250, total: 499 })).toMatch(/total/);
  });

  it('fails loudly when the login page has no chunk of its own', () => {
    const { 'login.js': _, ...without } = bundle;
    expect(() => measureLoginWeight(without, bytes)).toThrow(/login-page/);
  });
});
