import { ptoIcon, type VehicleIconState, vehicleIconName } from '@fleet/shared/rules/vehicle-icon';
import type { Drawing } from '../../../shared/vehicles/drawing.ts';
import { DrawingSvg } from '../../../shared/vehicles/drawing-svg.tsx';
import { vehicleMarker } from '../../../shared/vehicles/vehicle-look.ts';
import type { Vehicle } from '../hooks/vehicle-rows.ts';

const cache = new Map<string, Drawing>();

/** The vehicle's map marker as inline SVG, so a row looks like the vehicle on the map. */
export function VehicleMarkerIcon({ vehicle, state, size }: { vehicle: Vehicle; state: VehicleIconState; size: number }) {
  const icon = vehicleIconName(vehicle);
  const pto = ptoIcon(vehicle.unittype, vehicle.ptotrigger1, vehicle.ptotrigger2);
  const key = `${icon}:${pto}:${state}`;
  let drawing = cache.get(key);
  if (!drawing) {
    drawing = vehicleMarker(icon, pto, state);
    cache.set(key, drawing);
  }
  return <DrawingSvg drawing={drawing} size={size} />;
}
