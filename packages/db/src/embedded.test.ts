import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeReachable } from './embedded.ts';

const base = await mkdtemp(path.join(os.tmpdir(), 'fleet-reach-'));
afterAll(() => rm(base, { recursive: true, force: true }));

describe('makeReachable', () => {
  // A fresh clone under a 0700 folder kept the database server (run as 'postgres') from its binaries.
  it("gives others search permission on every ancestor that lacks it, and nothing more", async () => {
    const deep = path.join(base, 'a', 'b');
    await mkdir(deep, { recursive: true, mode: 0o700 });
    const changed = await makeReachable(deep);
    expect(changed).toEqual(expect.arrayContaining([base, path.join(base, 'a'), deep]));
    for (const d of [base, path.join(base, 'a'), deep]) {
      const mode = (await stat(d)).mode & 0o777;
      expect(mode).toBe(0o701);
    }
    expect(await makeReachable(deep)).toEqual([]);
  });
});
