import {
  type PtoIconName,
  VEHICLE_ICON_NAMES,
  type VehicleIconName,
  type VehicleIconState,
} from '@fleet/shared/rules/vehicle-icon';
import type { Drawing } from '../../../shared/vehicles/drawing.ts';
import { clusterDisc, headingArrow, vehicleMarker } from '../../../shared/vehicles/vehicle-look.ts';

// Map images are named after what they show and drawn the first time a layer asks for one
// ('styleimagemissing'), so only the combinations on screen are ever drawn.

const STATES: readonly VehicleIconState[] = ['alarm', 'stale', 'driving', 'idling', 'stopped'];
const PTOS: readonly PtoIconName[] = ['pto-none', 'pto-1', 'pto-2', 'pto-both'];
const NO_PTO = 'no-pto';

export const vehicleImageId = (icon: VehicleIconName, pto: PtoIconName | null, state: VehicleIconState) =>
  `vehicle:${icon}:${pto ?? NO_PTO}:${state}`;
export const headingImageId = (state: VehicleIconState) => `heading:${state}`;
export const labelImageId = (text: string) => `label:${text}`;
export const clusterImageId = (count: number, alarm: boolean) => `cluster:${count}:${alarm ? 1 : 0}`;

export type MapImage =
  | { kind: 'drawing'; drawing: Drawing }
  | { kind: 'label'; text: string };

const isState = (s: string | undefined): s is VehicleIconState => STATES.includes(s as VehicleIconState);
const isIcon = (s: string | undefined): s is VehicleIconName =>
  (VEHICLE_ICON_NAMES as readonly string[]).includes(s ?? '');

/** What an image id asks for, or null when it is not one of ours. */
export function mapImageFor(id: string): MapImage | null {
  const [kind, ...rest] = id.split(':');
  switch (kind) {
    case 'vehicle': {
      const [icon, pto, state] = rest;
      if (rest.length !== 3 || !isIcon(icon) || !isState(state)) return null;
      if (pto !== NO_PTO && !PTOS.includes(pto as PtoIconName)) return null;
      return { kind: 'drawing', drawing: vehicleMarker(icon, pto === NO_PTO ? null : (pto as PtoIconName), state) };
    }
    case 'heading':
      return rest.length === 1 && isState(rest[0]) ? { kind: 'drawing', drawing: headingArrow(rest[0]) } : null;
    case 'cluster': {
      const count = Number(rest[0]);
      if (rest.length !== 2 || !Number.isInteger(count) || count < 1) return null;
      return { kind: 'drawing', drawing: clusterDisc(count, rest[1] === '1') };
    }
    case 'label':
      return { kind: 'label', text: id.slice('label:'.length) };
    default:
      return null;
  }
}
