import { describe, expect, it } from 'vitest';
import { type ChunkImports, staticClosures, trimPreloadDeps } from './preload-deps.ts';

const chunk = (fileName: string, imports: string[] = []): ChunkImports => ({ type: 'chunk', fileName, imports });
const bundle: Record<string, ChunkImports> = {
  'assets/index.js': chunk('assets/index.js', ['assets/react.js', 'assets/box.js']),
  'assets/react.js': chunk('assets/react.js'),
  'assets/box.js': chunk('assets/box.js', ['assets/react.js', 'assets/theme.js']),
  'assets/theme.js': chunk('assets/theme.js'),
  'assets/page.js': chunk('assets/page.js', ['assets/box.js', 'assets/table.js']),
  'assets/table.js': chunk('assets/table.js', ['assets/react.js']),
  'assets/index.css': { type: 'asset', fileName: 'assets/index.css' },
};

describe('preload lists without what the importer already loaded', () => {
  it("gives each chunk its static imports, transitively, without itself", () => {
    const closures = staticClosures(bundle);
    expect([...(closures.get('assets/index.js') ?? [])].sort()).toEqual(['assets/box.js', 'assets/react.js', 'assets/theme.js']);
    expect([...(closures.get('assets/page.js') ?? [])].sort()).toEqual(['assets/box.js', 'assets/react.js', 'assets/table.js', 'assets/theme.js']);
    expect(closures.get('assets/theme.js')?.size).toBe(0);
    expect(closures.has('assets/index.css')).toBe(false);
  });

  it("keeps a lazy page's own chunks and drops those its importer holds", () => {
    const closures = staticClosures(bundle);
    const deps = ['assets/page.js', 'assets/box.js', 'assets/react.js', 'assets/theme.js', 'assets/table.js'];
    expect(trimPreloadDeps(closures, 'assets/index.js', deps)).toEqual(['assets/page.js', 'assets/table.js']);
  });

  it('leaves the list whole for an importer it does not know', () => {
    const deps = ['assets/page.js', 'assets/box.js'];
    expect(trimPreloadDeps(staticClosures(bundle), 'assets/other.js', deps)).toEqual(deps);
  });

  it('survives import cycles', () => {
    const cyclic = { 'a.js': chunk('a.js', ['b.js']), 'b.js': chunk('b.js', ['a.js']) };
    expect([...(staticClosures(cyclic).get('a.js') ?? [])].sort()).toEqual(['a.js', 'b.js']);
  });
});
