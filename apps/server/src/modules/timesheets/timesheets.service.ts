import {
  addDays, buildShifts, buildTimesheetWeek, EMPTY_SHIFT_PATTERN, MAX_SHIFT_S, nightSeconds, type ShiftPattern, shiftPatternSchema,
  TIMESHEET_READ_MARGIN_H, type TimesheetAuditEntry, type TimesheetListEntry, type TimesheetShift, type TimesheetShiftRecord,
  type TimesheetSheet, type TimesheetSignoffInfo, type TimesheetTrip, timesheetWeekOfShifts, zonedDate, zonedInstant,
} from '@fleet/shared';
import type pg from 'pg';
import { ApiError, badRequest, notFound } from '../../lib/errors.ts';
import { zoneOrFallback } from '../journeys/index.ts';

/** Who made a change: the user's id and their name at the time (kept in the audit as it was). */
export interface ChangedBy { userId: number | null; userName: string }

/** One line of the audit (the door's audit(), and every correction here). */
export interface AuditInput { action: string; field?: string | null; before?: unknown; after?: unknown; shiftId?: number | null }

export const LOCKED_TEXT = 'This timesheet is signed off: reopen it to make a change (a new version).';
export const NOT_LOCKED_TEXT = 'This timesheet is not signed off: there is nothing to reopen.';
/** The audit actions that are the office's corrections (counted in the week's list). */
export const CORRECTION_ACTIONS = ['updateshift', 'updateshiftnotes', 'addtimesheetshift', 'removetimesheetrecord'] as const;

type Db = pg.Pool | pg.PoolClient;

interface SheetRow {
  id: number; site_id: number; driver_id: number; wc: string; dummy: boolean; version: number; locked_at: Date | null;
  driver_name: string; site_name: string; timezone: string; shift_pattern_id: number | null;
}
interface ShiftRow {
  id: string; source: 'data' | 'office'; data_key: string | null; data_start: Date | null; data_end: Date | null;
  start_time: Date | null; end_time: Date | null; break_s: number | null; notes: string; removed_at: Date | null;
}
interface TripRow { id: string; unit_id: number; registration: string; start_time: Date; end_time: Date; driving_s: number; idle_s: number; driver_id: number }

/** A record with the shift it counts as (null when removed). */
interface Assembled { row: ShiftRow; record: TimesheetShiftRecord; shift: TimesheetShift | null }

const SHEET = `t.id, t.site_id, t.driver_id, t.wc::text AS wc, t.dummy, t.version, t.locked_at, d.name AS driver_name,
  s.name AS site_name, s.timezone, d.shift_pattern_id`;
const SHEET_FROM = 'timesheets t JOIN drivers d ON d.id = t.driver_id JOIN sites s ON s.id = t.site_id';

const sec = (d: Date) => Math.floor(d.getTime() / 1000);
const iso = (t: number) => new Date(t * 1000).toISOString();
/** The data key of a built shift: its first trip's id (see docs/decisions.md, "Timesheets"). */
const dataKeyOf = (s: TimesheetShift) => `trip:${s.tripIds[0] ?? s.start}`;

function tripOf(r: TripRow): TimesheetTrip {
  return { id: Number(r.id), unitid: r.unit_id, registration: r.registration, start: r.start_time.toISOString(), end: r.end_time.toISOString(), drivingS: r.driving_s, idleS: r.idle_s };
}

/** The instants a week of a zone covers, and the trips window around it (TIMESHEET_READ_MARGIN_H). */
function weekWindow(wc: string, timeZone: string) {
  const from = zonedInstant(wc, 0, timeZone);
  const to = zonedInstant(addDays(wc, 7), 0, timeZone);
  const margin = TIMESHEET_READ_MARGIN_H * 3600;
  return { from, to, readFrom: new Date((from - margin) * 1000), readTo: new Date((to + margin) * 1000) };
}

/** [start, end) minus the breaks: the spans at work, for night time. */
function dutySpans(start: number, end: number, breaks: { start: number; end: number }[]): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  let at = start;
  for (const b of [...breaks].sort((x, y) => x.start - y.start)) {
    if (b.start > at) out.push({ start: at, end: Math.min(b.start, end) });
    at = Math.max(at, b.end);
  }
  if (at < end) out.push({ start: at, end });
  return out.filter((d) => d.end > d.start);
}

