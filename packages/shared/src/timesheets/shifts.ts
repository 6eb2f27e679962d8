import { nightSeconds, type NightWindow } from './shift-pattern.ts';
import type { ShiftBreak, TimesheetShift, TimesheetTrip } from './timesheet.schema.ts';
import { zonedDate } from '../rules/zoned.ts';

/**
 * How a driver's trips become shifts (docs/decisions.md, "Timesheets: the rules"). A rest of
 * 4 hours or more ends a shift: longer than the 3-hour first part of a split daily rest (EU
 * 561/2006 art. 4(g)), so a split day stays one shift, and far shorter than any daily rest (9 h
 * reduced), so two working days never merge. Between trips 15 minutes or more is a break (the
 * smallest part a 45-minute break may be split into); less is work off the road.
 */
export const SHIFT_RULES = { restGapS: 4 * 3600, breakMinS: 15 * 60 } as const;

interface Open {
  start: number;
  end: number;
  drivingS: number;
  idleS: number;
  breaks: { start: number; end: number }[];
  duty: { start: number; end: number }[];
  vehicles: Map<number, string>;
  tripIds: number[];
}

const iso = (t: number) => new Date(t * 1000).toISOString();

function seconds(value: string, tripId: number, which: string): number {
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new RangeError(`trip ${tripId}: ${which} '${value}' is not a date and time`);
  return Math.floor(ms / 1000);
}

function count(value: number, tripId: number, which: string): number {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`trip ${tripId}: ${which} must be 0 or more seconds`);
  return value;
}

function close(o: Open, night: NightWindow | null, timeZone: string): TimesheetShift {
  const breaks: ShiftBreak[] = o.breaks.map((b) => ({ start: iso(b.start), end: iso(b.end), durationS: b.end - b.start }));
  const durationS = o.end - o.start;
  const breakS = breaks.reduce((s, b) => s + b.durationS, 0);
  return {
    day: zonedDate(o.start, timeZone),
    start: iso(o.start),
    end: iso(o.end),
    durationS,
    drivingS: o.drivingS,
    idleS: o.idleS,
    breakS,
    otherS: durationS - o.drivingS - o.idleS - breakS,
    nightS: o.duty.reduce((s, d) => s + nightSeconds(d.start, d.end, night, timeZone), 0),
    breaks,
    vehicles: [...o.vehicles].map(([unitid, registration]) => ({ unitid, registration })),
    tripIds: o.tripIds,
  };
}

/**
 * A driver's shifts from their trips (any order, any vehicles), oldest first; times are cut to
 * whole seconds. Trips that overlap (two vehicles logged at once) count their common time once:
 * a trip's driving and idling are taken in proportion to the part of it not already covered.
 * Night time is counted on the shift's time at work (breaks left out). Throws a RangeError
 * naming the trip on a time that is not one, an end before the start, or a negative count.
 */
export function buildShifts(trips: readonly TimesheetTrip[], timeZone: string, night: NightWindow | null): TimesheetShift[] {
  const items = trips.map((t) => {
    const start = seconds(t.start, t.id, 'start');
    const end = seconds(t.end, t.id, 'end');
    if (end < start) throw new RangeError(`trip ${t.id}: ends (${t.end}) before it starts (${t.start})`);
    return { trip: t, start, end, drivingS: count(t.drivingS, t.id, 'drivingS'), idleS: count(t.idleS, t.id, 'idleS') };
  });
  items.sort((a, b) => a.start - b.start || a.end - b.end || a.trip.id - b.trip.id);
  const shifts: TimesheetShift[] = [];
  let open: Open | undefined;
  for (const it of items) {
    if (open && it.start - open.end >= SHIFT_RULES.restGapS) {
      shifts.push(close(open, night, timeZone));
      open = undefined;
    }
    if (!open) {
      open = { start: it.start, end: it.start, drivingS: 0, idleS: 0, breaks: [], duty: [{ start: it.start, end: it.start }], vehicles: new Map(), tripIds: [] };
    } else if (it.start - open.end >= SHIFT_RULES.breakMinS) {
      open.breaks.push({ start: open.end, end: it.start });
      open.duty.push({ start: it.start, end: it.start });
    }
    // Only the part of the trip after what the shift already covers is new time.
    const counted = Math.max(0, it.end - Math.max(it.start, open.end));
    const span = it.end - it.start;
    const share = span > 0 ? counted / span : 0;
    const driving = Math.min(counted, Math.round(it.drivingS * share));
    const idle = Math.min(counted - driving, Math.round(it.idleS * share));
    open.drivingS += driving;
    open.idleS += idle;
    open.end = Math.max(open.end, it.end);
    const duty = open.duty.at(-1);
    if (duty) duty.end = open.end;
    if (!open.vehicles.has(it.trip.unitid)) open.vehicles.set(it.trip.unitid, it.trip.registration);
    open.tripIds.push(it.trip.id);
  }
  if (open) shifts.push(close(open, night, timeZone));
  return shifts;
}
