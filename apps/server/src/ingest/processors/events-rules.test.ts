import { ASSET_UNIT_TYPE, DEFAULT_WORKING_HOURS } from '@fleet/shared';
import { describe, expect, it } from 'vitest';
import { GeofenceIndex } from '../../modules/geofence/index.ts';
import { DEFAULT_IO_MAP } from '../io-map.ts';
import type { KnownUnit } from '../unit-directory.ts';
import { type EventRow, eventsOfBatch, type SiteHours, type UnitMemory } from './events-rules.ts';

const SITE = 3;
const truck: KnownUnit = { unitId: 1, siteId: SITE, unitTypeId: 1, ioMap: DEFAULT_IO_MAP };
const asset: KnownUnit = { unitId: 2, siteId: SITE, unitTypeId: ASSET_UNIT_TYPE, ioMap: DEFAULT_IO_MAP };
const units = new Map([[1, truck], [2, asset]]);
// A depot: a 200 m circle at (53.8, -1.55).
const depot = new GeofenceIndex([{ id: 40, siteId: SITE, mode: 1, lat: 53.8, lon: -1.55, radius: 200 }]);
const IN = { lat: 53.8, lon: -1.55 };
const OUT = { lat: 53.9, lon: -1.55 };
// Monday 2026-11-23 12:00 UTC is inside the default hours in London; 22:00 is outside.
const NOON = Date.UTC(2026, 10, 23, 12);
const NIGHT = Date.UTC(2026, 10, 23, 22);
// Processed soon after: nothing in these batches is late (Tuesday 05:00 is the latest row's hour).
const SOON = Date.UTC(2026, 10, 24, 5);
const london = new Map<number, SiteHours>([[SITE, { tz: 'Europe/London', hours: DEFAULT_WORKING_HOURS }]]);
const hex = (text: string) => `0x${Buffer.from(text, 'latin1').toString('hex')}`;

let nextId = 100;
function row(unitId: number, t: number, at: { lat: number; lon: number }, io: EventRow['io'] = {}, implausible: string | null = null): EventRow {
  return { id: String(nextId++), unit_id: unitId, t, ...at, io, implausible };
}
function memory(over: Partial<UnitMemory> = {}): UnitMemory {
  return {
    panic: false, inside: [], faultCodes: [], runOver: false, runOverPart: null, movement: null, lastTime: NOON - 60_000, lastLat: OUT.lat, lastLon: OUT.lon, alarms: {},
    ...over,
  };
}
const kinds = (r: ReturnType<typeof eventsOfBatch>) => r.alerts.map((a) => `${a.kind}/${a.event}${a.poiId ? `/${a.poiId}` : ''}`);

