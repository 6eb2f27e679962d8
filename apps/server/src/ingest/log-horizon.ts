import type pg from 'pg';

/**
 * Ids of the positions log are taken when a row is inserted, but transactions commit in any order,
 * so a reader walking the log by id could pass a row that commits a moment later. Every insert into
 * the log holds this advisory lock in shared mode for its transaction; taking it exclusively waits
 * for those in flight and lets no new one start, so at that instant every id already taken is
 * settled (committed or rolled back). The largest id then is a horizon safe to read up to.
 * Unlike a transaction-id horizon, long transactions elsewhere on the server never hold it back.
 */
export const LOG_GATE_KEY = 7262003;

/** The SQL that makes a statement take the gate in shared mode: join it into the insert's FROM. */
export const LOG_GATE_CTE = `gate AS (SELECT pg_advisory_xact_lock_shared(${LOG_GATE_KEY}))`;

export async function readHorizon(client: pg.PoolClient): Promise<string> {
  await client.query('SELECT pg_advisory_lock($1)', [LOG_GATE_KEY]);
  try {
    const r = await client.query<{ id: string }>('SELECT coalesce(max(id), 0)::text AS id FROM positions');
    return r.rows[0]?.id ?? '0';
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [LOG_GATE_KEY]);
  }
}

/**
 * One horizon read for every processor that can use it: each processor taking the gate on every run
 * would pause the log's writers once per processor. A horizon stays safe forever (ids below it stay
 * settled), so sharing only costs freshness, and two rules keep that:
 * - a run uses a read that began after the last commit this process was told of (`stored()`) before
 *   the run started: the positions whose kick started the run are under its horizon;
 * - a processor never uses the same read twice, so polling still sees commits of other processes.
 * When both processors run for the same kick or poll, the first takes the gate and the other joins.
 */
export function sharedHorizon(read: (client: pg.PoolClient) => Promise<string> = readHorizon) {
  let clock = 0;
  let storedAt = 0;
  let last: { tick: number; value: Promise<string> } | undefined;
  return {
    /** Positions were committed (called before the processors are kicked). */
    stored(): void {
      storedAt = ++clock;
    },
    /** One processor's view: what it needs before a run, and the read of each run. */
    reader() {
      let used = 0;
      return {
        /** Taken when a run starts, before anything else. */
        ticket(): number {
          return storedAt;
        },
        read(client: pg.PoolClient, ticket: number): Promise<string> {
          if (!last || last.tick <= ticket || last.tick <= used) {
            const current = { tick: ++clock, value: read(client) };
            last = current;
            // A failed read is never handed to a later run.
            current.value.catch(() => {
              if (last === current) last = undefined;
            });
          }
          used = last.tick;
          return last.value;
        },
      };
    },
  };
}
export type SharedHorizon = ReturnType<typeof sharedHorizon>;
