import { describe, expect, it } from 'vitest';
import { DEFAULT_LIST_PREFS, parseListPrefs } from './list-prefs.ts';

describe('parseListPrefs', () => {
  it('reads what was stored', () => {
    expect(parseListPrefs(JSON.stringify({ layout: 'compact', columns: ['driver', 'location'], pinAlarms: false }))).toEqual({
      layout: 'compact',
      columns: ['location', 'driver'],
      pinAlarms: false,
    });
  });

  it('starts with cards, the last report column and alarms on top', () => {
    expect(parseListPrefs(null)).toEqual(DEFAULT_LIST_PREFS);
    expect(DEFAULT_LIST_PREFS).toEqual({ layout: 'cards', columns: ['updated'], pinAlarms: true });
  });

  it('takes the default for each field that is missing or wrong, and for text that is not JSON', () => {
    expect(parseListPrefs('{not json')).toEqual(DEFAULT_LIST_PREFS);
    expect(parseListPrefs('"compact"')).toEqual(DEFAULT_LIST_PREFS);
    expect(parseListPrefs(JSON.stringify({ layout: 'tiles', columns: ['odometer', 'driver'], pinAlarms: 'yes' }))).toEqual({
      layout: 'cards',
      columns: ['driver'],
      pinAlarms: true,
    });
  });
});
