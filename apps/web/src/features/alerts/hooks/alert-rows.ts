import { DEFAULT_TIME_ZONE } from '../../../shared/format/time.ts';

/** The fields of an alert record the helpers read (alertlist records and live events both have them). */
export interface AlertFacts {
  kind: string;
  event: string;
  poi: string;
  detail?: string;
}

/** What happened, as an en.json key under 'alertList.what' and its values. */
export type AlertWhat =
  | { key: 'panic' }
  | { key: 'movement' }
  | { key: 'movementWhy'; values: { why: string } }
  | { key: 'enter' | 'exit'; values: { poi: string } }
  | { key: 'enterUnknown' | 'exitUnknown' }
  | { key: 'spn'; values: { codes: string } }
  | { key: 'spnUnknown' }
  | { key: 'runover'; values: { hours: string } }
  | { key: 'runoverUnknown' }
  | { key: 'servicing'; values: { detail: string } }
  | { key: 'servicingUnknown' }
  | { key: 'device'; values: { alarm: string } }
  | { key: 'fuelDrop'; values: { detail: string } }
  | { key: 'other'; values: { kind: string; event: string } };

/** Panic pressed; an asset started moving; entered or left a POI; new fault codes (SPN) with their codes. */
export function describeAlert(a: AlertFacts): AlertWhat {
  if (a.kind === 'panic') return { key: 'panic' };
  // An asset tracker started moving (its location code 'Asset Movement'): a Zone alert without a POI.
  // Issue 16: the detail says which of the asset's allowed hours or place the start broke.
  if (a.kind === 'geofence' && a.event === 'movement') {
    const why = (a.detail ?? '').trim();
    return why ? { key: 'movementWhy', values: { why } } : { key: 'movement' };
  }
  if (a.kind === 'geofence' && (a.event === 'enter' || a.event === 'exit')) {
    const poi = a.poi.trim();
    if (!poi) return { key: a.event === 'enter' ? 'enterUnknown' : 'exitUnknown' };
    return { key: a.event, values: { poi } };
  }
  if (a.kind === 'spn') {
    const codes = (a.detail ?? '').trim();
    return codes ? { key: 'spn', values: { codes } } : { key: 'spnUnknown' };
  }
  // The server stores the site's working hours in words when it raises a Run Over.
  if (a.kind === 'runover') {
    const hours = (a.detail ?? '').trim();
    return hours ? { key: 'runover', values: { hours } } : { key: 'runoverUnknown' };
  }
  // A tracker's own alarm (issue 13): the server stores it in words ('Power cut'), the word as the event.
  if (a.kind === 'device') return { key: 'device', values: { alarm: (a.detail ?? '').trim() || a.event } };
  // The fuel monitor's drop (issue 16): litres, and the level before and after, in the detail.
  if (a.kind === 'fuel') return { key: 'fuelDrop', values: { detail: (a.detail ?? '').trim() || '?' } };
  if (a.kind === 'servicing') {
    const detail = (a.detail ?? '').trim();
    return detail ? { key: 'servicing', values: { detail } } : { key: 'servicingUnknown' };
  }
  return { key: 'other', values: { kind: a.kind, event: a.event } };
}

/** Open; cleared (by whom, when); or recorded late, never raised (a report buffered long before it arrived). */
export type AlertState = { open: true } | { open: false; at: string; by: string | null; late: boolean };

export function alertState(a: { cleared: string | null; clearedby: string | null; late?: boolean }): AlertState {
  if (a.cleared === null) return { open: true };
  return { open: false, at: a.cleared, by: a.clearedby?.trim() || null, late: a.late === true };
}

function dayKey(d: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
}

/** Whether a time falls on the same calendar day as `now` in the site's zone (HH:mm alone is then clear). */
export function isSameDay(value: string, now: Date, timeZone = DEFAULT_TIME_ZONE): boolean {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return false;
  return dayKey(d, timeZone) === dayKey(now, timeZone);
}
