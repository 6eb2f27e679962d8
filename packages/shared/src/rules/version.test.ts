import { describe, expect, it } from 'vitest';
import { parseVersionString, versionString } from './version.ts';

describe('login version string', () => {
  it('is LIVE or DEV followed by :231', () => {
    expect(versionString('LIVE')).toBe('LIVE:231');
    expect(versionString('DEV')).toBe('DEV:231');
  });

  it.each(['LIVE:231', 'DEV:231'])('accepts %s', (v) => {
    expect(parseVersionString(v)).not.toBeNull();
  });

  it.each(['LIVE:230', 'live:231', 'TEST:231', 'LIVE231', 'LIVE:231 ', ''])('refuses %j', (v) => {
    expect(parseVersionString(v)).toBeNull();
  });
});
