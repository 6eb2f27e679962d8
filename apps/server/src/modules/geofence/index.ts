/** The geofence module's door: the spatial index of places and the per-unit inside/outside tracker. */
export { GeofenceIndex, type GeofenceRow } from './geofence-index.ts';
export { GeofenceTracker, type GeofenceEvents } from './geofence-tracker.ts';
