import { describe, expect, it } from 'vitest';
import en from '../../i18n/en.json';
import { countStates, isVehicleState, STATE_COLOUR, stateBadge, stateLabelKey, VEHICLE_STATES } from './vehicle-states.ts';
import { STATE_COLOUR as LOOK_COLOUR } from './vehicle-look.ts';

const NOW = Date.parse('2026-03-01T12:00:00Z');
const at = (h: number) => new Date(NOW - h * 3_600_000).toISOString();
const vehicle = (ign: number, speed: number, updated: string | null, vehiclealarm = false) => ({ ign, speed, updated, vehiclealarm });

describe('the state vocabulary', () => {
  it('has one lower-case word per state, "no report" for a vehicle silent over 24 hours', () => {
    const words = VEHICLE_STATES.map((s) => en.vehicleState[s]);
    expect(words).toEqual(['driving', 'idling', 'stopped', 'no report', 'alarm']);
    for (const w of words) expect(w).toBe(w.toLowerCase());
    expect(stateLabelKey('stale')).toBe('vehicleState.stale');
  });

  it("is the map's colours and marks: one colour and one distinct mark per state", () => {
    expect(LOOK_COLOUR).toBe(STATE_COLOUR);
    expect(new Set(VEHICLE_STATES.map((s) => JSON.stringify(stateBadge(s).ops.slice(1)))).size).toBe(VEHICLE_STATES.length);
  });

  it('counts each vehicle once, by the rule the map draws with', () => {
    const counts = countStates(
      [vehicle(1, 20, at(1)), vehicle(1, 0, at(1)), vehicle(0, 0, at(1)), vehicle(0, 0, at(30)), vehicle(1, 0, null), vehicle(1, 20, at(30), true)],
      NOW,
    );
    expect(counts).toEqual({ driving: 1, idling: 1, stopped: 1, stale: 2, alarm: 1 });
  });

  it('knows its own words only', () => {
    expect(isVehicleState('stale')).toBe(true);
    expect(isVehicleState('Stopped')).toBe(false);
    expect(isVehicleState(3)).toBe(false);
  });
});
