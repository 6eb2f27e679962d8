import { describe, expect, it } from 'vitest';
import { runChaos } from './chaos.ts';

// The full-size run is `npx tsx bench/chaos.ts` (500 devices); CI runs this brief one on the embedded
// PostgreSQL only, since it stops and starts its own database server.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('chaos (brief)', () => {
  it('stores every record exactly once through server kills and a database restart', async () => {
    const lines: string[] = [];
    const r = await runChaos({ devices: 40, seconds: 20, kills: 2, dbRestarts: 1, intervalMs: 1000, log: (line) => lines.push(line) });
    expect(r.kills).toBe(2);
    expect(r.dbRestarts).toBe(1);
    // A server that stopped by itself is named in the run's lines (with its exit code), shown on failure.
    expect(r.crashes, lines.join('\n')).toBe(0);
    // A start the database restart cut short fails and is started again (docs/status.md); at most one per restart.
    expect(r.failedStarts, lines.join('\n')).toBeLessThanOrEqual(r.dbRestarts);
    expect(r.buffered).toBe(0);
    expect(r.generated).toBeGreaterThan(0);
    expect(r.stored).toBe(r.generated);
    expect(r.distinct).toBe(r.stored);
  }, 240_000);
});
