import type { VehicleProfile } from './profiles.ts';
import type { RoutePath } from './routes/index.ts';
import type { VehicleState } from './vehicle-record.ts';

export type Phase = 'parked' | 'warmup' | 'driving' | 'halt' | 'working' | 'moveoff';

export interface VehicleOptions {
  route: RoutePath;
  profile: VehicleProfile;
  seed: number;
  startMs: number;
  /** Parked at the depot (for `forS` seconds, default random) or driving at a fraction of the route. */
  start?: { phase: 'parked'; forS?: number } | { phase: 'driving'; at: number };
  /** Minutes parked at the depot between trips, [min, max]. */
  depotMinutes?: readonly [number, number];
  /** Minutes spent at each work stop, [min, max]. */
  workMinutes?: readonly [number, number];
  panicPerHour?: number;
  /** Counters to start from instead of random mid-life ones (the demo's past days chain into today). */
  counters?: Pick<VehicleState, 'odometerM' | 'engineSeconds' | 'fuelUsedLitres' | 'fuelLitres'>;
  faultPerHour?: number;
}

export interface VehicleSnapshot extends Readonly<VehicleState> {
  t: number;
  phase: Phase;
  distanceM: number;
  routeId: string;
}
