import type { CommandStatus } from '@fleet/shared';
import type pg from 'pg';

/** A command as kept in command_log, with the sender's name. */
export interface CommandLogRow {
  id: number;
  created_at: Date;
  who: string | null;
  command: string;
  status: string;
  response: string | null;
}

/** The command log (command_log): every command sent or refused, per unit. The module owns the table. */
export function commandsRepository(pool: pg.Pool) {
  return {
    /** Keeps one command: `response` is the device's reply when answered, else why there is none. */
    async log(entry: { unitId: number; userId: number; command: string; status: CommandStatus; response: string | null }): Promise<void> {
      await pool.query('INSERT INTO command_log (unit_id, user_id, command, status, response) VALUES ($1, $2, $3, $4, $5)',
        [entry.unitId, entry.userId, entry.command, entry.status, entry.response]);
    },

    /** A page of the unit's commands, newest first, and how many it has in all. */
    async history(unitId: number, offset: number, limit: number): Promise<{ total: number; rows: CommandLogRow[] }> {
      const [count, page] = await Promise.all([
        pool.query<{ n: number }>('SELECT count(*)::int AS n FROM command_log WHERE unit_id = $1', [unitId]),
        pool.query<CommandLogRow>(
          `SELECT c.id::int AS id, c.created_at, u.name AS who, c.command, c.status, c.response
             FROM command_log c LEFT JOIN users u ON u.id = c.user_id
            WHERE c.unit_id = $1 ORDER BY c.id DESC OFFSET $2 LIMIT $3`, [unitId, offset, limit]),
      ]);
      return { total: count.rows[0]?.n ?? 0, rows: page.rows };
    },

    /** The protocol the unit's latest position came in by, or null (no position, or it has left the log). */
    async protocolOf(unitId: number): Promise<string | null> {
      const r = await pool.query<{ protocol: string }>(
        `SELECT p.protocol FROM unit_state s JOIN positions p ON p.id = s.position_id AND p.device_time = s.device_time
          WHERE s.unit_id = $1`, [unitId]);
      return r.rows[0]?.protocol ?? null;
    },
  };
}
export type CommandsRepository = ReturnType<typeof commandsRepository>;
