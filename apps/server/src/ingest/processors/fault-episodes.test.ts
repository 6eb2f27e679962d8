import { describe, expect, it } from 'vitest';
import { GeofenceIndex } from '../../modules/geofence/index.ts';
import { DEFAULT_IO_MAP } from '../io-map.ts';
import type { KnownUnit } from '../unit-directory.ts';
import { type EventRow, eventsOfBatch, type UnitMemory } from './events-rules.ts';
import { FaultEpisodes } from './fault-episodes.ts';

// Fault episodes on recorded sequences of IO 281 (the Teltonika fault list, 'SPN n FMI m' comma-separated):
// a code appears, persists, vanishes (a report whose list no longer holds it), and comes back.

const truck: KnownUnit = { unitId: 1, siteId: 3, unitTypeId: 1, ioMap: DEFAULT_IO_MAP };
const units = new Map([[1, truck]]);
const T0 = Date.UTC(2026, 10, 23, 12);
const S = 1000;
const hex = (text: string) => `0x${Buffer.from(text, 'latin1').toString('hex')}`;
let nextId = 500;
/** A report at T0 + s seconds; `list` the IO 281 text, undefined: the element is absent. */
const rep = (s: number, list?: string): EventRow => ({
  id: String(nextId++), unit_id: 1, t: T0 + s * S, lat: 53.9, lon: -1.55, io: list === undefined ? { 239: 1 } : { 239: 1, 281: hex(list) }, implausible: null,
});
const run = (rows: EventRow[], saved = new Map<number, UnitMemory>()) => eventsOfBatch(rows, units, saved, new Map(), new GeofenceIndex([]), T0 + 3_600_000);
const brief = (r: ReturnType<typeof run>) => r.faults.map((f) => ({ code: f.code, opened: f.opened, from: (f.from - T0) / S, last: f.last === null ? null : (f.last - T0) / S, ended: f.ended === null ? null : (f.ended - T0) / S }));

describe('fault episodes through the events rules', () => {
  it('opens an episode where a code appears (one alert), advances it while reported, ends it at the first list without it', () => {
    const out = run([rep(0), rep(10, 'SPN 110 FMI 0'), rep(20, 'SPN 110 FMI 0'), rep(25), rep(30, 'SPN 110 FMI 0'), rep(40, '')]);
    expect(out.alerts.map((a) => [a.kind, a.detail])).toEqual([['spn', 'SPN 110 FMI 0: Engine coolant temperature — above normal (most severe)']]);
    // The report without the element (25 s) neither ends nor advances it.
    expect(brief(out)).toEqual([{ code: 'SPN 110 FMI 0', opened: true, from: 10, last: 30, ended: 40 }]);
    expect(out.faults[0]).toMatchObject({ spn: 110, fmi: 0, siteId: 3, unitId: 1 });
  });

  it('counts a code that comes back as a new episode with its own alert', () => {
    const out = run([rep(0), rep(10, 'SPN 100 FMI 1'), rep(20, 'SPN 97 FMI 0'), rep(30, 'SPN 100 FMI 1,SPN 97 FMI 0')]);
    expect(out.alerts.map((a) => a.detail.split(':')[0])).toEqual(['SPN 100 FMI 1', 'SPN 97 FMI 0', 'SPN 100 FMI 1']);
    expect(brief(out)).toEqual([
      { code: 'SPN 100 FMI 1', opened: true, from: 10, last: 10, ended: 20 },
      { code: 'SPN 97 FMI 0', opened: true, from: 20, last: 30, ended: null },
      { code: 'SPN 100 FMI 1', opened: true, from: 30, last: 30, ended: null },
    ]);
  });

  it('raises one alert for the codes that appear together, and opens an episode on the first report too', () => {
    const out = run([rep(0, 'SPN 1761 FMI 1,P0101')]);
    expect(out.alerts).toHaveLength(1);
    expect(out.alerts[0]?.detail).toBe('SPN 1761 FMI 1: AdBlue (DEF) tank level — below normal (most severe); P0101: OBD-II powertrain code P0101');
    expect(out.faults.map((f) => [f.code, f.spn, f.fmi])).toEqual([['SPN 1761 FMI 1', 1761, 1], ['P0101', null, null]]);
  });

  it('continues across batches: an episode open before the batch is advanced, then ended, without a new alert', () => {
    const first = run([rep(0, 'SPN 3226 FMI 2')]);
    const second = run([rep(100, 'SPN 3226 FMI 2'), rep(110, 'SPN 3226 FMI 2'), rep(120, '')], first.memory);
    expect(second.alerts).toEqual([]);
    expect(brief(second)).toEqual([{ code: 'SPN 3226 FMI 2', opened: false, from: 100, last: 110, ended: 120 }]);
    // Ended at the batch's first report: its last report was before the batch.
    const third = run([rep(200, 'SPN 168 FMI 1')], run([rep(150, 'SPN 3226 FMI 2')], second.memory).memory);
    expect(third.alerts.map((a) => a.detail.split(':')[0])).toEqual(['SPN 168 FMI 1']);
    expect(brief(third)[0]).toEqual({ code: 'SPN 3226 FMI 2', opened: false, from: 200, last: null, ended: 200 });
  });

  it('gives the same episodes and alerts when the same window is replayed from the same memory', () => {
    const before = run([rep(0)]).memory;
    const window = [rep(10, 'SPN 110 FMI 0'), rep(20, ''), rep(30, 'SPN 110 FMI 0')];
    const a = run(window, before);
    const b = run(window, before);
    expect(b.alerts).toEqual(a.alerts);
    expect(b.faults).toEqual(a.faults);
    expect(before.get(1)?.faultCodes).toEqual([]);
  });
});

describe('FaultEpisodes', () => {
  it('takes a code listed twice in one report as one', () => {
    const e = new FaultEpisodes();
    expect(e.report({ unitId: 1, siteId: 3, t: 1, positionId: '9', listed: ['SPN 84 FMI 2', 'SPN 84 FMI 2'] }, [])).toEqual(['SPN 84 FMI 2']);
    expect(e.changes()).toHaveLength(1);
  });

  it('says nothing for a report without the fault element', () => {
    const e = new FaultEpisodes();
    expect(e.report({ unitId: 1, siteId: 3, t: 1, positionId: '9', listed: null }, ['SPN 84 FMI 2'])).toEqual([]);
    expect(e.changes()).toEqual([]);
  });
});
