import type { AlertEvent, ClearedAlert, UnitSystem } from '@fleet/shared';
import { formatPanicString } from '@fleet/shared';
import type { AlertRow, ClearedRow } from './alerts.repository.ts';
import { placeText } from '../places/index.ts';

/**
 * Where it happened, in words: the POI of a geofence alert, else the nearest town from the offline
 * gazetteer, its distance in the site's unit system.
 */
export function alertLocation(a: Pick<AlertRow, 'poi' | 'lat' | 'lon'>, system: UnitSystem): string {
  if (a.poi) return `At ${a.poi}`;
  // A panic or device alarm reported without a fix by a unit never placed (issue 13): no place is invented.
  if (a.lat === 0 && a.lon === 0) return 'Position unknown';
  return placeText(a.lat, a.lon, system);
}

export function alertEvent(a: AlertRow, system: UnitSystem): AlertEvent {
  return {
    aid: Number(a.id), kind: a.kind as AlertEvent['kind'], event: a.event, uid: a.unit_id, vehicle: a.registration,
    poi: a.poi ?? '', loc: alertLocation(a, system), updated: a.happened_at.toISOString(),
  };
}

export function clearedEvent(r: ClearedRow): ClearedAlert {
  return { aid: Number(r.id), kind: r.kind as ClearedAlert['kind'], uid: r.unit_id };
}

/** The spec's dashboard panic string from open panic alerts. */
export function panicString(rows: AlertRow[], system: UnitSystem): string {
  return formatPanicString(rows.map((a) => ({
    vehicle: a.registration, loc: alertLocation(a, system), updated: a.happened_at.toISOString(), uid: a.unit_id, aid: Number(a.id),
  })));
}

/**
 * What happened, in the words the alerts page uses (web en.json 'alertList.what'): 'Entered Depot
 * yard', 'Panic button pressed', 'Fault codes SPN 100 FMI 1'. For server answers that carry an
 * alert as text (the journeys timeline and a trip's events).
 */
export function alertText(a: { kind: string; event: string; poi: string | null; detail: string }): string {
  const poi = (a.poi ?? '').trim();
  const detail = a.detail.trim();
  if (a.kind === 'panic') return 'Panic button pressed';
  // Issue 16: the detail says which of the asset's rules the start broke ('outside Yard North').
  if (a.kind === 'geofence' && a.event === 'movement') return detail ? `Asset Movement: started moving ${detail}` : 'Asset Movement: started moving';
  if (a.kind === 'geofence' && a.event === 'enter') return poi ? `Entered ${poi}` : 'Entered a zone';
  if (a.kind === 'geofence' && a.event === 'exit') return poi ? `Left ${poi}` : 'Left a zone';
  if (a.kind === 'spn') return detail ? `Fault codes ${detail}` : 'New fault codes';
  if (a.kind === 'runover') return detail ? `Ignition on outside working hours (${detail})` : 'Ignition on outside working hours';
  if (a.kind === 'servicing') return detail || 'Service due';
  if (a.kind === 'device') return `Device alarm: ${detail || a.event}`;
  if (a.kind === 'fuel' && a.event === 'drop') return detail ? `Fuel drop of ${detail}` : 'Fuel drop';
  return `${a.kind} ${a.event}`;
}
