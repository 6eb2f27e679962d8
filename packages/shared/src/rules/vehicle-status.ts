/** How a vehicle is moving, derived from ignition and speed (spec section 4). */
export type VehicleMotion = 'stopped' | 'idling' | 'driving';

/** Unit type 6 reports check-ins rather than journeys, so it never shows speed-based status text. */
export const NO_SPEED_TEXT_UNIT_TYPE = 6;

export interface VehicleStatusInput {
  ign: number;
  speed: number;
  unittype: number;
}

/** 'stopped' when ignition is off, 'idling' when on at speed 0, otherwise 'driving'. */
export function vehicleMotion(v: Pick<VehicleStatusInput, 'ign' | 'speed'>): VehicleMotion {
  if (v.ign === 0) return 'stopped';
  if (v.speed === 0) return 'idling';
  return 'driving';
}

/** Whole miles per hour as shown in the status text. */
export function displaySpeedMph(speed: number): number {
  return Math.round(speed);
}

/** The spec's status text: 'stopped', 'Idling' or 'driving at N mph'; '' for unit type 6. */
export function vehicleStatusText(v: VehicleStatusInput): string {
  if (v.unittype === NO_SPEED_TEXT_UNIT_TYPE) return '';
  switch (vehicleMotion(v)) {
    case 'stopped':
      return 'stopped';
    case 'idling':
      return 'Idling';
    case 'driving':
      return `driving at ${displaySpeedMph(v.speed)} mph`;
  }
}
