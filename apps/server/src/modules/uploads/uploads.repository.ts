import type pg from 'pg';

export interface UploadRow {
  id: number;
  site_id: number;
  storage_key: string;
  content_type: string;
  bytes: number;
}

/** The uploads table: one row per stored image, unique per (site, client key). */
export function uploadsRepository(pool: pg.Pool) {
  return {
    async byClientKey(siteId: number, clientKey: string): Promise<number | null> {
      const { rows } = await pool.query<{ id: string }>('SELECT id FROM uploads WHERE site_id = $1 AND client_key = $2', [siteId, clientKey]);
      return rows[0] ? Number(rows[0].id) : null;
    },
    /** Inserts the row; null when an upload with the same (site, key) got there first. */
    async insert(u: {
      siteId: number; unitId: number | null; userId: number | null; clientKey: string; storageKey: string;
      contentType: string; width: number; height: number; bytes: number; sha256: string;
    }): Promise<number | null> {
      const { rows } = await pool.query<{ id: string }>(
        `INSERT INTO uploads (site_id, unit_id, user_id, client_key, storage_key, content_type, width, height, bytes, sha256)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         ON CONFLICT (site_id, client_key) DO NOTHING RETURNING id`,
        [u.siteId, u.unitId, u.userId, u.clientKey, u.storageKey, u.contentType, u.width, u.height, u.bytes, u.sha256]);
      return rows[0] ? Number(rows[0].id) : null;
    },
    /** An upload on one of `siteIds`, else null (another site's reads as missing). */
    async inSites(id: number, siteIds: number[]): Promise<UploadRow | null> {
      const { rows } = await pool.query<UploadRow & { id: string }>(
        'SELECT id, site_id, storage_key, content_type, bytes FROM uploads WHERE id = $1 AND site_id = ANY($2::int[])', [id, siteIds]);
      return rows[0] ? { ...rows[0], id: Number(rows[0].id) } : null;
    },
    /** Of `ids`, those that are uploads of site `siteId`. */
    async ofSite(ids: number[], siteId: number): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const { rows } = await pool.query<{ id: string }>('SELECT id FROM uploads WHERE id = ANY($1::bigint[]) AND site_id = $2', [ids, siteId]);
      return new Set(rows.map((r) => Number(r.id)));
    },
    async siteOfUnit(unitId: number): Promise<number | null> {
      const { rows } = await pool.query<{ site_id: number }>('SELECT site_id FROM units WHERE id = $1', [unitId]);
      return rows[0]?.site_id ?? null;
    },
  };
}
export type UploadsRepository = ReturnType<typeof uploadsRepository>;
