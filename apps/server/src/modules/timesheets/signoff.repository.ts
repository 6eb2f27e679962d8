import type pg from 'pg';
import type { TimesheetSignoffEntry } from '@fleet/shared';

/** A driver's signature of a version, waiting for the office (timesheet_driver_signatures). */
export interface DriverSignatureRow {
  signature_id: number;
  signed_at: Date;
}

export interface NewSignoff {
  timesheetId: number;
  version: number;
  operatorUserId: number;
  operatorName: string;
  operatorSignatureId: number;
  operatorSignedAt: Date;
  driverSignatureId: number | null;
  driverSignedAt: Date | null;
  pdf: Buffer;
  pdfSha256: string;
}

const ENTRY = `SELECT so.id::int AS id, so.timesheet_id AS "timesheetId", so.version, so.operator_name AS "operatorName",
  so.operator_signed_at AS "operatorSignedAt", so.driver_signed_at AS "driverSignedAt", so.pdf_sha256 AS "pdfSha256",
  octet_length(so.pdf) AS "pdfBytes"
  FROM timesheet_signoffs so JOIN timesheets t ON t.id = so.timesheet_id`;

interface EntryRow extends Omit<TimesheetSignoffEntry, 'operatorSignedAt' | 'driverSignedAt'> {
  operatorSignedAt: Date;
  driverSignedAt: Date | null;
}
const entryOf = (r: EntryRow): TimesheetSignoffEntry => ({
  ...r, operatorSignedAt: r.operatorSignedAt.toISOString(), driverSignedAt: r.driverSignedAt?.toISOString() ?? null,
});

/** The sign-off's own rows: stored PDFs and the drivers' signatures; every read names the caller's sites. */
export function signoffRepository(pool: pg.Pool) {
  return {
    /** A site's zone (the current week is the site's). */
    async timezoneOf(siteId: number): Promise<string | null> {
      const r = await pool.query<{ timezone: string }>('SELECT timezone FROM sites WHERE id = $1', [siteId]);
      return r.rows[0]?.timezone ?? null;
    },
    /** The sign-offs of a site's week (every version), newest first. */
    async ofWeek(siteId: number, wc: string): Promise<TimesheetSignoffEntry[]> {
      const r = await pool.query<EntryRow>(`${ENTRY} WHERE t.site_id = $1 AND t.wc = $2 ORDER BY so.timesheet_id, so.version DESC`, [siteId, wc]);
      return r.rows.map(entryOf);
    },
    /** A stored PDF of one of `siteIds`, with what its file is named after. */
    async pdf(id: number, siteIds: number[]): Promise<{ pdf: Buffer; driver: string; wc: string; version: number } | null> {
      const r = await pool.query<{ pdf: Buffer; driver: string; wc: string; version: number }>(
        `SELECT so.pdf, d.name AS driver, to_char(t.wc, 'YYYY-MM-DD') AS wc, so.version
           FROM timesheet_signoffs so JOIN timesheets t ON t.id = so.timesheet_id JOIN drivers d ON d.id = t.driver_id
          WHERE so.id = $1 AND t.site_id = ANY($2::int[])`, [id, siteIds]);
      return r.rows[0] ?? null;
    },
    /** Stores a version's sign-off; null when that version has one already. */
    async insert(s: NewSignoff): Promise<number | null> {
      const r = await pool.query<{ id: number }>(
        `INSERT INTO timesheet_signoffs (timesheet_id, version, operator_user_id, operator_name, operator_signature_id, operator_signed_at,
                                         driver_signature_id, driver_signed_at, pdf, pdf_sha256)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         ON CONFLICT (timesheet_id, version) DO NOTHING RETURNING id::int AS id`,
        [s.timesheetId, s.version, s.operatorUserId, s.operatorName, s.operatorSignatureId, s.operatorSignedAt,
          s.driverSignatureId, s.driverSignedAt, s.pdf, s.pdfSha256]);
      return r.rows[0]?.id ?? null;
    },
    /** The driver's signature of a version, if the driver signed it on the cab device. */
    async driverSignature(timesheetId: number, version: number): Promise<DriverSignatureRow | null> {
      const r = await pool.query<DriverSignatureRow>(
        'SELECT signature_id::int AS signature_id, signed_at FROM timesheet_driver_signatures WHERE timesheet_id = $1 AND version = $2',
        [timesheetId, version]);
      return r.rows[0] ?? null;
    },
    /**
     * Records the driver's signature of a version. Signing the same version again replaces it: the
     * latest counts (after an office correction the driver signs again; a resent signature is harmless).
     */
    async signAsDriver(timesheetId: number, version: number, driverId: number, signatureId: number): Promise<Date> {
      const r = await pool.query<{ signed_at: Date }>(
        `INSERT INTO timesheet_driver_signatures (timesheet_id, version, driver_id, signature_id) VALUES ($1, $2, $3, $4)
         ON CONFLICT (timesheet_id, version) DO UPDATE SET signature_id = EXCLUDED.signature_id, driver_id = EXCLUDED.driver_id, signed_at = now()
         RETURNING signed_at`, [timesheetId, version, driverId, signatureId]);
      const row = r.rows[0];
      if (!row) throw new Error('driver signature not stored');
      return row.signed_at;
    },
  };
}
export type SignoffRepository = ReturnType<typeof signoffRepository>;
