import type pg from 'pg';

/**
 * The timesheets module's SQL (issue 14): its own tables (shift_patterns, timesheets,
 * timesheet_shifts, timesheet_audit; the sign-off tables read for the sheet) and the reads of
 * drivers, sites and trips it needs. Every read of a sheet or shift by id takes the caller's sites:
 * a row of another site is as missing. Functions take a pool or a transaction's client.
 */

export type Db = pg.Pool | pg.PoolClient;

export interface SheetRow {
  id: number; site_id: number; driver_id: number; wc: string; dummy: boolean; version: number; locked_at: Date | null;
  driver_name: string; site_name: string; timezone: string; shift_pattern_id: number | null;
}
export interface ShiftRow {
  id: string; source: 'data' | 'office'; data_key: string | null; data_start: Date | null; data_end: Date | null;
  start_time: Date | null; end_time: Date | null; break_s: number | null; notes: string; removed_at: Date | null;
}
export interface TripRow { id: string; unit_id: number; registration: string; start_time: Date; end_time: Date; driving_s: number; idle_s: number; driver_id: number }
export interface PatternRow { id: number; name: string; is_default: boolean; pattern: Record<string, unknown> }
export interface AuditRow { id: string; shift_id: string | null; action: string; field: string | null; before: unknown; after: unknown; user_name: string; at: Date }
export interface SignoffRow { id: string; version: number; operator_name: string; operator_signed_at: Date; driver_signed_at: Date | null; pdf_sha256: string }

const SHEET = `SELECT t.id, t.site_id, t.driver_id, t.wc::text AS wc, t.dummy, t.version, t.locked_at, d.name AS driver_name,
  s.name AS site_name, s.timezone, d.shift_pattern_id
  FROM timesheets t JOIN drivers d ON d.id = t.driver_id JOIN sites s ON s.id = t.site_id`;

const first = <T extends pg.QueryResultRow>(r: pg.QueryResult<T>): T | null => r.rows[0] ?? null;

