import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompress, precompressDir } from './precompress.ts';

let dir = '';
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('precompressDir', () => {
  it('writes brotli and gzip copies of text files that decompress to the same bytes, and skips the rest', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'precompress-'));
    await mkdir(path.join(dir, 'assets'));
    const js = `export const x = ${JSON.stringify('fleet '.repeat(2000))};\n`;
    await writeFile(path.join(dir, 'assets', 'app-1.js'), js);
    await writeFile(path.join(dir, 'tiny.css'), 'a{b:c}');
    await writeFile(path.join(dir, 'logo.png'), Buffer.alloc(4096, 7));

    const result = await precompressDir(dir);

    expect(result.files).toBe(1);
    expect((await readdir(path.join(dir, 'assets'))).sort()).toEqual(['app-1.js', 'app-1.js.br', 'app-1.js.gz']);
    expect((await readdir(dir)).sort()).toEqual(['assets', 'logo.png', 'tiny.css']);
    const br = await readFile(path.join(dir, 'assets', 'app-1.js.br'));
    const gz = await readFile(path.join(dir, 'assets', 'app-1.js.gz'));
    expect(brotliDecompressSync(br).toString()).toBe(js);
    expect(gunzipSync(gz).toString()).toBe(js);
    expect(br.length).toBeLessThan(js.length / 10);
  });
});

describe('the precompress plugin', () => {
  it('leaves a failed build (nothing written) to its own error instead of failing on the missing folder', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'precompress-'));
    const plugin = precompress() as unknown as {
      configResolved(c: { root: string; build: { outDir: string } }): void;
      closeBundle(): Promise<void>;
    };
    plugin.configResolved({ root: dir, build: { outDir: 'dist' } });
    await expect(plugin.closeBundle()).resolves.toBeUndefined();
  });
});
