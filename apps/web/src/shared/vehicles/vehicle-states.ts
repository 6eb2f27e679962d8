import { type VehicleIconState, vehicleIconState, type VehicleIconStateInput } from '@fleet/shared/rules/vehicle-icon';
import { type DrawOp, type Drawing, place } from './drawing.ts';

/**
 * The one state vocabulary (issue 10, item 5): every place that names or colours a vehicle's state
 * (list rows, the map card, details, the status chips, the map and its legend, the dashboard strip)
 * takes the words, colours and marks from here, so they cannot drift apart.
 *
 * A vehicle is in exactly one state, the one its map marker shows: an open alarm (panic or geofence)
 * above everything, then no report for over 24 hours (or never), else its movement (driving, idling,
 * stopped) from ignition and speed. The rule itself lives in @fleet/shared (vehicleIconState), the
 * same one the map draws with; counting and filtering use it too, so a chip's count is the number
 * of markers of that colour.
 */
export type VehicleState = VehicleIconState;

/** The states in the order they are shown: the movement states, no report, then the alarm marker. */
export const VEHICLE_STATES: readonly VehicleState[] = ['driving', 'idling', 'stopped', 'stale', 'alarm'];

/** The state of a vehicle at `now`, as the map draws it. */
export function vehicleState(v: VehicleIconStateInput, now: number): VehicleState {
  return vehicleIconState(v, now);
}

export function isVehicleState(value: unknown): value is VehicleState {
  return typeof value === 'string' && (VEHICLE_STATES as readonly string[]).includes(value);
}

/**
 * The state's word: i18n key `vehicleState.<state>` ("driving", "idling", "stopped", "no report",
 * "alarm"), one case everywhere.
 */
export const stateLabelKey = (state: VehicleState) => `vehicleState.${state}` as const;

/**
 * The map's colours, the reference for every other place: driving green, idling amber, stopped grey,
 * no report a lighter grey (and faded, with a dashed ring, on the map), alarm red.
 */
export const STATE_COLOUR: Readonly<Record<VehicleState, string>> = {
  driving: '#2b8a3e',
  idling: '#e67700',
  stopped: '#6c757d',
  stale: '#868e96',
  alarm: '#e03131',
};

/** Mantine colour names for the same states (badges, chips, tiles). */
export const STATE_MANTINE_COLOUR: Readonly<Record<VehicleState, string>> = {
  driving: 'green',
  idling: 'yellow',
  stopped: 'gray',
  stale: 'gray',
  alarm: 'red',
};

/** The marks (shape, with the colour: never colour alone). */
const WHITE = '#ffffff';

/** The state's mark in a 10-unit square, drawn white on the state colour. */
const GLYPH: Readonly<Record<VehicleIconState, DrawOp[]>> = {
  driving: [{ type: 'path', d: 'M3.2 1.8L8.2 5L3.2 8.2Z', fill: WHITE }],
  idling: [{ type: 'path', d: 'M2.5 2.2H4.4V7.8H2.5ZM5.6 2.2H7.5V7.8H5.6Z', fill: WHITE }],
  stopped: [{ type: 'path', d: 'M2.6 2.6H7.4V7.4H2.6Z', fill: WHITE }],
  stale: [
    { type: 'circle', cx: 5, cy: 5, r: 3.3, stroke: WHITE, width: 1.3 },
    { type: 'path', d: 'M5 3V5.2L6.5 6.3', stroke: WHITE, width: 1.2 },
  ],
  alarm: [{ type: 'path', d: 'M4.05 1.6H5.95L5.65 6H4.35ZM4.1 6.9H5.9V8.6H4.1Z', fill: WHITE }],
};

/** A round state badge: the colour with the state's mark, in a `size` square. */
export function stateBadgeOps(state: VehicleIconState, cx: number, cy: number, r: number): DrawOp[] {
  const glyphBox = r * 1.5;
  return [
    { type: 'circle', cx, cy, r, fill: STATE_COLOUR[state], stroke: WHITE, width: Math.max(1, r / 5) },
    ...GLYPH[state].map((op) => place(op, cx - glyphBox / 2, cy - glyphBox / 2, 10, glyphBox)),
  ];
}

/** The state badge alone (list rows and the status badge). */
export function stateBadge(state: VehicleIconState): Drawing {
  return { size: 20, ops: stateBadgeOps(state, 10, 10, 9.5) };
}

/** How many vehicles are in each state at `now`; every vehicle is counted exactly once. */
export function countStates(vehicles: Iterable<VehicleIconStateInput>, now: number): Record<VehicleState, number> {
  const counts: Record<VehicleState, number> = { driving: 0, idling: 0, stopped: 0, stale: 0, alarm: 0 };
  for (const v of vehicles) counts[vehicleIconState(v, now)] += 1;
  return counts;
}
