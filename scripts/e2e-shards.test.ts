import { describe, expect, it } from 'vitest';
// @ts-expect-error plain JS script shared with npm test
import { durationsFromReports, e2eFiles, planShards, readDurations } from './e2e-shards.mjs';

type Plan = { files: string[]; seconds: number }[];
const plan = planShards as (files: string[], durations: Record<string, number>, shards: number) => Plan;

describe('e2e shards by measured time', () => {
  it('puts the longest files first, each on the lightest shard', () => {
    const got = plan(['a', 'b', 'c', 'd', 'e'], { a: 200, b: 100, c: 90, d: 20, e: 10 }, 2);
    expect(got).toEqual([
      { files: ['a', 'e'], seconds: 210 },
      { files: ['b', 'c', 'd'], seconds: 210 },
    ]);
  });

  it('weighs a file the table does not know as the average of those it knows', () => {
    const got = plan(['a', 'b', 'new'], { a: 100, b: 50 }, 2);
    expect(got.map((g) => g.seconds).sort()).toEqual([100, 125]);
    expect(got.flatMap((g) => g.files).sort()).toEqual(['a', 'b', 'new']);
  });

  it('runs every file exactly once, and never makes an empty shard', () => {
    expect(plan(['a'], {}, 3)).toEqual([{ files: ['a'], seconds: 30 }]);
    const files = Array.from({ length: 40 }, (_, i) => `f${i}`);
    const got = plan(files, Object.fromEntries(files.map((f, i) => [f, (i * 37) % 11])), 3);
    expect(got.flatMap((g) => g.files).sort()).toEqual([...files].sort());
  });

  it('knows every e2e file of the repository, and the table names no file that is gone', () => {
    const files = (e2eFiles as () => string[])();
    expect(files).toContain('e2e/accessibility.e2e.test.ts');
    const table = (readDurations as () => Record<string, number>)();
    for (const f of Object.keys(table)) expect(files).toContain(f);
  });

  it('reads per-file seconds from a Vitest JSON report', () => {
    const report = { testResults: [{ name: `${process.cwd()}/e2e/x.e2e.test.ts`, startTime: 1000, endTime: 13_460 }, { name: 'y' }] };
    expect((durationsFromReports as (r: unknown[]) => Record<string, number>)([report])).toEqual({ 'e2e/x.e2e.test.ts': 12.5 });
  });
});
