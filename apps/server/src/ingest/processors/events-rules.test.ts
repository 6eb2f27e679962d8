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
const london = new Map<number, SiteHours>([[SITE, { tz: 'Europe/London', hours: DEFAULT_WORKING_HOURS }]]);
const hex = (text: string) => `0x${Buffer.from(text, 'latin1').toString('hex')}`;

let nextId = 100;
function row(unitId: number, t: number, at: { lat: number; lon: number }, io: EventRow['io'] = {}, flagged = false): EventRow {
  return { id: String(nextId++), unit_id: unitId, t, ...at, io, flagged };
}
function memory(over: Partial<UnitMemory> = {}): UnitMemory {
  return { panic: false, inside: [], faultCodes: [], runOver: false, runOverPart: null, movement: null, lastTime: NOON - 60_000, ...over };
}
const kinds = (r: ReturnType<typeof eventsOfBatch>) => r.alerts.map((a) => `${a.kind}/${a.event}${a.poiId ? `/${a.poiId}` : ''}`);

describe('eventsOfBatch: the alerts a window of the log raises', () => {
  it("sets a unit's memory from its first position without alerts (a vehicle parked in its depot raises nothing)", () => {
    const out = eventsOfBatch([row(1, NIGHT, IN, { 2: 1, 239: 1 })], units, new Map(), london, depot);
    expect(out.alerts).toEqual([]);
    expect(out.memory.get(1)).toEqual({ panic: true, inside: [40], faultCodes: [], runOver: false, runOverPart: null, movement: null, lastTime: NIGHT });
  });

  it('raises a panic when the input goes on, once, with the position it came with', () => {
    const a = row(1, NOON, OUT, { 2: 1 });
    const out = eventsOfBatch([a, row(1, NOON + 1000, OUT, { 2: 1 })], units, new Map([[1, memory()]]), london, depot);
    expect(out.alerts).toEqual([{
      siteId: SITE, unitId: 1, happenedAt: new Date(NOON).toISOString(), lat: OUT.lat, lon: OUT.lon, positionId: a.id,
      kind: 'panic', event: 'press', poiId: null, detail: '',
    }]);
    expect(out.memory.get(1)?.panic).toBe(true);
  });

  it('raises a geofence enter and exit through the tracker', () => {
    const out = eventsOfBatch([row(1, NOON, IN), row(1, NOON + 1000, OUT)], units, new Map([[1, memory()]]), london, depot);
    expect(kinds(out)).toEqual(['geofence/enter/40', 'geofence/exit/40']);
    expect(out.memory.get(1)).toMatchObject({ inside: [], lastTime: NOON + 1000 });
  });

  it('raises only the fault codes not in the last list, and keeps the list while the input is absent', () => {
    const saved = new Map([[1, memory({ faultCodes: ['P0101'] })]]);
    const out = eventsOfBatch([
      row(1, NOON, OUT, { 281: hex('P0101,SPN 100 FMI 1') }), row(1, NOON + 1000, OUT), row(1, NOON + 2000, OUT, { 281: hex('SPN 100 FMI 1') }),
    ], units, saved, london, depot);
    expect(out.alerts.map((a) => [a.kind, a.detail])).toEqual([['spn', 'SPN 100 FMI 1']]);
    expect(out.memory.get(1)?.faultCodes).toEqual(['SPN 100 FMI 1']);
  });

  it('raises a Run Over at the first ignition-on outside working hours, with the hours in words', () => {
    const out = eventsOfBatch([row(1, NOON, OUT, { 239: 1 }), row(1, NIGHT, OUT, { 239: 1 }), row(1, NIGHT + 1000, OUT, { 239: 1 })],
      units, new Map([[1, memory()]]), london, depot);
    expect(out.alerts.filter((a) => a.kind === 'runover').map((a) => [a.happenedAt, a.detail]))
      .toEqual([[new Date(NIGHT).toISOString(), 'Mon–Fri 06:00–18:00']]);
    expect(out.memory.get(1)).toMatchObject({ runOver: true, runOverPart: '2026-11-23/after' });
  });

  it('raises at most one Run Over per vehicle per day-part, however often the ignition cycles', () => {
    const cycles = [0, 1, 2, 3].flatMap((i) => [row(1, NIGHT + i * 600_000, OUT, { 239: 1 }), row(1, NIGHT + i * 600_000 + 60_000, OUT, { 239: 0 })]);
    const out = eventsOfBatch(cycles, units, new Map([[1, memory()]]), london, depot);
    expect(out.alerts.filter((a) => a.kind === 'runover')).toHaveLength(1);
  });

  it('remembers the day-part across batches (the saved memory), so a later batch the same evening raises none', () => {
    const saved = new Map([[1, memory({ runOverPart: '2026-11-23/after', lastTime: NIGHT - 60_000 })]]);
    const out = eventsOfBatch([row(1, NIGHT, OUT, { 239: 1 })], units, saved, london, depot);
    expect(out.alerts).toEqual([]);
    expect(out.memory.get(1)).toMatchObject({ runOver: true, runOverPart: '2026-11-23/after' });
  });

  it('raises again in the next day-part: the evening, then the next early morning after an ignition off', () => {
    const early = Date.UTC(2026, 10, 24, 4); // Tuesday 04:00
    const out = eventsOfBatch([
      row(1, NIGHT, OUT, { 239: 1 }), row(1, NIGHT + 60_000, OUT, { 239: 0 }), row(1, early, OUT, { 239: 1 }),
    ], units, new Map([[1, memory()]]), london, depot);
    expect(out.alerts.filter((a) => a.kind === 'runover').map((a) => a.happenedAt)).toEqual([new Date(NIGHT).toISOString(), new Date(early).toISOString()]);
  });

  it('raises one Run Over for a vehicle driven all night without turning off (one ignition cycle)', () => {
    const early = Date.UTC(2026, 10, 24, 4);
    const out = eventsOfBatch([row(1, NIGHT, OUT, { 239: 1 }), row(1, early, OUT, { 239: 1 })], units, new Map([[1, memory()]]), london, depot);
    expect(out.alerts.filter((a) => a.kind === 'runover')).toHaveLength(1);
  });

  it('raises no Run Over for a site without known hours', () => {
    const out = eventsOfBatch([row(1, NIGHT, OUT, { 239: 1 })], units, new Map([[1, memory()]]), new Map(), depot);
    expect(out.alerts).toEqual([]);
  });

  it('raises Asset Movement when an asset tracker starts to move, not for a vehicle', () => {
    const saved = new Map([[1, memory({ movement: false })], [2, memory({ movement: false })]]);
    const out = eventsOfBatch([row(1, NOON, OUT, { 240: 1 }), row(2, NOON, OUT, { 240: 1 }), row(2, NOON + 1000, OUT, { 240: 1 })],
      units, saved, london, depot);
    expect(out.alerts.map((a) => [a.unitId, a.kind, a.event, a.poiId])).toEqual([[2, 'geofence', 'movement', null]]);
    expect(out.memory.get(2)?.movement).toBe(true);
  });

  it('passes over flagged rows and unknown units: nothing raised, memory as it was', () => {
    const saved = new Map([[1, memory()]]);
    const out = eventsOfBatch([row(1, NOON, IN, { 2: 1 }, true), row(9, NOON, IN, { 2: 1 })], units, saved, london, depot);
    expect(out.alerts).toEqual([]);
    expect([...out.memory]).toEqual([[1, memory()]]);
  });

  it("does not change the saved memory it is given", () => {
    const saved = new Map([[1, memory()]]);
    eventsOfBatch([row(1, NOON, IN, { 2: 1 })], units, saved, london, depot);
    expect(saved.get(1)).toEqual(memory());
  });

  it('takes a position older than the last one for alerts but not for geofences (a replayed buffer)', () => {
    const saved = new Map([[1, memory({ inside: [40], lastTime: NOON })]]);
    const out = eventsOfBatch([row(1, NOON - 5000, OUT, { 2: 1 })], units, saved, london, depot);
    expect(kinds(out)).toEqual(['panic/press']);
    expect(out.memory.get(1)).toMatchObject({ inside: [40], lastTime: NOON });
  });
});
