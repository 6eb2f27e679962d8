import { describe, expect, it } from 'vitest';
import { reportsSatellites } from './satellites.ts';

describe('reportsSatellites', () => {
  it.each([
    ['teltonika', true], ['teltonika-udp', true], ['gt06', true],
    ['queclink', false], ['osmand', false],
    // The position is gone from the log (or none yet): the count is shown as stored.
    [null, true], [undefined, true],
  ] as const)('%s → %s', (protocol, expected) => {
    expect(reportsSatellites(protocol)).toBe(expected);
  });
});
