import { describe, expect, it } from 'vitest';
import { alertLocation, alertText } from './alert-view.ts';

describe('alert texts', () => {
  it('names a device alarm by its words, or its word when it has none', () => {
    expect(alertText({ kind: 'device', event: 'powerCut', poi: null, detail: 'Power cut' })).toBe('Device alarm: Power cut');
    expect(alertText({ kind: 'device', event: 'jamming', poi: null, detail: '' })).toBe('Device alarm: jamming');
  });

  it('says the position is unknown for an alert at 0,0 (a panic without a fix from a unit never placed), and names a place otherwise', () => {
    expect(alertLocation({ poi: null, lat: 0, lon: 0 }, 'imperial')).toBe('Position unknown');
    expect(alertLocation({ poi: null, lat: 53.8, lon: -1.55 }, 'imperial')).not.toBe('Position unknown');
    expect(alertLocation({ poi: 'Depot', lat: 0, lon: 0 }, 'imperial')).toBe('At Depot');
  });
});
