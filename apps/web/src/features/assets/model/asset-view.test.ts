import type { Asset } from '@fleet/shared';
import { describe, expect, it } from 'vitest';
import { assetIcon, assetsStart, assetState, batteryText, hasPlace, matchesSearch, sortAssets } from './asset-view.ts';

const NOW = Date.parse('2026-11-24T12:00:00Z');
const base = { alert: null, updated: '2026-11-24T11:50:00Z', moving: false };

describe('asset view rules', () => {
  it('shows the Shield Icon for an asset with rules of its own, else the Asset Icon', () => {
    expect(assetIcon({ guarded: true })).toBe('shield');
    expect(assetIcon({ guarded: false })).toBe('asset');
  });

  it('puts an open alert above everything, then a silent tracker, then moving or standing', () => {
    expect(assetState({ ...base, alert: { aid: 1, happened: '', detail: '' }, updated: null }, NOW)).toBe('alarm');
    expect(assetState({ ...base, updated: null }, NOW)).toBe('stale');
    expect(assetState({ ...base, updated: '2026-11-23T11:00:00Z', moving: true }, NOW)).toBe('stale');
    expect(assetState({ ...base, moving: true }, NOW)).toBe('driving');
    expect(assetState(base, NOW)).toBe('stopped');
  });

  it('writes the battery as level and voltage, whichever are known', () => {
    expect(batteryText({ batterypercent: 64, batteryvolts: 3.9 })).toBe('64 % · 3.90 V');
    expect(batteryText({ batterypercent: null, batteryvolts: 4.05 })).toBe('4.05 V');
    expect(batteryText({ batterypercent: null, batteryvolts: null })).toBeNull();
  });

  it('searches name, place and allowed place regardless of case', () => {
    const a = { registration: 'Trailer TR-07', loc: 'At Leeds Depot', poiname: 'Yard North' };
    expect(matchesSearch(a, 'tr-07')).toBe(true);
    expect(matchesSearch(a, 'leeds')).toBe(true);
    expect(matchesSearch(a, 'YARD')).toBe(true);
    expect(matchesSearch(a, 'generator')).toBe(false);
    expect(matchesSearch(a, '  ')).toBe(true);
  });

  it('lists assets with an open alert first, then by name', () => {
    const list = [{ registration: 'B', alert: null }, { registration: 'C', alert: { aid: 2, happened: '', detail: '' } }, { registration: 'A', alert: null }];
    expect(sortAssets(list).map((a) => a.registration)).toEqual(['C', 'A', 'B']);
  });

  it('puts on the map only a real position', () => {
    expect(hasPlace({ lat: 53.8, lon: -1.5 })).toBe(true);
    expect(hasPlace({ lat: null, lon: null } as Pick<Asset, 'lat' | 'lon'>)).toBe(false);
    expect(hasPlace({ lat: 0, lon: 0 })).toBe(false);
  });

  it('starts the map on the placed assets, none: the default view', () => {
    expect(assetsStart([{ lat: 53.8, lon: -1.5 }, { lat: 53.7, lon: -1.6 }, { lat: null, lon: null } as Pick<Asset, 'lat' | 'lon'>])?.bounds).toEqual([[-1.6, 53.7], [-1.5, 53.8]]);
    expect(assetsStart([])).toBeUndefined();
  });
});
