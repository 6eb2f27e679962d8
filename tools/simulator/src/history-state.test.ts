import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HistoryState } from './history-state.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('HistoryState', () => {
  it('remembers the last delivered day per IMEI across runs and never goes back', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sim-history-'));
    dirs.push(dir);
    const file = path.join(dir, 'nested', 'state.json');
    const first = new HistoryState(file);
    expect(first.sentUpTo('356209089000019')).toBeUndefined();
    first.markSent('356209089000019', '2026-11-23');
    first.markSent('356209089000019', '2026-11-22');
    const again = new HistoryState(file);
    expect(again.sentUpTo('356209089000019')).toBe('2026-11-23');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ '356209089000019': '2026-11-23' });
  });

  it('starts empty from a missing or broken file', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sim-history-'));
    dirs.push(dir);
    expect(new HistoryState(path.join(dir, 'none.json')).sentUpTo('1')).toBeUndefined();
    expect(new HistoryState(undefined).sentUpTo('1')).toBeUndefined();
  });
});