describe('eventsOfBatch: the alerts a window of the log raises', () => {
  it("sets a unit's memory from its first position without alerts (a vehicle parked in its depot raises nothing)", () => {
    const out = eventsOfBatch([row(1, NIGHT, IN, { 2: 1, 239: 1 })], units, new Map(), london, depot, SOON);
    expect(out.alerts).toEqual([]);
    expect(out.memory.get(1)).toEqual({
      panic: true, inside: [40], faultCodes: [], runOver: false, runOverPart: null, movement: null, lastTime: NIGHT, lastLat: IN.lat, lastLon: IN.lon, alarms: {},
    });
  });

  it('raises a panic when the input goes on, once, with the position it came with', () => {
    const a = row(1, NOON, OUT, { 2: 1 });
    const out = eventsOfBatch([a, row(1, NOON + 1000, OUT, { 2: 1 })], units, new Map([[1, memory()]]), london, depot, SOON);
    expect(out.alerts).toEqual([{
      siteId: SITE, unitId: 1, happenedAt: new Date(NOON).toISOString(), lat: OUT.lat, lon: OUT.lon, positionId: a.id,
      kind: 'panic', event: 'press', poiId: null, detail: '', late: false,
    }]);
    expect(out.memory.get(1)?.panic).toBe(true);
  });

  it('raises a geofence enter and exit through the tracker', () => {
    const out = eventsOfBatch([row(1, NOON, IN), row(1, NOON + 1000, OUT)], units, new Map([[1, memory()]]), london, depot, SOON);
    expect(kinds(out)).toEqual(['geofence/enter/40', 'geofence/exit/40']);
    expect(out.memory.get(1)).toMatchObject({ inside: [], lastTime: NOON + 1000 });
  });

  it('raises only the fault codes not in the last list, and keeps the list while the input is absent', () => {
    const saved = new Map([[1, memory({ faultCodes: ['P0101'] })]]);
    const out = eventsOfBatch([
      row(1, NOON, OUT, { 281: hex('P0101,SPN 100 FMI 1') }), row(1, NOON + 1000, OUT), row(1, NOON + 2000, OUT, { 281: hex('SPN 100 FMI 1') }),
    ], units, saved, london, depot, SOON);
    expect(out.alerts.map((a) => [a.kind, a.detail])).toEqual([['spn', 'SPN 100 FMI 1: Engine oil pressure — below normal (most severe)']]);
    expect(out.memory.get(1)?.faultCodes).toEqual(['SPN 100 FMI 1']);
  });

  it('raises a Run Over at the first ignition-on outside working hours, with the hours in words', () => {
    const out = eventsOfBatch([row(1, NOON, OUT, { 239: 1 }), row(1, NIGHT, OUT, { 239: 1 }), row(1, NIGHT + 1000, OUT, { 239: 1 })],
      units, new Map([[1, memory()]]), london, depot, SOON);
    expect(out.alerts.filter((a) => a.kind === 'runover').map((a) => [a.happenedAt, a.detail]))
      .toEqual([[new Date(NIGHT).toISOString(), 'Mon–Fri 06:00–18:00']]);
    expect(out.memory.get(1)).toMatchObject({ runOver: true, runOverPart: '2026-11-23/after' });
  });

  it('raises at most one Run Over per vehicle per day-part, however often the ignition cycles', () => {
    const cycles = [0, 1, 2, 3].flatMap((i) => [row(1, NIGHT + i * 600_000, OUT, { 239: 1 }), row(1, NIGHT + i * 600_000 + 60_000, OUT, { 239: 0 })]);
    const out = eventsOfBatch(cycles, units, new Map([[1, memory()]]), london, depot, SOON);
    expect(out.alerts.filter((a) => a.kind === 'runover')).toHaveLength(1);
  });

  it('remembers the day-part across batches (the saved memory), so a later batch the same evening raises none', () => {
    const saved = new Map([[1, memory({ runOverPart: '2026-11-23/after', lastTime: NIGHT - 60_000 })]]);
    const out = eventsOfBatch([row(1, NIGHT, OUT, { 239: 1 })], units, saved, london, depot, SOON);
    expect(out.alerts).toEqual([]);
    expect(out.memory.get(1)).toMatchObject({ runOver: true, runOverPart: '2026-11-23/after' });
  });

  it('raises again in the next day-part: the evening, then the next early morning after an ignition off', () => {
    const early = Date.UTC(2026, 10, 24, 4); // Tuesday 04:00
    const out = eventsOfBatch([
      row(1, NIGHT, OUT, { 239: 1 }), row(1, NIGHT + 60_000, OUT, { 239: 0 }), row(1, early, OUT, { 239: 1 }),
    ], units, new Map([[1, memory()]]), london, depot, SOON);
    expect(out.alerts.filter((a) => a.kind === 'runover').map((a) => a.happenedAt)).toEqual([new Date(NIGHT).toISOString(), new Date(early).toISOString()]);
  });

  it('raises one Run Over for a vehicle driven all night without turning off (one ignition cycle)', () => {
    const early = Date.UTC(2026, 10, 24, 4);
    const out = eventsOfBatch([row(1, NIGHT, OUT, { 239: 1 }), row(1, early, OUT, { 239: 1 })], units, new Map([[1, memory()]]), london, depot, SOON);
    expect(out.alerts.filter((a) => a.kind === 'runover')).toHaveLength(1);
  });

  it('raises no Run Over for a site without known hours', () => {
    const out = eventsOfBatch([row(1, NIGHT, OUT, { 239: 1 })], units, new Map([[1, memory()]]), new Map(), depot, SOON);
    expect(out.alerts).toEqual([]);
  });

  it('raises Asset Movement when an asset tracker starts to move outside its hours, saying why; not for a vehicle', () => {
    const saved = new Map([[1, memory({ movement: false, lastTime: NIGHT - 60_000 })], [2, memory({ movement: false, lastTime: NIGHT - 60_000 })]]);
    const out = eventsOfBatch([row(1, NIGHT, OUT, { 240: 1 }), row(2, NIGHT, OUT, { 240: 1 }), row(2, NIGHT + 1000, OUT, { 240: 1 })],
      units, saved, london, depot, SOON);
    expect(out.alerts.map((a) => [a.unitId, a.kind, a.event, a.poiId, a.detail])).toEqual([
      [2, 'geofence', 'movement', null, 'outside allowed hours Mon–Fri 06:00–18:00'],
    ]);
    expect(out.memory.get(2)?.movement).toBe(true);
  });

  it('records an asset moving inside its allowed hours and place without raising anything (issue 16)', () => {
    const out = eventsOfBatch([row(2, NOON, OUT, { 240: 1 })], units, new Map([[2, memory({ movement: false })]]), london, depot, SOON);
    expect(out.alerts).toEqual([]);
    expect(out.memory.get(2)?.movement).toBe(true);
  });

  it("raises Asset Movement in hours when the asset starts to move outside its allowed place (its own rules)", () => {
    const yard = { id: 40, name: 'Depot', mode: 1, lat: IN.lat, lon: IN.lon, radius: 200, points: null };
    const rules = new Map([[2, { hours: null, place: yard }]]);
    const inside = eventsOfBatch([row(2, NOON, IN, { 240: 1 })], units, new Map([[2, memory({ movement: false })]]), london, new GeofenceIndex(), SOON, rules);
    expect(inside.alerts).toEqual([]);
    const outside = eventsOfBatch([row(2, NOON, OUT, { 240: 1 })], units, new Map([[2, memory({ movement: false })]]), london, new GeofenceIndex(), SOON, rules);
    expect(outside.alerts.map((a) => [a.kind, a.event, a.detail])).toEqual([['geofence', 'movement', 'outside Depot']]);
  });

  it('passes over rows flagged for other reasons than a missing fix, and unknown units: nothing raised, memory as it was', () => {
    const saved = new Map([[1, memory()]]);
    const out = eventsOfBatch([row(1, NOON, IN, { 2: 1, alarm: 'sos' }, 'speed'), row(1, NOON, { lat: 0, lon: 0 }, { alarm: 'sos' }, 'no-fix,time-ahead'), row(9, NOON, IN, { 2: 1 })],
      units, saved, london, depot, SOON);
    expect(out.alerts).toEqual([]);
    expect([...out.memory]).toEqual([[1, memory()]]);
  });

  it("does not change the saved memory it is given", () => {
    const saved = new Map([[1, memory()]]);
    eventsOfBatch([row(1, NOON, IN, { 2: 1 })], units, saved, london, depot, SOON);
    expect(saved.get(1)).toEqual(memory());
  });

  it('takes a position older than the last one for alerts but not for geofences (a replayed buffer)', () => {
    const saved = new Map([[1, memory({ inside: [40], lastTime: NOON })]]);
    const out = eventsOfBatch([row(1, NOON - 5000, OUT, { 2: 1 })], units, saved, london, depot, SOON);
    expect(kinds(out)).toEqual(['panic/press']);
    expect(out.memory.get(1)).toMatchObject({ inside: [40], lastTime: NOON });
  });
});