/**
 * A data shift as the office corrected it. Start or end moved: each of its trips' driving and idling
 * counts in proportion to the part of the trip inside the new span, its breaks are cut to it. A
 * break set by the office replaces the data's breaks (and night time is then counted on the whole
 * span, as where the break fell is not known).
 */
function corrected(data: TimesheetShift, trips: Map<number, TimesheetTrip>, row: ShiftRow, pattern: ShiftPattern, timeZone: string): TimesheetShift {
  const start = row.start_time ? sec(row.start_time) : Date.parse(data.start) / 1000;
  const end = row.end_time ? sec(row.end_time) : Date.parse(data.end) / 1000;
  const moved = row.start_time !== null || row.end_time !== null;
  if (!moved && row.break_s === null) return data;
  let drivingS = data.drivingS;
  let idleS = data.idleS;
  if (moved) {
    drivingS = 0;
    idleS = 0;
    for (const id of data.tripIds) {
      const t = trips.get(id);
      if (!t) continue;
      const ts = Date.parse(t.start) / 1000;
      const te = Date.parse(t.end) / 1000;
      const overlap = Math.max(0, Math.min(te, end) - Math.max(ts, start));
      const share = te > ts ? overlap / (te - ts) : 0;
      drivingS += Math.round(t.drivingS * share);
      idleS += Math.round(t.idleS * share);
    }
  }
  const durationS = Math.max(0, end - start);
  drivingS = Math.min(drivingS, durationS);
  idleS = Math.min(idleS, durationS - drivingS);
  const dataBreaks = data.breaks
    .map((b) => ({ start: Math.max(start, Date.parse(b.start) / 1000), end: Math.min(end, Date.parse(b.end) / 1000) }))
    .filter((b) => b.end > b.start);
  const breaks = row.break_s === null ? dataBreaks.map((b) => ({ start: iso(b.start), end: iso(b.end), durationS: b.end - b.start })) : [];
  const breakS = row.break_s ?? breaks.reduce((s, b) => s + b.durationS, 0);
  const duty = dutySpans(start, end, row.break_s === null ? dataBreaks : []);
  return {
    ...data,
    day: zonedDate(start, timeZone),
    start: iso(start),
    end: iso(end),
    durationS,
    drivingS,
    idleS,
    breakS,
    otherS: Math.max(0, durationS - drivingS - idleS - breakS),
    nightS: duty.reduce((s, d) => s + nightSeconds(d.start, d.end, pattern.night, timeZone), 0),
    breaks,
  };
}

/** A shift the office entered by hand (or a data shift whose trips are gone): time at work, no driving known. */
function officeShift(start: number, end: number, breakS: number, pattern: ShiftPattern, timeZone: string): TimesheetShift {
  const durationS = Math.max(0, end - start);
  const b = Math.min(breakS, durationS);
  return {
    day: zonedDate(start, timeZone), start: iso(start), end: iso(end), durationS, drivingS: 0, idleS: 0, breakS: b,
    otherS: durationS - b, nightS: nightSeconds(start, end, pattern.night, timeZone), breaks: [], vehicles: [], tripIds: [],
  };
}

/**
 * The timesheets (issue 14): a driver's week built from their trips by the shared rules, kept as
 * records the office corrects, with an audit of every change. The door for the sign-off (S) and
 * the reports (R) too. Every function taking siteIds reads only those sites' rows: another site's
 * driver, sheet or shift is as missing.
 */
