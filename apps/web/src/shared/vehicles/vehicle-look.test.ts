import { VEHICLE_ICON_NAMES, type VehicleIconState } from '@fleet/shared/rules/vehicle-icon';
import { describe, expect, it } from 'vitest';
import type { DrawOp } from './drawing.ts';
import { VEHICLE_ART } from './vehicle-art.ts';
import { clusterDisc, clusterLabel, STATE_COLOUR, vehicleMarker } from './vehicle-look.ts';

const STATES: VehicleIconState[] = ['driving', 'idling', 'stopped', 'stale', 'alarm'];
const ring = (ops: readonly DrawOp[]) => ops[0];

describe('vehicle markers', () => {
  it('has a drawing for every catalogue icon', () => {
    for (const name of VEHICLE_ICON_NAMES) expect(VEHICLE_ART[name].shapes.length).toBeGreaterThan(0);
  });

  it.each(STATES)('rings a %s vehicle in its state colour, with its own badge', (state) => {
    const marker = vehicleMarker('hgv-blue', null, state);
    expect(ring(marker.ops)).toMatchObject({ type: 'circle', stroke: STATE_COLOUR[state] });
    expect(marker.ops.some((op) => op.type === 'circle' && op.fill === STATE_COLOUR[state])).toBe(true);
  });

  it('tells states apart by shape too: each badge mark is different', () => {
    const marks = STATES.map((state) => JSON.stringify(vehicleMarker('car-red', null, state).ops.slice(-1)));
    expect(new Set(marks).size).toBe(STATES.length);
  });

  it('fades a stale vehicle and dashes its ring', () => {
    const marker = vehicleMarker('car-black', null, 'stale');
    expect(marker.opacity).toBeLessThan(1);
    expect(ring(marker.ops)).toMatchObject({ dash: expect.any(Array) });
    expect(vehicleMarker('car-black', null, 'stopped').opacity).toBeUndefined();
  });

  it('adds the PTO lamp only for a PTO icon, lit by trigger', () => {
    const plain = vehicleMarker('gritter-orange', null, 'driving').ops.length;
    const none = vehicleMarker('gritter-orange', 'pto-none', 'driving');
    const both = vehicleMarker('gritter-orange', 'pto-both', 'driving');
    expect(none.ops.length).toBe(plain + 3);
    expect(JSON.stringify(none.ops)).not.toBe(JSON.stringify(both.ops));
  });
});

describe('clusters', () => {
  it('shows the count, red when it holds an alarm', () => {
    const calm = clusterDisc(12, false);
    const alarm = clusterDisc(12, true);
    expect(calm.ops.some((op) => op.type === 'text' && op.text === '12')).toBe(true);
    expect(alarm.ops[0]).toMatchObject({ fill: STATE_COLOUR.alarm });
    expect(calm.ops[0]).not.toMatchObject({ fill: STATE_COLOUR.alarm });
  });
  it.each([
    [7, '7'],
    [999, '999'],
    [1000, '1k+'],
    [2500, '2k+'],
  ])('labels %s as %s', (count, label) => expect(clusterLabel(count)).toBe(label));
});
