import { VEHICLE_ICON_NAMES, type VehicleIconName, type VehicleIconState } from '@fleet/shared/rules/vehicle-icon';
import { VEHICLE_STATES } from '../../../shared/vehicles/vehicle-states.ts';

// The assets map's images, named after what they show and drawn the first time a layer asks.

export const assetMarkerId = (icon: 'asset' | 'shield', state: VehicleIconState) => `asset-marker:${icon}:${state}`;
export const assetLabelId = (text: string) => `asset-label:${text}`;

export type AssetImage = { kind: 'marker'; icon: VehicleIconName; state: VehicleIconState } | { kind: 'label'; text: string };

/** What an image id asks for, or null when it is not one of the assets map's. */
export function assetImageFor(id: string): AssetImage | null {
  if (id.startsWith('asset-label:')) return { kind: 'label', text: id.slice('asset-label:'.length) };
  const [kind, icon, state] = id.split(':');
  if (kind !== 'asset-marker') return null;
  if (!(VEHICLE_ICON_NAMES as readonly string[]).includes(icon ?? '')) return null;
  if (!(VEHICLE_STATES as readonly string[]).includes(state ?? '')) return null;
  return { kind: 'marker', icon: icon as VehicleIconName, state: state as VehicleIconState };
}
