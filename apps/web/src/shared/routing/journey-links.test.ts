import { describe, expect, it } from 'vitest';
import { activityPath, replayAt, replayPath } from './journey-links.ts';

describe('links into the journeys', () => {
  it('names a vehicle or a driver and the day', () => {
    expect(activityPath({ unitid: 12 }, '2026-11-24')).toBe('/tabs/tabs/activity?v=12&d=2026-11-24');
    expect(activityPath({ driverid: 3 }, '2026-11-24')).toBe('/tabs/tabs/activity?driver=3&d=2026-11-24');
    expect(activityPath({ unitid: 12 })).toBe('/tabs/tabs/activity?v=12');
  });

  it('opens the replay at a moment, on the day of that moment in the site zone', () => {
    expect(replayPath(12, '2026-11-24')).toBe('/tabs/tabs/activitymap?v=12&d=2026-11-24');
    expect(replayPath(12, '2026-11-24', 1_795_000_000_000.4)).toBe('/tabs/tabs/activitymap?v=12&d=2026-11-24&t=1795000000000');
    // 23:30 UTC is the next day in Berlin.
    const t = '2026-11-23T23:30:00.000Z';
    expect(replayAt(7, t, 'Europe/London')).toBe(`/tabs/tabs/activitymap?v=7&d=2026-11-23&t=${Date.parse(t)}`);
    expect(replayAt(7, t, 'Europe/Berlin')).toBe(`/tabs/tabs/activitymap?v=7&d=2026-11-24&t=${Date.parse(t)}`);
    expect(replayAt(7, 'garbage', 'Europe/London')).toBeNull();
  });
});
