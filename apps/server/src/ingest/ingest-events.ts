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
}
