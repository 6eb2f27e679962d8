import type pg from 'pg';

/** The health call's one question to the database: does it answer? */
export function healthRepository(pool: pg.Pool) {
  return {
    async ping(): Promise<void> {
      await pool.query('SELECT 1');
    },
  };
}
export type HealthRepository = ReturnType<typeof healthRepository>;