export function timesheetsService(pool: pg.Pool) {
  async function inTransaction<T>(work: (db: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const out = await work(client);
      await client.query('COMMIT');
      return out;
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      client.release();
    }
  }

  /** The pattern a driver's week is held against: their own, else the site's default, else none. */
  async function patternOf(db: Db, siteId: number, patternId: number | null): Promise<{ id: number | null; pattern: ShiftPattern }> {
    const r = await db.query<{ id: number; name: string; pattern: Record<string, unknown> }>(
      `SELECT id, name, pattern FROM shift_patterns WHERE site_id = $1 AND (id = $2 OR is_default)
        ORDER BY (id = $2) DESC NULLS LAST LIMIT 1`, [siteId, patternId]);
    const row = r.rows[0];
    if (!row) return { id: null, pattern: EMPTY_SHIFT_PATTERN };
    const parsed = shiftPatternSchema.safeParse({ ...row.pattern, name: row.name });
    return parsed.success ? { id: row.id, pattern: parsed.data } : { id: null, pattern: EMPTY_SHIFT_PATTERN };
  }

  async function tripsOf(db: Db, driverIds: number[], wc: string, timeZone: string): Promise<Map<number, TimesheetTrip[]>> {
    const { readFrom, readTo } = weekWindow(wc, timeZone);
    const r = await db.query<TripRow>(
      `SELECT t.id::text, t.unit_id, u.registration, t.start_time, t.end_time, t.driving_s, t.idle_s, t.driver_id
         FROM trips t JOIN units u ON u.id = t.unit_id
        WHERE t.driver_id = ANY($1::int[]) AND t.kind = 'trip' AND t.start_time >= $2 AND t.start_time < $3
        ORDER BY t.start_time`, [driverIds, readFrom, readTo]);
    const out = new Map<number, TimesheetTrip[]>();
    for (const row of r.rows) {
      let list = out.get(row.driver_id);
      if (!list) out.set(row.driver_id, (list = []));
      list.push(tripOf(row));
    }
    return out;
  }

  async function sheetRow(db: Db, where: string, values: unknown[], lock = false): Promise<SheetRow | null> {
    const r = await db.query<SheetRow>(`SELECT ${SHEET} FROM ${SHEET_FROM} WHERE ${where}${lock ? ' FOR UPDATE OF t' : ''}`, values);
    return r.rows[0] ?? null;
  }

  /** The data shifts of a sheet's week, from the driver's trips. */
  async function dataShifts(db: Db, sheet: SheetRow, pattern: ShiftPattern) {
    const timeZone = zoneOrFallback(sheet.timezone);
    const trips = (await tripsOf(db, [sheet.driver_id], sheet.wc, timeZone)).get(sheet.driver_id) ?? [];
    const last = addDays(sheet.wc, 6);
    const shifts = buildShifts(trips, timeZone, pattern.night).filter((s) => s.day >= sheet.wc && s.day <= last);
    return { shifts, trips: new Map(trips.map((t) => [t.id, t])) };
  }

  /**
   * Brings a sheet's data records in line with its trips (an unlocked sheet only): a built shift
   * takes the record with its key (its first trip), else the record whose data span it overlaps,
   * else a new record; a record left without a shift goes when nobody touched it, and stays (as
   * the office's, on its last known times) when it carries a correction, a note or an audit line.
   */
  async function sync(db: pg.PoolClient, sheet: SheetRow, shifts: TimesheetShift[]): Promise<void> {
    await db.query('SELECT pg_advisory_xact_lock(7262014, $1)', [sheet.id]);
    const rows = (await db.query<ShiftRow>(`SELECT * FROM timesheet_shifts WHERE timesheet_id = $1 AND source = 'data' ORDER BY id`, [sheet.id])).rows;
    const free = new Set(rows);
    const matches: { row: ShiftRow | null; shift: TimesheetShift }[] = [];
    for (const s of shifts) {
      const key = dataKeyOf(s);
      const row = rows.find((r) => free.has(r) && r.data_key === key);
      if (row) free.delete(row);
      matches.push({ row: row ?? null, shift: s });
    }
    for (const m of matches) {
      if (m.row) continue;
      const s0 = Date.parse(m.shift.start);
      const e0 = Date.parse(m.shift.end);
      const row = rows.find((r) => free.has(r) && r.data_start && r.data_end && r.data_start.getTime() <= e0 && r.data_end.getTime() >= s0);
      if (row) { free.delete(row); m.row = row; }
    }
    // Keys that change are cleared first: two records may swap keys.
    const rekeyed = matches.filter((m) => m.row && m.row.data_key !== dataKeyOf(m.shift));
    if (rekeyed.length > 0) {
      await db.query('UPDATE timesheet_shifts SET data_key = NULL WHERE id = ANY($1::bigint[])', [rekeyed.map((m) => m.row?.id)]);
    }
    for (const m of matches) {
      const key = dataKeyOf(m.shift);
      const start = new Date(m.shift.start);
      const end = new Date(m.shift.end);
      if (!m.row) {
        await db.query(
          `INSERT INTO timesheet_shifts (timesheet_id, source, data_key, data_start, data_end) VALUES ($1, 'data', $2, $3, $4)`,
          [sheet.id, key, start, end]);
      } else if (m.row.data_key !== key || m.row.data_start?.getTime() !== start.getTime() || m.row.data_end?.getTime() !== end.getTime()) {
        await db.query('UPDATE timesheet_shifts SET data_key = $2, data_start = $3, data_end = $4 WHERE id = $1', [m.row.id, key, start, end]);
      }
    }
    const gone = [...free].filter((r) => r.start_time === null && r.end_time === null && r.break_s === null && r.notes === '' && r.removed_at === null);
    if (gone.length > 0) {
      await db.query(
        `DELETE FROM timesheet_shifts s WHERE s.id = ANY($1::bigint[])
           AND NOT EXISTS (SELECT 1 FROM timesheet_audit a WHERE a.timesheet_id = s.timesheet_id AND a.shift_id = s.id)`,
        [gone.map((r) => r.id)]);
    }
    // The records that stay without a shift keep a key of their own, so a new shift can take theirs.
    for (const r of free) {
      if (r.data_key?.startsWith('trip:')) await db.query(`UPDATE timesheet_shifts SET data_key = 'gone:' || id WHERE id = $1`, [r.id]);
    }
  }

  /** Every record of a sheet with the shift it counts as, and the rules' week of them. */
  async function assemble(db: Db, sheet: SheetRow, built: { shifts: TimesheetShift[]; trips: Map<number, TimesheetTrip> }, pattern: ShiftPattern) {
    const timeZone = zoneOrFallback(sheet.timezone);
    const rows = (await db.query<ShiftRow>(
      'SELECT * FROM timesheet_shifts WHERE timesheet_id = $1 ORDER BY COALESCE(start_time, data_start), id', [sheet.id])).rows;
    const byKey = new Map(built.shifts.map((s) => [dataKeyOf(s), s]));
    const out: Assembled[] = [];
    for (const row of rows) {
      const data = row.source === 'data' && row.data_key ? byKey.get(row.data_key) : undefined;
      let shift: TimesheetShift | null = null;
      if (data) shift = corrected(data, built.trips, row, pattern, timeZone);
      else {
        const start = row.start_time ?? row.data_start;
        const end = row.end_time ?? row.data_end;
        if (start && end) shift = officeShift(sec(start), sec(end), row.break_s ?? 0, pattern, timeZone);
      }
      if (!shift) continue;
      const record: TimesheetShiftRecord = {
        id: Number(row.id),
        source: row.source,
        day: shift.day,
        start: shift.start,
        end: shift.end,
        dataStart: row.data_start?.toISOString() ?? null,
        dataEnd: row.data_end?.toISOString() ?? null,
        breakS: row.break_s,
        notes: row.notes,
        corrected: row.source === 'office' || row.start_time !== null || row.end_time !== null || row.break_s !== null,
        removed: row.removed_at !== null,
        vehicles: shift.vehicles,
      };
      out.push({ row, record, shift: row.removed_at ? null : shift });
    }
    const week = timesheetWeekOfShifts({
      shifts: out.flatMap((a) => (a.shift ? [a.shift] : [])), weekCommencing: sheet.wc, timeZone, pattern,
    });
    return { records: out, week };
  }

  /** A sheet synced (unless locked) and assembled, in full. */
  async function full(db: pg.PoolClient, sheet: SheetRow): Promise<TimesheetSheet> {
    const { id: patternId, pattern } = await patternOf(db, sheet.site_id, sheet.shift_pattern_id);
    const built = await dataShifts(db, sheet, pattern);
    if (!sheet.locked_at) await sync(db, sheet, built.shifts);
    const { records, week } = await assemble(db, sheet, built, pattern);
    const audit = (await db.query<{ id: string; shift_id: string | null; action: string; field: string | null; before: unknown; after: unknown; user_name: string; at: Date }>(
      'SELECT id::text, shift_id::text, action, field, before, after, user_name, at FROM timesheet_audit WHERE timesheet_id = $1 ORDER BY id', [sheet.id])).rows;
    const signoffs = (await db.query<{ id: string; version: number; operator_name: string; operator_signed_at: Date; driver_signed_at: Date | null; pdf_sha256: string }>(
      `SELECT id::text, version, operator_name, operator_signed_at, driver_signed_at, pdf_sha256 FROM timesheet_signoffs
        WHERE timesheet_id = $1 ORDER BY version`, [sheet.id])).rows;
    const driverSig = (await db.query<{ signed_at: Date }>(
      'SELECT signed_at FROM timesheet_driver_signatures WHERE timesheet_id = $1 AND version = $2', [sheet.id, sheet.version])).rows[0];
    return {
      id: sheet.id,
      driver: { id: sheet.driver_id, name: sheet.driver_name },
      site: { id: sheet.site_id, name: sheet.site_name, timezone: zoneOrFallback(sheet.timezone) },
      wc: sheet.wc,
      dummy: sheet.dummy,
      version: sheet.version,
      lockedAt: sheet.locked_at?.toISOString() ?? null,
      pattern: { id: patternId, name: pattern.name },
      shifts: records.map((a) => a.record),
      week,
      audit: audit.map((a): TimesheetAuditEntry => ({
        id: Number(a.id), shiftId: a.shift_id === null ? null : Number(a.shift_id), action: a.action, field: a.field,
        before: a.before, after: a.after, userName: a.user_name, at: a.at.toISOString(),
      })),
      signoffs: signoffs.map((s): TimesheetSignoffInfo => ({
        id: Number(s.id), version: s.version, operatorName: s.operator_name, operatorSignedAt: s.operator_signed_at.toISOString(),
        driverSignedAt: s.driver_signed_at?.toISOString() ?? null, pdfSha256: s.pdf_sha256,
      })),
      driverSignedAt: driverSig?.signed_at.toISOString() ?? null,
    };
  }

  async function writeAudit(db: Db, sheetId: number, entry: AuditInput, by: ChangedBy): Promise<void> {
    await db.query(
      `INSERT INTO timesheet_audit (timesheet_id, shift_id, action, field, before, after, user_id, user_name)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7, $8)`,
      [sheetId, entry.shiftId ?? null, entry.action, entry.field ?? null,
        entry.before === undefined ? null : JSON.stringify(entry.before), entry.after === undefined ? null : JSON.stringify(entry.after),
        by.userId, by.userName]);
  }

  /** The sheet row of a shift on the caller's sites, locked for the change; 404 as missing, 409 when signed off. */
  async function sheetOfShiftForChange(db: pg.PoolClient, siteIds: number[], shiftId: number): Promise<SheetRow> {
    const sheet = await sheetRow(db, 't.id = (SELECT timesheet_id FROM timesheet_shifts WHERE id = $1) AND t.site_id = ANY($2::int[])', [shiftId, siteIds], true);
    if (!sheet) throw notFound('shift');
    if (sheet.locked_at) throw new ApiError(409, LOCKED_TEXT);
    return sheet;
  }

  /** The state of a sheet a correction is checked against (synced, so the shift is the one the office sees). */
  async function current(db: pg.PoolClient, sheet: SheetRow) {
    const { pattern } = await patternOf(db, sheet.site_id, sheet.shift_pattern_id);
    const built = await dataShifts(db, sheet, pattern);
    await sync(db, sheet, built.shifts);
    const { records } = await assemble(db, sheet, built, pattern);
    return { records, timeZone: zoneOrFallback(sheet.timezone) };
  }

  const hm = (t: number, timeZone: string) => {
    const d = zonedDate(t, timeZone);
    const wall = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(t * 1000));
    return `${d} ${wall}`;
  };

  /** Refuses a span that is not a shift of this week, or that overlaps another record still counted. */
  function checkSpan(sheet: SheetRow, timeZone: string, records: Assembled[], start: number, end: number, except: number | null): void {
    if (end <= start) throw badRequest('The shift must end after it starts.');
    if (end - start > MAX_SHIFT_S) throw badRequest('A shift can be at most 24 hours long.');
    const day = zonedDate(start, timeZone);
    if (day < sheet.wc || day > addDays(sheet.wc, 6)) {
      throw badRequest(`The shift would start on ${day}, outside the week commencing ${sheet.wc}: enter it on that week's timesheet.`);
    }
    for (const a of records) {
      if (!a.shift || a.record.id === except) continue;
      const s = Date.parse(a.shift.start) / 1000;
      const e = Date.parse(a.shift.end) / 1000;
      if (start < e && end > s) {
        throw badRequest(`The shift would overlap the one from ${hm(s, timeZone)} to ${hm(e, timeZone)}.`);
      }
    }
  }

  /** The answer after a change: the sheet as it now is. */
  async function reread(db: pg.PoolClient, sheetId: number): Promise<TimesheetSheet> {
    const sheet = await sheetRow(db, 't.id = $1', [sheetId]);
    if (!sheet) throw notFound('timesheet');
    return full(db, sheet);
  }

  /** A sheet by id on one of the sites, synced and in full; null when there is none there. */
  async function sheet(siteIds: number[], id: number): Promise<TimesheetSheet | null> {
    return inTransaction(async (db) => {
      const row = await sheetRow(db, 't.id = $1 AND t.site_id = ANY($2::int[])', [id, siteIds]);
      return row ? full(db, row) : null;
    });
  }

  return {
    sheet,

    /** A driver's week (wc a Monday), its row made if it is not there yet; null when the driver is not on the sites. */
    async sheetOf(siteIds: number[], driverId: number, wc: string): Promise<TimesheetSheet | null> {
      return inTransaction(async (db) => {
        const driver = (await db.query<{ site_id: number }>('SELECT site_id FROM drivers WHERE id = $1 AND site_id = ANY($2::int[])', [driverId, siteIds])).rows[0];
        if (!driver) return null;
        await db.query(
          'INSERT INTO timesheets (site_id, driver_id, wc) VALUES ($1, $2, $3) ON CONFLICT (driver_id, wc) DO NOTHING', [driver.site_id, driverId, wc]);
        const row = await sheetRow(db, 't.driver_id = $1 AND t.wc = $2 AND t.site_id = ANY($3::int[])', [driverId, wc, siteIds]);
        return row ? full(db, row) : null;
      });
    },

    /** The week of every driver of a site: the sheet's totals where there is one, else the trips' as built. */
    async weekOfSite(siteId: number, wc: string): Promise<TimesheetListEntry[]> {
      const site = (await pool.query<{ timezone: string }>('SELECT timezone FROM sites WHERE id = $1', [siteId])).rows[0];
      if (!site) return [];
      const timeZone = zoneOrFallback(site.timezone);
      const drivers = (await pool.query<{ id: number; name: string; shift_pattern_id: number | null }>(
        'SELECT id, name, shift_pattern_id FROM drivers WHERE site_id = $1 ORDER BY name, id', [siteId])).rows;
      const sheets = (await pool.query<{ id: number; driver_id: number }>(
        'SELECT id, driver_id FROM timesheets WHERE site_id = $1 AND wc = $2', [siteId, wc])).rows;
      const sheetByDriver = new Map(sheets.map((s) => [s.driver_id, s.id]));
      const trips = await tripsOf(pool, drivers.filter((d) => !sheetByDriver.has(d.id)).map((d) => d.id), wc, timeZone);
      const patterns = new Map<number | null, ShiftPattern>();
      const out: TimesheetListEntry[] = [];
      for (const d of drivers) {
        const sheetId = sheetByDriver.get(d.id);
        if (sheetId !== undefined) {
          const s = await sheet([siteId], sheetId);
          if (!s) continue;
          out.push({
            id: s.id, driver: s.driver, wc, shifts: s.week.totals.shifts, workedS: s.week.totals.workedS, drivingS: s.week.totals.drivingS,
            overtimeS: s.week.totals.overtimeS, nightS: s.week.totals.nightS,
            corrections: s.audit.filter((a) => (CORRECTION_ACTIONS as readonly string[]).includes(a.action)).length,
            lockedAt: s.lockedAt, version: s.version, driverSignedAt: s.driverSignedAt,
          });
          continue;
        }
        let pattern = patterns.get(d.shift_pattern_id);
        if (!pattern) patterns.set(d.shift_pattern_id, (pattern = (await patternOf(pool, siteId, d.shift_pattern_id)).pattern));
        const week = buildTimesheetWeek({ trips: trips.get(d.id) ?? [], weekCommencing: wc, timeZone, pattern });
        out.push({
          id: null, driver: { id: d.id, name: d.name }, wc, shifts: week.totals.shifts, workedS: week.totals.workedS,
          drivingS: week.totals.drivingS, overtimeS: week.totals.overtimeS, nightS: week.totals.nightS, corrections: 0,
          lockedAt: null, version: 1, driverSignedAt: null,
        });
      }
      return out;
    },

    /** Signs off (locks) a version; false when the sheet is not at that version or already locked. */
    async lock(id: number, version: number, _by: ChangedBy): Promise<boolean> {
      const r = await pool.query('UPDATE timesheets SET locked_at = now() WHERE id = $1 AND version = $2 AND locked_at IS NULL', [id, version]);
      return (r.rowCount ?? 0) === 1;
    },

    /** Reopens a signed-off sheet as a new version (audit 'reopen'); 404 when missing, 409 when not signed off. */
    async reopen(id: number, by: ChangedBy): Promise<number> {
      return inTransaction(async (db) => {
        const row = (await db.query<{ version: number; locked_at: Date | null }>('SELECT version, locked_at FROM timesheets WHERE id = $1 FOR UPDATE', [id])).rows[0];
        if (!row) throw notFound('timesheet');
        if (!row.locked_at) throw new ApiError(409, NOT_LOCKED_TEXT);
        const version = row.version + 1;
        await db.query('UPDATE timesheets SET version = $2, locked_at = NULL WHERE id = $1', [id, version]);
        await writeAudit(db, id, { action: 'reopen', field: 'version', before: row.version, after: version }, by);
        return version;
      });
    },

    /** Writes one audit line (the sign-off's steps). */
    async audit(id: number, entry: AuditInput, by: ChangedBy): Promise<void> {
      await writeAudit(pool, id, entry, by);
    },

    /** updateshift: the office's start, end or break of a record. */
    async updateShift(siteIds: number[], shiftId: number, w: 'start' | 'end' | 'break', nt: string | number, by: ChangedBy): Promise<TimesheetSheet> {
      return inTransaction(async (db) => {
        const sheet = await sheetOfShiftForChange(db, siteIds, shiftId);
        const { records, timeZone } = await current(db, sheet);
        const a = records.find((r) => r.record.id === shiftId);
        if (!a) throw notFound('shift');
        if (!a.shift) throw badRequest('This record was removed: it cannot be changed.');
        const start = Date.parse(a.shift.start) / 1000;
        const end = Date.parse(a.shift.end) / 1000;
        if (w === 'break') {
          const value = nt as number;
          const room = a.shift.durationS - a.shift.drivingS - a.shift.idleS;
          if (value > room) {
            throw badRequest(`The break can be at most ${Math.floor(room / 60)} min: the rest of the shift is driving or idling.`);
          }
          await db.query('UPDATE timesheet_shifts SET break_s = $2 WHERE id = $1', [shiftId, value]);
          await writeAudit(db, sheet.id, { action: 'updateshift', field: 'break', before: a.shift.breakS, after: value, shiftId }, by);
        } else {
          const t = Math.floor(Date.parse(nt as string) / 1000);
          const [ns, ne] = w === 'start' ? [t, end] : [start, t];
          checkSpan(sheet, timeZone, records, ns, ne, shiftId);
          const column = w === 'start' ? 'start_time' : 'end_time';
          await db.query(`UPDATE timesheet_shifts SET ${column} = $2 WHERE id = $1`, [shiftId, new Date(t * 1000)]);
          await writeAudit(db, sheet.id, { action: 'updateshift', field: w, before: w === 'start' ? a.shift.start : a.shift.end, after: iso(t), shiftId }, by);
        }
        return reread(db, sheet.id);
      });
    },

    /** updateshiftnotes: the office's notes on a record. */
    async updateNotes(siteIds: number[], shiftId: number, notes: string, by: ChangedBy): Promise<TimesheetSheet> {
      return inTransaction(async (db) => {
        const sheet = await sheetOfShiftForChange(db, siteIds, shiftId);
        const before = (await db.query<{ notes: string }>('SELECT notes FROM timesheet_shifts WHERE id = $1', [shiftId])).rows[0];
        if (!before) throw notFound('shift');
        const value = notes.trim();
        if (value !== before.notes) {
          await db.query('UPDATE timesheet_shifts SET notes = $2 WHERE id = $1', [shiftId, value]);
          await writeAudit(db, sheet.id, { action: 'updateshiftnotes', field: 'notes', before: before.notes, after: value, shiftId }, by);
        }
        return reread(db, sheet.id);
      });
    },

    /** addtimesheetshift: a shift the data does not have (driving on a vehicle without a tracker, training). */
    async addShift(siteIds: number[], sheetId: number, body: { start: string; end: string; breakS?: number | undefined; notes?: string | undefined }, by: ChangedBy) {
      return inTransaction(async (db) => {
        const sheet = await sheetRow(db, 't.id = $1 AND t.site_id = ANY($2::int[])', [sheetId, siteIds], true);
        if (!sheet) throw notFound('timesheet');
        if (sheet.locked_at) throw new ApiError(409, LOCKED_TEXT);
        const { records, timeZone } = await current(db, sheet);
        const start = Math.floor(Date.parse(body.start) / 1000);
        const end = Math.floor(Date.parse(body.end) / 1000);
        checkSpan(sheet, timeZone, records, start, end, null);
        const breakS = body.breakS ?? 0;
        if (breakS >= end - start) throw badRequest('The break must be shorter than the shift.');
        const notes = (body.notes ?? '').trim();
        const r = await db.query<{ id: string }>(
          `INSERT INTO timesheet_shifts (timesheet_id, source, start_time, end_time, break_s, notes) VALUES ($1, 'office', $2, $3, $4, $5) RETURNING id::text`,
          [sheet.id, new Date(start * 1000), new Date(end * 1000), breakS, notes]);
        const shiftId = Number(r.rows[0]?.id);
        await writeAudit(db, sheet.id, { action: 'addtimesheetshift', after: { start: iso(start), end: iso(end), breakS, notes }, shiftId }, by);
        return { id: shiftId, timesheet: await reread(db, sheet.id) };
      });
    },

    /** removetimesheetrecord: the record stays, marked removed, and no longer counts. */
    async removeRecord(siteIds: number[], shiftId: number, by: ChangedBy): Promise<TimesheetSheet> {
      return inTransaction(async (db) => {
        const sheet = await sheetOfShiftForChange(db, siteIds, shiftId);
        const { records } = await current(db, sheet);
        const a = records.find((r) => r.record.id === shiftId);
        if (!a) throw notFound('shift');
        if (!a.shift) throw badRequest('This record is already removed.');
        await db.query('UPDATE timesheet_shifts SET removed_at = now() WHERE id = $1', [shiftId]);
        await writeAudit(db, sheet.id, {
          action: 'removetimesheetrecord', field: 'removed', before: { start: a.shift.start, end: a.shift.end, breakS: a.shift.breakS }, after: null, shiftId,
        }, by);
        return reread(db, sheet.id);
      });
    },

    /** createdufftimesheet: a sheet for a week the driver has no data in (to enter it by hand). */
    async createDuff(siteIds: number[], driverId: number, wc: string, by: ChangedBy): Promise<TimesheetSheet> {
      return inTransaction(async (db) => {
        const driver = (await db.query<{ site_id: number; timezone: string }>(
          'SELECT d.site_id, s.timezone FROM drivers d JOIN sites s ON s.id = d.site_id WHERE d.id = $1 AND d.site_id = ANY($2::int[])', [driverId, siteIds])).rows[0];
        if (!driver) throw notFound('driver');
        const exists = (await db.query('SELECT 1 FROM timesheets WHERE driver_id = $1 AND wc = $2', [driverId, wc])).rowCount;
        if (exists) throw new ApiError(409, `This driver already has a timesheet for the week commencing ${wc}: open it to correct it.`);
        const timeZone = zoneOrFallback(driver.timezone);
        const { from, to } = weekWindow(wc, timeZone);
        const driven = (await db.query(
          `SELECT 1 FROM trips WHERE driver_id = $1 AND kind = 'trip' AND start_time >= $2 AND start_time < $3 LIMIT 1`,
          [driverId, new Date(from * 1000), new Date(to * 1000)])).rowCount;
        if (driven) throw new ApiError(409, `This driver has driving in the week commencing ${wc}: open that week's timesheet instead.`);
        const r = await db.query<{ id: number }>(
          'INSERT INTO timesheets (site_id, driver_id, wc, dummy) VALUES ($1, $2, $3, true) RETURNING id', [driver.site_id, driverId, wc]);
        const id = r.rows[0]?.id as number;
        await writeAudit(db, id, { action: 'createdufftimesheet', after: { wc } }, by);
        return reread(db, id);
      });
    },

    /** The site's shift patterns (shiftpatterns), default first. */
    async patterns(siteId: number) {
      const r = await pool.query<{ id: number; name: string; is_default: boolean; pattern: Record<string, unknown> }>(
        'SELECT id, name, is_default, pattern FROM shift_patterns WHERE site_id = $1 ORDER BY is_default DESC, name, id', [siteId]);
      return r.rows.flatMap((row) => {
        const parsed = shiftPatternSchema.safeParse({ ...row.pattern, name: row.name });
        return parsed.success ? [{ id: row.id, name: row.name, isDefault: row.is_default, pattern: parsed.data }] : [];
      });
    },
  };
}

export type TimesheetsService = ReturnType<typeof timesheetsService>;