export const timesheetsRepository = {
  // ---- sheets ----
  async sheetById(db: Db, id: number, siteIds: number[], lock = false): Promise<SheetRow | null> {
    return first(await db.query<SheetRow>(`${SHEET} WHERE t.id = $1 AND t.site_id = ANY($2::int[])${lock ? ' FOR UPDATE OF t' : ''}`, [id, siteIds]));
  },
  async sheetAnySite(db: Db, id: number): Promise<SheetRow | null> {
    return first(await db.query<SheetRow>(`${SHEET} WHERE t.id = $1`, [id]));
  },
  async sheetOfShift(db: Db, shiftId: number, siteIds: number[], lock = false): Promise<SheetRow | null> {
    return first(await db.query<SheetRow>(
      `${SHEET} WHERE t.id = (SELECT timesheet_id FROM timesheet_shifts WHERE id = $1) AND t.site_id = ANY($2::int[])${lock ? ' FOR UPDATE OF t' : ''}`,
      [shiftId, siteIds]));
  },
  async sheetOfDriverWeek(db: Db, driverId: number, wc: string, siteIds: number[]): Promise<SheetRow | null> {
    return first(await db.query<SheetRow>(`${SHEET} WHERE t.driver_id = $1 AND t.wc = $2 AND t.site_id = ANY($3::int[])`, [driverId, wc, siteIds]));
  },
  async sheetExists(db: Db, driverId: number, wc: string): Promise<boolean> {
    return ((await db.query('SELECT 1 FROM timesheets WHERE driver_id = $1 AND wc = $2', [driverId, wc])).rowCount ?? 0) > 0;
  },
  /** Makes a driver's sheet of a week if it is not there (a second caller's insert is a no-op). */
  async ensureSheet(db: Db, siteId: number, driverId: number, wc: string): Promise<void> {
    await db.query('INSERT INTO timesheets (site_id, driver_id, wc) VALUES ($1, $2, $3) ON CONFLICT (driver_id, wc) DO NOTHING', [siteId, driverId, wc]);
  },
  async insertDummySheet(db: Db, siteId: number, driverId: number, wc: string): Promise<number> {
    const r = await db.query<{ id: number }>('INSERT INTO timesheets (site_id, driver_id, wc, dummy) VALUES ($1, $2, $3, true) RETURNING id', [siteId, driverId, wc]);
    return r.rows[0]?.id as number;
  },
  async sheetsOfSiteWeek(db: Db, siteId: number, wc: string): Promise<{ id: number; driver_id: number }[]> {
    return (await db.query<{ id: number; driver_id: number }>('SELECT id, driver_id FROM timesheets WHERE site_id = $1 AND wc = $2', [siteId, wc])).rows;
  },
  async lock(db: Db, id: number, version: number): Promise<boolean> {
    const r = await db.query('UPDATE timesheets SET locked_at = now() WHERE id = $1 AND version = $2 AND locked_at IS NULL', [id, version]);
    return (r.rowCount ?? 0) === 1;
  },
  async lockState(db: Db, id: number): Promise<{ version: number; locked_at: Date | null } | null> {
    return first(await db.query<{ version: number; locked_at: Date | null }>('SELECT version, locked_at FROM timesheets WHERE id = $1 FOR UPDATE', [id]));
  },
  async reopen(db: Db, id: number, version: number): Promise<void> {
    await db.query('UPDATE timesheets SET version = $2, locked_at = NULL WHERE id = $1', [id, version]);
  },
  /** One sync of a sheet's records at a time (two first opens of a week at once). */
  async lockSheetSync(db: pg.PoolClient, sheetId: number): Promise<void> {
    await db.query('SELECT pg_advisory_xact_lock(7262014, $1)', [sheetId]);
  },

  // ---- shift records ----
  async shiftRows(db: Db, sheetId: number, dataOnly: boolean): Promise<ShiftRow[]> {
    return (await db.query<ShiftRow>(
      `SELECT * FROM timesheet_shifts WHERE timesheet_id = $1${dataOnly ? " AND source = 'data'" : ''} ORDER BY COALESCE(start_time, data_start), id`, [sheetId])).rows;
  },
  async shiftNotes(db: Db, shiftId: number): Promise<string | null> {
    return first(await db.query<{ notes: string }>('SELECT notes FROM timesheet_shifts WHERE id = $1', [shiftId]))?.notes ?? null;
  },
  async clearKeys(db: Db, ids: string[]): Promise<void> {
    await db.query('UPDATE timesheet_shifts SET data_key = NULL WHERE id = ANY($1::bigint[])', [ids]);
  },
  async insertDataShift(db: Db, sheetId: number, key: string, start: Date, end: Date): Promise<void> {
    await db.query(`INSERT INTO timesheet_shifts (timesheet_id, source, data_key, data_start, data_end) VALUES ($1, 'data', $2, $3, $4)`, [sheetId, key, start, end]);
  },
  async updateDataShift(db: Db, id: string, key: string, start: Date, end: Date): Promise<void> {
    await db.query('UPDATE timesheet_shifts SET data_key = $2, data_start = $3, data_end = $4 WHERE id = $1', [id, key, start, end]);
  },
  /** Deletes the records with no audit line (the caller passes only untouched ones). */
  async deleteUnaudited(db: Db, ids: string[]): Promise<void> {
    await db.query(
      `DELETE FROM timesheet_shifts s WHERE s.id = ANY($1::bigint[])
         AND NOT EXISTS (SELECT 1 FROM timesheet_audit a WHERE a.timesheet_id = s.timesheet_id AND a.shift_id = s.id)`, [ids]);
  },
  async markGone(db: Db, id: string): Promise<void> {
    await db.query(`UPDATE timesheet_shifts SET data_key = 'gone:' || id WHERE id = $1`, [id]);
  },
  async setTime(db: Db, shiftId: number, which: 'start' | 'end', at: Date): Promise<void> {
    await db.query(`UPDATE timesheet_shifts SET ${which === 'start' ? 'start_time' : 'end_time'} = $2 WHERE id = $1`, [shiftId, at]);
  },
  async setBreak(db: Db, shiftId: number, seconds: number): Promise<void> {
    await db.query('UPDATE timesheet_shifts SET break_s = $2 WHERE id = $1', [shiftId, seconds]);
  },
  async setNotes(db: Db, shiftId: number, notes: string): Promise<void> {
    await db.query('UPDATE timesheet_shifts SET notes = $2 WHERE id = $1', [shiftId, notes]);
  },
  async setRemoved(db: Db, shiftId: number): Promise<void> {
    await db.query('UPDATE timesheet_shifts SET removed_at = now() WHERE id = $1', [shiftId]);
  },
  async insertOfficeShift(db: Db, sheetId: number, start: Date, end: Date, breakS: number, notes: string): Promise<number> {
    const r = await db.query<{ id: string }>(
      `INSERT INTO timesheet_shifts (timesheet_id, source, start_time, end_time, break_s, notes) VALUES ($1, 'office', $2, $3, $4, $5) RETURNING id::text`,
      [sheetId, start, end, breakS, notes]);
    return Number(r.rows[0]?.id);
  },

  // ---- audit and sign-offs ----
  async auditRows(db: Db, sheetId: number): Promise<AuditRow[]> {
    return (await db.query<AuditRow>(
      'SELECT id::text, shift_id::text, action, field, before, after, user_name, at FROM timesheet_audit WHERE timesheet_id = $1 ORDER BY timesheet_audit.id', [sheetId])).rows;
  },
  async insertAudit(db: Db, sheetId: number, e: { shiftId: number | null; action: string; field: string | null; before: unknown; after: unknown },
    by: { userId: number | null; userName: string }): Promise<void> {
    await db.query(
      `INSERT INTO timesheet_audit (timesheet_id, shift_id, action, field, before, after, user_id, user_name)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7, $8)`,
      [sheetId, e.shiftId, e.action, e.field, e.before === undefined ? null : JSON.stringify(e.before), e.after === undefined ? null : JSON.stringify(e.after),
        by.userId, by.userName]);
  },
  async signoffRows(db: Db, sheetId: number): Promise<SignoffRow[]> {
    return (await db.query<SignoffRow>(
      `SELECT id::text, version, operator_name, operator_signed_at, driver_signed_at, pdf_sha256 FROM timesheet_signoffs
        WHERE timesheet_id = $1 ORDER BY version`, [sheetId])).rows;
  },
  async driverSignedAt(db: Db, sheetId: number, version: number): Promise<Date | null> {
    return first(await db.query<{ signed_at: Date }>(
      'SELECT signed_at FROM timesheet_driver_signatures WHERE timesheet_id = $1 AND version = $2', [sheetId, version]))?.signed_at ?? null;
  },

  // ---- drivers, sites, trips, patterns ----
  async driverOnSites(db: Db, driverId: number, siteIds: number[]): Promise<{ site_id: number; timezone: string } | null> {
    return first(await db.query<{ site_id: number; timezone: string }>(
      'SELECT d.site_id, s.timezone FROM drivers d JOIN sites s ON s.id = d.site_id WHERE d.id = $1 AND d.site_id = ANY($2::int[])', [driverId, siteIds]));
  },
  async driversOfSite(db: Db, siteId: number): Promise<{ id: number; name: string; shift_pattern_id: number | null }[]> {
    return (await db.query<{ id: number; name: string; shift_pattern_id: number | null }>(
      'SELECT id, name, shift_pattern_id FROM drivers WHERE site_id = $1 ORDER BY name, id', [siteId])).rows;
  },
  async siteZone(db: Db, siteId: number): Promise<string | null> {
    return first(await db.query<{ timezone: string }>('SELECT timezone FROM sites WHERE id = $1', [siteId]))?.timezone ?? null;
  },
  /** The drivers' trips (kind 'trip') starting in [from, to), oldest first. */
  async tripsOfDrivers(db: Db, driverIds: number[], from: Date, to: Date): Promise<TripRow[]> {
    return (await db.query<TripRow>(
      `SELECT t.id::text, t.unit_id, u.registration, t.start_time, t.end_time, t.driving_s, t.idle_s, t.driver_id
         FROM trips t JOIN units u ON u.id = t.unit_id
        WHERE t.driver_id = ANY($1::int[]) AND t.kind = 'trip' AND t.start_time >= $2 AND t.start_time < $3
        ORDER BY t.start_time`, [driverIds, from, to])).rows;
  },
  async drove(db: Db, driverId: number, from: Date, to: Date): Promise<boolean> {
    return ((await db.query(
      `SELECT 1 FROM trips WHERE driver_id = $1 AND kind = 'trip' AND start_time >= $2 AND start_time < $3 LIMIT 1`, [driverId, from, to])).rowCount ?? 0) > 0;
  },
  /** A driver's own pattern if it is the site's, else the site's default; null when neither. */
  async patternFor(db: Db, siteId: number, patternId: number | null): Promise<PatternRow | null> {
    return first(await db.query<PatternRow>(
      `SELECT id, name, is_default, pattern FROM shift_patterns WHERE site_id = $1 AND (id = $2 OR is_default)
        ORDER BY (id = $2) DESC NULLS LAST LIMIT 1`, [siteId, patternId]));
  },
  async patternsOfSite(db: Db, siteId: number): Promise<PatternRow[]> {
    return (await db.query<PatternRow>(
      'SELECT id, name, is_default, pattern FROM shift_patterns WHERE site_id = $1 ORDER BY is_default DESC, name, id', [siteId])).rows;
  },
  async pattern(db: Db, id: number, siteId: number): Promise<PatternRow | null> {
    return first(await db.query<PatternRow>('SELECT id, name, is_default, pattern FROM shift_patterns WHERE id = $1 AND site_id = $2', [id, siteId]));
  },
  /** One change to the site patterns at a time: the default moves between rows. */
  async lockPatterns(db: pg.PoolClient): Promise<void> {
    await db.query('SELECT pg_advisory_xact_lock(7262015)');
  },
  async hasDefault(db: Db, siteId: number): Promise<boolean> {
    return ((await db.query('SELECT 1 FROM shift_patterns WHERE site_id = $1 AND is_default', [siteId])).rowCount ?? 0) > 0;
  },
  async clearDefault(db: Db, siteId: number): Promise<void> {
    await db.query('UPDATE shift_patterns SET is_default = false, updated_at = now() WHERE site_id = $1 AND is_default', [siteId]);
  },
  async insertPattern(db: Db, siteId: number, name: string, pattern: unknown, isDefault: boolean): Promise<number> {
    const r = await db.query<{ id: number }>(
      'INSERT INTO shift_patterns (site_id, name, pattern, is_default) VALUES ($1, $2, $3::jsonb, $4) RETURNING id', [siteId, name, JSON.stringify(pattern), isDefault]);
    return r.rows[0]?.id as number;
  },
  async updatePattern(db: Db, id: number, siteId: number, name: string, pattern: unknown, isDefault: boolean): Promise<void> {
    await db.query('UPDATE shift_patterns SET name = $3, pattern = $4::jsonb, is_default = $5, updated_at = now() WHERE id = $1 AND site_id = $2',
      [id, siteId, name, JSON.stringify(pattern), isDefault]);
  },
  async otherPatterns(db: Db, siteId: number, id: number): Promise<number> {
    return (await db.query('SELECT 1 FROM shift_patterns WHERE site_id = $1 AND id <> $2', [siteId, id])).rowCount ?? 0;
  },
  /** Removes a pattern; its drivers go back to the site's default. Answers how many drivers had it. */
  async deletePattern(db: Db, id: number): Promise<number> {
    const drivers = (await db.query('UPDATE drivers SET shift_pattern_id = NULL WHERE shift_pattern_id = $1', [id])).rowCount ?? 0;
    await db.query('DELETE FROM shift_patterns WHERE id = $1', [id]);
    return drivers;
  },
};

export { inTransaction } from '@fleet/db';
