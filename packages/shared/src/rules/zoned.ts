/**
 * Wall-clock arithmetic in an IANA zone with the runtime's Intl (the repository's zone source: the
 * journeys' day bounds use it too, and the browser's Intl holds the same database). Times are whole
 * seconds since the epoch (UTC); a local time that does not exist (clocks going forward) is read
 * past the gap, and one that happens twice (clocks going back) is its first occurrence: the same
 * choice as Temporal's 'compatible'.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Whether the runtime knows a zone name (IANA). */
export function isIanaTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall clock at an instant (epoch seconds) in a zone, as epoch seconds of the same reading in UTC. */
export function wallSeconds(t: number, timeZone: string): number {
  const p: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(t * 1000))) if (part.type !== 'literal') p[part.type] = Number(part.value);
  return Date.UTC(p.year ?? 1970, (p.month ?? 1) - 1, p.day ?? 1, p.hour ?? 0, p.minute ?? 0, p.second ?? 0) / 1000;
}

/** The local calendar date 'YYYY-MM-DD' of an instant (epoch seconds) in a zone. */
export function zonedDate(t: number, timeZone: string): string {
  return new Date(wallSeconds(t, timeZone) * 1000).toISOString().slice(0, 10);
}

/** The calendar date `n` days after 'YYYY-MM-DD' (n may be negative). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** The ISO weekday (1 Monday … 7 Sunday) of a calendar date 'YYYY-MM-DD'. */
export function isoWeekday(day: string): number {
  const d = new Date(`${day}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

/** Minutes after midnight of 'HH:mm'. */
export function hhmmMinutes(hhmm: string): number {
  return Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
}

/**
 * The instant (epoch seconds) a zone's clocks read `minutes` after midnight of `day`. Offsets are
 * taken 14 hours either side (no zone changes twice within that); a reading valid under both is
 * doubled (the earlier wins), one valid under neither falls in a gap and is read with the offset
 * before it, which lands as far past the gap as it was into it.
 */
export function zonedInstant(day: string, minutes: number, timeZone: string): number {
  const wall = Date.parse(`${day}T00:00:00Z`) / 1000 + minutes * 60;
  const before = wall - (wallSeconds(wall - 14 * 3600, timeZone) - (wall - 14 * 3600));
  const after = wall - (wallSeconds(wall + 14 * 3600, timeZone) - (wall + 14 * 3600));
  const valid = [before, after].filter((t) => wallSeconds(t, timeZone) === wall);
  return valid.length > 0 ? Math.min(...valid) : before;
}

/** The Monday on or before a calendar date: the week commencing it belongs to. */
export function weekCommencingOf(day: string): string {
  return addDays(day, 1 - isoWeekday(day));
}
