import type { PtoIconName, VehicleIconName, VehicleIconState } from '@fleet/shared/rules/vehicle-icon';
import { type DrawOp, type Drawing, place } from './drawing.ts';
import { ptoLamp, vehicleArt } from './vehicle-art.ts';
import { STATE_COLOUR, stateBadgeOps } from './vehicle-states.ts';

/**
 * State by colour and shape together (design.md): driving green with a play mark, idling amber with
 * pause bars, stopped grey with a square, no report for over 24 h faded with a clock, alarm red with
 * an exclamation mark (and a pulsing ring on the map). The colours and words are the vocabulary's
 * (vehicle-states.ts); re-exported here for the drawings' users.
 */
export { STATE_COLOUR, STATE_MANTINE_COLOUR, stateBadge, stateBadgeOps } from './vehicle-states.ts';

const WHITE = '#ffffff';

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
