import type pg from 'pg';

/** The site's own settings kept on the sites row that the site module answers for (its message). */
export function siteRepository(pool: pg.Pool) {
  return {
    async message(siteId: number): Promise<string | undefined> {
      const r = await pool.query<{ message: string }>('SELECT message FROM sites WHERE id = $1', [siteId]);
      return r.rows[0]?.message;
    },
    async setMessage(siteId: number, message: string): Promise<void> {
      await pool.query('UPDATE sites SET message = $2 WHERE id = $1', [siteId, message]);
    },
  };
}
export type SiteRepository = ReturnType<typeof siteRepository>;
