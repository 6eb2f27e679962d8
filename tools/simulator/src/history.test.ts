import type { AvlRecord } from '@fleet/protocols';
import { describe, expect, it } from 'vitest';
import { deviceHistory, historyDay, planHistoryDays } from './history.ts';
import { IO } from './io.ts';
import { demoSpecs } from './specs.ts';

const TODAY = Date.UTC(2026, 10, 24, 9, 30);
const DAY_MS = 86_400_000;
const specs = demoSpecs();
const van = specs.find((s) => s.protocol === 'teltonika' && s.unitTypeId === 1) ?? specs[0]!;
const ignition = (r: AvlRecord) => r.io.get(IO.IGNITION)?.value;

describe('history day plan', () => {
  it('covers the N calendar days before today, oldest first, with a daytime shift', () => {
    const plan = planHistoryDays(van.imei, 3, TODAY);
    expect(plan.map((d) => d.date)).toEqual(['2026-11-21', '2026-11-22', '2026-11-23']);
    for (const d of plan) {
      const midnight = Date.parse(`${d.date}T00:00:00Z`);
      expect(d.startMs).toBeGreaterThanOrEqual(midnight + 6.75 * 3600_000);
      expect(d.startMs).toBeLessThan(d.endMs);
      expect(d.endMs).toBeLessThanOrEqual(midnight + 17.75 * 3600_000);
    }
    expect(planHistoryDays(van.imei, 0, TODAY)).toEqual([]);
  });

  it('depends only on the IMEI and the date, not on the time of day it is asked', () => {
    expect(planHistoryDays(van.imei, 2, TODAY)).toEqual(planHistoryDays(van.imei, 2, TODAY + 5 * 3600_000));
    expect(planHistoryDays(van.imei, 2, TODAY)).not.toEqual(planHistoryDays(specs[1]!.imei, 2, TODAY));
  });
});

describe('a past working day on the virtual clock', () => {
  const [day] = planHistoryDays(van.imei, 1, TODAY);
  const { records } = historyDay(van, day!);

  it('has strictly increasing times within the shift, ending back at the depot by 23:00', () => {
    const times = records.map((r) => r.timestampMs);
    for (let i = 1; i < times.length; i++) expect(times[i]).toBeGreaterThan(times[i - 1]!);
    expect(times[0]).toBe(day!.startMs);
    expect(times.at(-1)!).toBeGreaterThanOrEqual(day!.endMs);
    expect(times.at(-1)!).toBeLessThanOrEqual(Date.parse(`${day!.date}T23:00:00Z`) + 30_000);
  });

  it('starts and ends parked with the ignition off (the night) and drives in between', () => {
    expect(ignition(records[0]!)).toBe(0);
    expect(records[0]!.speedKmh).toBe(0);
    expect(ignition(records.at(-1)!)).toBe(0);
    expect(records.at(-1)!.speedKmh).toBe(0);
    const driving = records.filter((r) => r.speedKmh > 0);
    expect(driving.length).toBeGreaterThan(100);
    for (const r of driving) expect(ignition(r)).toBe(1);
    // Several ignition cycles: work stops with the engine off between trips.
    const ignitionEvents = records.filter((r) => r.eventIoId === IO.IGNITION);
    expect(ignitionEvents.length).toBeGreaterThanOrEqual(4);
  });

  it('reports every 30 s while moving and less often while standing', () => {
    const periodic = records.filter((r) => r.eventIoId === 0);
    const gaps = periodic.slice(1).map((r, i) => r.timestampMs - periodic[i]!.timestampMs);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(29_000);
    expect(gaps.filter((g) => g === 30_000).length).toBeGreaterThan(100);
    // Standing still: at most the 120 s rest period (rounded up to the next 30 s step) between records.
    const all = records.slice(1).map((r, i) => r.timestampMs - records[i]!.timestampMs);
    expect(Math.max(...all)).toBeLessThanOrEqual(150_000);
    expect(Math.max(...all)).toBeGreaterThanOrEqual(120_000);
  });
});

describe('deviceHistory', () => {
  it('is deterministic per device and chains the days into one increasing odometer', () => {
    const a = deviceHistory(van, 2, TODAY);
    const b = deviceHistory(van, 2, TODAY + 3600_000);
    expect(a).toEqual(b);
    expect(a.lastDate).toBe('2026-11-23');
    const odo = a.records.map((r) => Number(r.io.get(IO.ODOMETER)?.value));
    for (let i = 1; i < odo.length; i++) expect(odo[i]).toBeGreaterThanOrEqual(odo[i - 1]!);
    const days = new Set(a.records.map((r) => Math.floor(r.timestampMs / DAY_MS)));
    expect(days.size).toBe(2);
    expect(Math.max(...a.records.map((r) => r.timestampMs))).toBeLessThan(Math.floor(TODAY / DAY_MS) * DAY_MS);
  });

  it('leaves out the days already delivered, phones and zero days', () => {
    const all = deviceHistory(van, 2, TODAY).records;
    const rest = deviceHistory(van, 2, TODAY, { after: '2026-11-22' }).records;
    expect(rest).toEqual(all.filter((r) => r.timestampMs >= Date.UTC(2026, 10, 23)));
    expect(rest.length).toBeGreaterThan(0);
    expect(deviceHistory(van, 2, TODAY, { after: '2026-11-23' }).records).toEqual([]);
    expect(deviceHistory(van, 0, TODAY).records).toEqual([]);
    const phone = specs.find((s) => s.protocol === 'osmand');
    if (phone) expect(deviceHistory(phone, 2, TODAY).records).toEqual([]);
  });
});
