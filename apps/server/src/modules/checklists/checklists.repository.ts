import type { SignoffChecklistBody } from '@fleet/shared';
import { checkout } from '@fleet/db';
import type pg from 'pg';

export interface TemplateRow {
  id: number; site_id: number; name: string; unit_type_id: number | null; type_name: string | null;
  items: Array<{ name: string }>; updated_at: Date; deleted_at: Date | null;
}
export interface UnitRow { id: number; site_id: number; registration: string; unit_type_id: number; type_name: string }
export interface FaultRow {
  id: number; checklist_id: number; item: string; note: string; upload_id: number | null; created_at: Date;
  dealt_at: Date | null; dealt_by_name: string | null; by: string;
}

const num = (v: string | number | null) => (v === null ? null : Number(v));

/** Who a check list is by: the driver's name, else the signing account's. */
const BY = `COALESCE(d.name, us.name, '')`;

/** Check list templates, check lists, their faults and drivers' sign-offs of a vehicle. */
export function checklistsRepository(pool: pg.Pool) {
  const templateSelect = `SELECT t.id, t.site_id, t.name, t.unit_type_id, ut.name AS type_name, t.items, t.updated_at, t.deleted_at
    FROM vcl_templates t LEFT JOIN unit_types ut ON ut.id = t.unit_type_id`;
  return {
    async templatesOfSite(siteId: number): Promise<TemplateRow[]> {
      return (await pool.query<TemplateRow>(`${templateSelect} WHERE t.site_id = $1 AND t.deleted_at IS NULL ORDER BY lower(t.name), t.id`, [siteId])).rows;
    },
    /** A template of one of `siteIds` (a deleted one too when `deleted`: past check lists name theirs). */
    async template(id: number, siteIds: number[], opts: { deleted?: boolean } = {}): Promise<TemplateRow | null> {
      const { rows } = await pool.query<TemplateRow>(
        `${templateSelect} WHERE t.id = $1 AND t.site_id = ANY($2::int[]) ${opts.deleted ? '' : 'AND t.deleted_at IS NULL'}`, [id, siteIds]);
      return rows[0] ?? null;
    },
    /** The template for a vehicle type at a site: the type's own, else one for any type; null when none. */
    async templateForType(siteId: number, unitTypeId: number): Promise<TemplateRow | null> {
      const { rows } = await pool.query<TemplateRow>(
        `${templateSelect} WHERE t.site_id = $1 AND t.deleted_at IS NULL AND (t.unit_type_id = $2 OR t.unit_type_id IS NULL)
         ORDER BY (t.unit_type_id IS NULL), t.id LIMIT 1`, [siteId, unitTypeId]);
      return rows[0] ?? null;
    },
    async unitTypeExists(id: number): Promise<boolean> {
      return (await pool.query('SELECT 1 FROM unit_types WHERE id = $1', [id])).rowCount === 1;
    },
    async insertTemplate(t: { siteId: number; name: string; unitTypeId: number | null; items: Array<{ name: string }>; userId: number | null }): Promise<number> {
      const { rows } = await pool.query<{ id: number }>(
        'INSERT INTO vcl_templates (site_id, name, unit_type_id, items, updated_by) VALUES ($1, $2, $3, $4::jsonb, $5) RETURNING id',
        [t.siteId, t.name, t.unitTypeId, JSON.stringify(t.items), t.userId]);
      return rows[0]!.id;
    },
    async updateTemplate(id: number, siteIds: number[], t: { name: string; unitTypeId: number | null; items: Array<{ name: string }>; userId: number }): Promise<boolean> {
      const res = await pool.query(
        `UPDATE vcl_templates SET name = $3, unit_type_id = $4, items = $5::jsonb, updated_by = $6, updated_at = now()
          WHERE id = $1 AND site_id = ANY($2::int[]) AND deleted_at IS NULL`,
        [id, siteIds, t.name, t.unitTypeId, JSON.stringify(t.items), t.userId]);
      return res.rowCount === 1;
    },
    /** Soft delete: past check lists keep their template's name and items. Answers how many check lists used it. */
    async deleteTemplate(id: number, siteIds: number[], userId: number): Promise<{ deleted: boolean; used: number }> {
      const res = await pool.query(
        `UPDATE vcl_templates SET deleted_at = now(), updated_by = $3, updated_at = now()
          WHERE id = $1 AND site_id = ANY($2::int[]) AND deleted_at IS NULL`, [id, siteIds, userId]);
      const { rows } = await pool.query<{ n: string }>('SELECT count(*) AS n FROM checklists WHERE template_id = $1', [id]);
      return { deleted: res.rowCount === 1, used: Number(rows[0]?.n ?? 0) };
    },

    async unitByRegistration(siteId: number, reg: string): Promise<UnitRow | null> {
      const { rows } = await pool.query<UnitRow>(
        `SELECT u.id, u.site_id, u.registration, u.unit_type_id, ut.name AS type_name FROM units u JOIN unit_types ut ON ut.id = u.unit_type_id
          WHERE u.site_id = $1 AND u.removed_at IS NULL AND upper(replace(u.registration, ' ', '')) = upper(replace($2, ' ', '')) ORDER BY u.id LIMIT 1`, [siteId, reg]);
      return rows[0] ?? null;
    },
    async unit(id: number, siteIds: number[]): Promise<UnitRow | null> {
      const { rows } = await pool.query<UnitRow>(
        `SELECT u.id, u.site_id, u.registration, u.unit_type_id, ut.name AS type_name FROM units u JOIN unit_types ut ON ut.id = u.unit_type_id
          WHERE u.id = $1 AND u.site_id = ANY($2::int[])`, [id, siteIds]);
      return rows[0] ?? null;
    },
    async lastChecklist(unitId: number): Promise<{ id: number; reported_at: Date; issue_count: number; mileage: number | null; by: string } | null> {
      const { rows } = await pool.query(
        `SELECT c.id, c.reported_at, c.issue_count, c.mileage, ${BY} AS by FROM checklists c
           LEFT JOIN drivers d ON d.id = c.driver_id LEFT JOIN users us ON us.id = c.user_id
          WHERE c.unit_id = $1 ORDER BY c.reported_at DESC, c.id DESC LIMIT 1`, [unitId]);
      const r = rows[0];
      return r ? { ...r, id: Number(r.id) } : null;
    },
    async lastMileage(unitId: number): Promise<number | null> {
      const { rows } = await pool.query<{ mileage: number }>(
        'SELECT mileage FROM checklists WHERE unit_id = $1 AND mileage IS NOT NULL ORDER BY reported_at DESC, id DESC LIMIT 1', [unitId]);
      return rows[0]?.mileage ?? null;
    },

    /**
     * Stores a signed-off check list and a fault row per faulty item in one transaction, exactly
     * once per (site, key): a key already stored (a re-send, or a concurrent duplicate that
     * committed first) answers that check list's id with `duplicate`.
     */
    async insertChecklist(c: {
      siteId: number; unitId: number; templateId: number | null; userId: number | null; driverId: number | null; cabDeviceId: number | null;
      body: SignoffChecklistBody;
    }): Promise<{ id: number; duplicate: boolean }> {
      const { body } = c;
      // A re-send of a stored check list is answered without a transaction.
      const { rows: [stored] } = await pool.query<{ id: string }>('SELECT id FROM checklists WHERE site_id = $1 AND client_key = $2', [c.siteId, body.key]);
      if (stored) return { id: Number(stored.id), duplicate: true };
      const client = await checkout(pool);
      try {
        await client.query('BEGIN');
        const { rows } = await client.query<{ id: string }>(
          `INSERT INTO checklists (site_id, unit_id, template_id, user_id, driver_id, cab_device_id, client_key, mileage, operator, issue_count,
                                   details, signature_upload_id, reported_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12, $13)
           ON CONFLICT (site_id, client_key) DO NOTHING RETURNING id`,
          [c.siteId, c.unitId, c.templateId, c.userId, c.driverId, c.cabDeviceId, body.key, body.mileage ?? body.details.mileage, body.operator,
            body.ic, JSON.stringify({ ...body.details, issues: body.issues }), body.sig, body.details.reportdate]);
        if (!rows[0]) {
          await client.query('ROLLBACK');
          // On the same connection: asking the pool for a second one while holding this one would
          // wait for ever once every connection is held by a re-send doing the same (found by the
          // checklists-200 benchmark: 171 of 200 re-sends timed out).
          const { rows: [existing] } = await client.query<{ id: string }>('SELECT id FROM checklists WHERE site_id = $1 AND client_key = $2', [c.siteId, body.key]);
          if (!existing) throw new Error('check list vanished after a conflict');
          return { id: Number(existing.id), duplicate: true };
        }
        const id = Number(rows[0].id);
        const faulty = body.details.items.filter((i) => i.faulty);
        if (faulty.length > 0) {
          await client.query(
            `INSERT INTO checklist_faults (checklist_id, site_id, unit_id, item, note, upload_id)
             SELECT $1, $2, $3, f.item, f.note, f.upload_id FROM jsonb_to_recordset($4::jsonb) AS f(item text, note text, upload_id bigint)`,
            [id, c.siteId, c.unitId, JSON.stringify(faulty.map((f) => ({ item: f.item, note: f.note, upload_id: f.image })))]);
        }
        await client.query('COMMIT');
        return { id, duplicate: false };
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        client.done();
      }
    },

    async openFaults(unitId: number): Promise<FaultRow[]> {
      const { rows } = await pool.query(
        `SELECT f.id, f.checklist_id, f.item, f.note, f.upload_id, c.reported_at AS created_at, NULL::timestamptz AS dealt_at, NULL AS dealt_by_name, ${BY} AS by
           FROM checklist_faults f JOIN checklists c ON c.id = f.checklist_id
           LEFT JOIN drivers d ON d.id = c.driver_id LEFT JOIN users us ON us.id = c.user_id
          WHERE f.unit_id = $1 AND f.dealt_at IS NULL ORDER BY c.reported_at DESC, f.id`, [unitId]);
      return rows.map((r) => ({ ...r, id: Number(r.id), checklist_id: Number(r.checklist_id), upload_id: num(r.upload_id) }));
    },
    /** Of `ids`, the open faults of the unit. */
    async openFaultIds(unitId: number, ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const { rows } = await pool.query<{ id: string }>(
        'SELECT id FROM checklist_faults WHERE unit_id = $1 AND id = ANY($2::bigint[]) AND dealt_at IS NULL', [unitId, ids]);
      return rows.map((r) => Number(r.id));
    },
    async lastReport(unitId: number): Promise<{ device_time: Date; lat: number; lon: number; speed: number; ignition: boolean | null } | null> {
      const { rows } = await pool.query('SELECT device_time, lat, lon, speed, ignition FROM unit_state WHERE unit_id = $1', [unitId]);
      return rows[0] ?? null;
    },
    async lastSignoff(unitId: number): Promise<{ created_at: Date; by: string } | null> {
      const { rows } = await pool.query(
        `SELECT s.created_at, ${BY} AS by FROM unit_signoffs s LEFT JOIN drivers d ON d.id = s.driver_id LEFT JOIN users us ON us.id = s.user_id
          WHERE s.unit_id = $1 ORDER BY s.id DESC LIMIT 1`, [unitId]);
      return rows[0] ?? null;
    },
    async insertSignoff(s: { siteId: number; unitId: number; userId: number; driverId: number | null; faultIds: number[]; note: string }): Promise<number> {
      const { rows } = await pool.query<{ id: string }>(
        'INSERT INTO unit_signoffs (site_id, unit_id, user_id, driver_id, fault_ids, note) VALUES ($1, $2, $3, $4, $5::jsonb, $6) RETURNING id',
        [s.siteId, s.unitId, s.userId, s.driverId, JSON.stringify(s.faultIds), s.note]);
      return Number(rows[0]!.id);
    },

    /** Check lists of the sites with at least one fault not dealt with, newest first. */
    async withOpenFaults(siteIds: number[]) {
      const { rows } = await pool.query(
        `SELECT c.id, c.unit_id, u.registration, c.reported_at, ${BY} AS driver, c.issue_count,
                count(*) AS open, array_agg(f.item ORDER BY f.id) AS items
           FROM checklist_faults f JOIN checklists c ON c.id = f.checklist_id JOIN units u ON u.id = c.unit_id
           LEFT JOIN drivers d ON d.id = c.driver_id LEFT JOIN users us ON us.id = c.user_id
          WHERE f.site_id = ANY($1::int[]) AND f.dealt_at IS NULL
          GROUP BY c.id, u.registration, d.name, us.name ORDER BY c.reported_at DESC, c.id DESC LIMIT 500`, [siteIds]);
      return rows.map((r) => ({
        id: Number(r.id), uid: r.unit_id as number, registration: r.registration as string, reported: (r.reported_at as Date).toISOString(),
        driver: r.driver as string, ic: r.issue_count as number, open: Number(r.open), items: r.items as string[],
      }));
    },
    async countWithOpenFaults(siteIds: number[]): Promise<number> {
      const { rows } = await pool.query<{ n: string }>(
        'SELECT count(DISTINCT checklist_id) AS n FROM checklist_faults WHERE site_id = ANY($1::int[]) AND dealt_at IS NULL', [siteIds]);
      return Number(rows[0]?.n ?? 0);
    },

    async checklist(id: number, siteIds: number[]) {
      const { rows } = await pool.query(
        `SELECT c.*, u.registration, COALESCE(t.name, '') AS template, ${BY} AS driver
           FROM checklists c JOIN units u ON u.id = c.unit_id LEFT JOIN vcl_templates t ON t.id = c.template_id
           LEFT JOIN drivers d ON d.id = c.driver_id LEFT JOIN users us ON us.id = c.user_id
          WHERE c.id = $1 AND c.site_id = ANY($2::int[])`, [id, siteIds]);
      return rows[0] ?? null;
    },
    async faultsOf(checklistId: number) {
      const { rows } = await pool.query(
        `SELECT f.id, f.item, f.dealt_at, COALESCE(us.name, '') AS dealt_by FROM checklist_faults f LEFT JOIN users us ON us.id = f.dealt_by
          WHERE f.checklist_id = $1 ORDER BY f.id`, [checklistId]);
      return rows.map((r) => ({ id: Number(r.id), item: r.item as string, dealt_at: r.dealt_at as Date | null, dealt_by: r.dealt_by as string }));
    },

    /** Demo seeding (demo-seed.ts): the demo sites by name, a template by name, drivers and units of a type. */
    demo: {
      async sites(names: string[]): Promise<Array<{ id: number; name: string }>> {
        return (await pool.query<{ id: number; name: string }>('SELECT id, name FROM sites WHERE name = ANY($1::text[]) ORDER BY id', [names])).rows;
      },
      async templateByName(siteId: number, name: string): Promise<number | null> {
        const { rows } = await pool.query<{ id: number }>('SELECT id FROM vcl_templates WHERE site_id = $1 AND name = $2 ORDER BY id LIMIT 1', [siteId, name]);
        return rows[0]?.id ?? null;
      },
      async drivers(siteId: number): Promise<Array<{ id: number; name: string }>> {
        return (await pool.query<{ id: number; name: string }>('SELECT id, name FROM drivers WHERE site_id = $1 ORDER BY id LIMIT 5', [siteId])).rows;
      },
      async unitsOfType(siteId: number, unitTypeId: number): Promise<number[]> {
        return (await pool.query<{ id: number }>('SELECT id FROM units WHERE site_id = $1 AND unit_type_id = $2 AND removed_at IS NULL ORDER BY id', [siteId, unitTypeId])).rows.map((r) => r.id);
      },
      /** Runs `fn` holding the site's demo lock (two servers starting on one database seed it once). */
      async locked<T>(siteId: number, fn: () => Promise<T>): Promise<T> {
        const client = await checkout(pool);
        try {
          await client.query('SELECT pg_advisory_lock(7262011, $1)', [siteId]);
          return await fn();
        } finally {
          await client.query('SELECT pg_advisory_unlock(7262011, $1)', [siteId]).catch(() => {});
          client.done();
        }
      },
    },

    /** Marks a fault of the sites dealt with (once: a second call keeps the first who and when). */
    async dealt(faultId: number, siteIds: number[], userId: number): Promise<{ checklistId: number; siteId: number; open: number; changed: boolean } | null> {
      const { rows } = await pool.query<{ checklist_id: string; site_id: number; changed: boolean }>(
        `WITH upd AS (
           UPDATE checklist_faults SET dealt_at = now(), dealt_by = $3 WHERE id = $1 AND site_id = ANY($2::int[]) AND dealt_at IS NULL
           RETURNING checklist_id, site_id)
         SELECT checklist_id, site_id, true AS changed FROM upd
         UNION ALL SELECT checklist_id, site_id, false FROM checklist_faults WHERE id = $1 AND site_id = ANY($2::int[]) AND NOT EXISTS (SELECT 1 FROM upd)`,
        [faultId, siteIds, userId]);
      const r = rows[0];
      if (!r) return null;
      const { rows: [open] } = await pool.query<{ n: string }>(
        'SELECT count(*) AS n FROM checklist_faults WHERE checklist_id = $1 AND dealt_at IS NULL', [r.checklist_id]);
      return { checklistId: Number(r.checklist_id), siteId: r.site_id, open: Number(open?.n ?? 0), changed: r.changed };
    },
  };
}
export type ChecklistsRepository = ReturnType<typeof checklistsRepository>;