const NOFIX = { lat: 0, lon: 0 };
const at = (r: ReturnType<typeof eventsOfBatch>) => r.alerts.map((a) => `${a.kind}/${a.event}@${a.lat},${a.lon}`);

describe('eventsOfBatch: device alarms (issue 13)', () => {
  it('raises a device alert per alarm word, the word as its event and its detail in words', () => {
    const out = eventsOfBatch([row(1, NOON, OUT, { alarm: 'powerCut' }), row(1, NOON + 1000, OUT, { alarm: 'overspeed' })], units, new Map([[1, memory()]]), london, depot, NOON + 60_000);
    expect(out.alerts.map((a) => [a.kind, a.event, a.detail, a.late])).toEqual([['device', 'powerCut', 'Power cut', false], ['device', 'overspeed', 'Over-speed', false]]);
  });

  it('raises a vibration alarm repeated every 5 s for 5 minutes once, and again only after 10 quiet minutes', () => {
    const burst = (from: number) => Array.from({ length: 60 }, (_, i) => row(1, from + i * 5000, OUT, { alarm: 'vibration' }));
    // The second burst starts 9 min after the first ended (12:14): still the same alarm; the third (12:30) after 11 quiet minutes.
    const out = eventsOfBatch([...burst(NOON), ...burst(NOON + 14 * 60_000), ...burst(NOON + 30 * 60_000)], units, new Map([[1, memory()]]), london, depot, SOON);
    expect(out.alerts.map((a) => a.happenedAt)).toEqual([new Date(NOON).toISOString(), new Date(NOON + 30 * 60_000).toISOString()]);
    expect(out.memory.get(1)?.alarms).toEqual({ vibration: NOON + 30 * 60_000 + 59 * 5000 });
  });

  it('remembers the quiet gap across batches, per word', () => {
    const saved = new Map([[1, memory({ alarms: { vibration: NOON - 60_000 } })]]);
    const out = eventsOfBatch([row(1, NOON, OUT, { alarm: 'vibration' }), row(1, NOON, OUT, { alarm: 'tampering' })], units, saved, london, depot, SOON);
    expect(out.alerts.map((a) => a.event)).toEqual(['tampering']);
  });

  it("raises a device alarm or an SOS on a unit's very first report (an event, not a level)", () => {
    const out = eventsOfBatch([row(1, NOON, IN, { alarm: 'lowBattery' }), row(2, NOON, IN, { alarm: 'sos' })], units, new Map(), london, depot, SOON);
    expect(kinds(out)).toEqual(['device/lowBattery', 'panic/press']);
  });
});

