import type { PtoIconName, VehicleIconName, VehicleIconState } from '@fleet/shared/rules/vehicle-icon';
import { type DrawOp, type Drawing, place } from './drawing.ts';
import { ptoLamp, vehicleArt } from './vehicle-art.ts';

/**
 * State by colour and shape together (design.md): driving green with a play mark, idling amber with
 * pause bars, stopped grey with a square, no report for over 24 h faded with a clock, alarm red with
 * an exclamation mark (and a pulsing ring on the map).
 */
export const STATE_COLOUR: Readonly<Record<VehicleIconState, string>> = {
  driving: '#2b8a3e',
  idling: '#e67700',
  stopped: '#6c757d',
  stale: '#868e96',
  alarm: '#e03131',
};

/** Mantine colour names for the same states, for badges. */
export const STATE_MANTINE_COLOUR: Readonly<Record<VehicleIconState, string>> = {
  driving: 'green',
  idling: 'yellow',
  stopped: 'gray',
  stale: 'gray',
  alarm: 'red',
};

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

/** Marker size in CSS pixels; the disc's centre is the vehicle's position. */
export const MARKER_SIZE = 40;
const C = MARKER_SIZE / 2;
const DISC = 14.5;

/**
 * A vehicle marker: a white disc ringed in the state colour holding the vehicle's silhouette, the
 * state badge at its lower right and, for a PTO vehicle, the PTO lamp at its upper left.
 */
export function vehicleMarker(icon: VehicleIconName, pto: PtoIconName | null, state: VehicleIconState): Drawing {
  const stale = state === 'stale';
  const art = vehicleArt(icon).map((op) => place(op, C - 10.5, C - 11, 24, 21));
  const ops: DrawOp[] = [
    {
      type: 'circle',
      cx: C,
      cy: C,
      r: DISC,
      fill: WHITE,
      stroke: STATE_COLOUR[state],
      width: 3,
      ...(stale ? { dash: [3.5, 2.5] } : {}),
    },
    ...art,
    ...stateBadgeOps(state, C + 11.5, C + 11.5, 7),
  ];
  if (pto) ops.push(...ptoLamp(pto).map((op) => place(op, 1, 3, 12, 13)));
  return { size: MARKER_SIZE, ops, ...(stale ? { opacity: 0.5 } : {}) };
}

/** Heading image size: bigger than the marker so the arrow tip stands out beyond the ring. */
export const HEADING_SIZE = 56;

/** A triangle at the top of a transparent square, rotated by the map to the vehicle's heading. */
export function headingArrow(state: VehicleIconState): Drawing {
  const c = HEADING_SIZE / 2;
  return {
    size: HEADING_SIZE,
    ops: [
      {
        type: 'path',
        d: `M${c} 1L${c + 6.5} ${c - 15}H${c - 6.5}Z`,
        fill: STATE_COLOUR[state],
        stroke: WHITE,
        width: 1.5,
      },
    ],
  };
}

/** Cluster disc radius by how many vehicles it holds. */
export function clusterRadius(count: number): number {
  if (count < 10) return 15;
  if (count < 100) return 18;
  return 22;
}

/** A cluster: a dark disc (not a state colour), red-ringed with a red mark when it holds an alarm. */
export function clusterDisc(count: number, alarm: boolean): Drawing {
  const r = clusterRadius(count);
  const size = r * 2 + 10;
  const c = size / 2;
  const ops: DrawOp[] = [
    { type: 'circle', cx: c, cy: c, r: r + 3, fill: alarm ? STATE_COLOUR.alarm : 'rgba(52,58,64,0.25)' },
    { type: 'circle', cx: c, cy: c, r, fill: '#343a40', stroke: WHITE, width: 2 },
  ];
  ops.push({ type: 'text', x: c, y: c, text: clusterLabel(count), fontSize: count < 1000 ? 12 : 10, fill: WHITE });
  if (alarm) ops.push(...stateBadgeOps('alarm', size - 7, 7, 6.5));
  return { size, ops };
}

/** The count shown on a cluster: exact up to 999, then '1k+' style. */
export function clusterLabel(count: number): string {
  return count < 1000 ? String(count) : `${Math.floor(count / 1000)}k+`;
}
