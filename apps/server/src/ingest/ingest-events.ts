/** What the ingest tells the rest of the server: the processors' outputs. */

/** An alert the events processor raised and stored. */
export interface RaisedAlert {
  aid: number;
  kind: 'panic' | 'geofence' | 'spn' | 'runover';
  event: string;
  siteId: number;
  unitId: number;
  poiId: number | null;
  happenedAt: string;
  lat: number;
  lon: number;
  detail: string;
}

/** A unit whose latest state the state processor changed. */
export interface StateChange {
  unitId: number;
  siteId: number;
  /** Its positions went out live when committed (LivePosition); false for asset trackers, whose location code only the processor knows. */
  announced?: boolean;
}

/**
 * A position as soon as it is committed (before the state processor folds it into unit_state), for
 * the live map: the unit's latest plausible record of a stored batch (rows the writer flagged
 * implausible never become one), its IO read for the unit's type.
 */
export interface LivePosition {
  unitId: number;
  siteId: number;
  deviceTimeMs: number;
  lat: number;
  lon: number;
  /** km/h */
  speed: number;
  angle: number;
  ignition: boolean | null;
  panic: boolean;
  pto1: boolean;
  pto2: boolean;
}