describe('eventsOfBatch: SOS from trackers that report it as an alarm (issue 13)', () => {
  it('raises two panics for SOS, normal reports (some without a fix), SOS again', () => {
    const out = eventsOfBatch([
      row(1, NOON, OUT, { alarm: 'sos' }), row(1, NOON + 10_000, OUT, { ignition: 1 }), row(1, NOON + 20_000, NOFIX, { fix: 0 }, 'no-fix'),
      row(1, NOON + 30_000, OUT, { alarm: 'sos' }),
    ], units, new Map([[1, memory()]]), london, depot, SOON);
    expect(kinds(out)).toEqual(['panic/press', 'panic/press']);
  });

  it('still raises a Teltonika panic input going on once while it stays on, and again after it went off', () => {
    const out = eventsOfBatch([row(1, NOON, OUT, { 2: 1 }), row(1, NOON + 1000, OUT, { 2: 1 }), row(1, NOON + 2000, OUT, { 2: 0 }), row(1, NOON + 3000, OUT, { 2: 1 })],
      units, new Map([[1, memory()]]), london, depot, SOON);
    expect(kinds(out)).toEqual(['panic/press', 'panic/press']);
  });
});

describe('eventsOfBatch: reports without a fix (issue 13)', () => {
  it("raises an SOS or device alarm reported without a fix at the unit's last plausible position, even one of the same batch", () => {
    const out = eventsOfBatch([
      row(1, NOON, NOFIX, { alarm: 'sos', fix: 0 }, 'no-fix'), row(1, NOON + 1000, IN), row(1, NOON + 2000, NOFIX, { alarm: 'powerCut', fix: 0 }, 'no-fix'),
    ], units, new Map([[1, memory()]]), london, depot, SOON);
    expect(at(out)).toEqual([`panic/press@${OUT.lat},${OUT.lon}`, 'geofence/enter@53.8,-1.55', 'device/powerCut@53.8,-1.55']);
  });

  it('lets a report without a fix move nothing: no geofence exit, the last position and time stay', () => {
    const saved = new Map([[1, memory({ inside: [40], lastLat: IN.lat, lastLon: IN.lon })]]);
    const out = eventsOfBatch([row(1, NOON, NOFIX, { fix: 0, 239: 1 }, 'no-fix')], units, saved, london, depot, SOON);
    expect(out.alerts).toEqual([]);
    expect(out.memory.get(1)).toEqual(saved.get(1));
  });

  it('places a panic of a unit never positioned at 0,0 (unknown), and its first position later still sets its memory quietly', () => {
    const out = eventsOfBatch([row(2, NOON, NOFIX, { alarm: 'sos', fix: 0 }, 'no-fix'), row(2, NOON + 1000, IN)], units, new Map(), london, depot, SOON);
    expect(at(out)).toEqual(['panic/press@0,0']);
    expect(out.memory.get(2)).toMatchObject({ inside: [40], lastTime: NOON + 1000, lastLat: IN.lat });
  });
});

describe('eventsOfBatch: alerts recorded late (issue 13)', () => {
  const HOUR = 3_600_000;
  it('records geofence, Run Over, Asset Movement and device alerts more than 30 minutes old as late; panics and fault codes raise', () => {
    const saved = new Map([[1, memory()], [2, memory({ movement: false })]]);
    const out = eventsOfBatch([
      row(1, NIGHT, IN, { 239: 1, 2: 1, alarm: 'vibration', 281: hex('P0101') }), row(2, NIGHT, OUT, { 240: 1 }),
    ], units, saved, london, depot, NIGHT + 2 * HOUR);
    expect(out.alerts.map((a) => `${a.kind}/${a.event}:${a.late}`).sort()).toEqual([
      'device/vibration:true', 'geofence/enter:true', 'geofence/movement:true', 'panic/press:false', 'runover/ignition:true', 'spn/fault:false',
    ]);
  });

  it('raises an alert 30 minutes old, and a panic days old', () => {
    const out = eventsOfBatch([row(1, NOON, IN), row(2, NOON - 72 * HOUR, OUT, { alarm: 'sos' })], units, new Map([[1, memory()]]), london, depot, NOON + 30 * 60_000);
    expect(out.alerts.map((a) => `${a.kind}:${a.late}`)).toEqual(['geofence:false', 'panic:false']);
  });
});
