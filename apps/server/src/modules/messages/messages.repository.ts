import type pg from 'pg';

/** A message as stored, with its author's name. */
export interface MessageRow {
  id: number;
  unit_id: number;
  from_cab: boolean;
  author: string;
  body: string;
  created_at: Date;
  read_at: Date | null;
}

const SELECT = `SELECT m.id::int AS id, m.unit_id, m.from_cab, m.body, m.created_at, m.read_at,
  COALESCE(CASE WHEN m.from_cab THEN d.name ELSE u.name END, CASE WHEN m.from_cab THEN 'Driver' ELSE 'Office' END) AS author
  FROM messages m LEFT JOIN users u ON u.id = m.user_id LEFT JOIN drivers d ON d.id = m.driver_id`;

/** The conversations between the office and the cab of each vehicle; every statement names the site. */
export function messagesRepository(pool: pg.Pool) {
  return {
    /** The vehicle's registration when it is on the site, else null. */
    async vehicleOnSite(siteId: number, unitId: number): Promise<{ registration: string } | null> {
      const r = await pool.query<{ registration: string }>('SELECT registration FROM units WHERE id = $1 AND site_id = $2', [unitId, siteId]);
      return r.rows[0] ?? null;
    },
    /** The vehicle a driver-mode session is assigned to now (read fresh: the session lookup is cached). */
    async assignedUnit(sessionId: number): Promise<number | null> {
      const r = await pool.query<{ unit_id: number | null }>("SELECT unit_id FROM sessions WHERE id = $1 AND kind = 'driver'", [sessionId]);
      return r.rows[0]?.unit_id ?? null;
    },
    /** The live driver-mode sessions assigned to a vehicle (their cab sockets get its messages). */
    async cabSessionsOf(unitId: number): Promise<number[]> {
      const r = await pool.query<{ id: number }>(
        "SELECT id::int AS id FROM sessions WHERE kind = 'driver' AND unit_id = $1 AND revoked_at IS NULL AND expires_at > now()", [unitId]);
      return r.rows.map((x) => x.id);
    },
    /** The 100 newest messages of a vehicle's conversation (before message `before` when given), oldest first. */
    async list(siteId: number, unitId: number, before?: number): Promise<MessageRow[]> {
      const r = await pool.query<MessageRow>(
        `SELECT * FROM (${SELECT} WHERE m.site_id = $1 AND m.unit_id = $2 AND ($3::bigint IS NULL OR m.id < $3)
          ORDER BY m.id DESC LIMIT 100) x ORDER BY id`, [siteId, unitId, before ?? null]);
      return r.rows;
    },
    /**
     * Stores a message; with a key already stored for this vehicle, the first message is answered
     * (and `duplicate` set) and nothing is written.
     */
    async post(m: { siteId: number; unitId: number; fromCab: boolean; userId: number | null; driverId: number | null; body: string; key: string | null }):
      Promise<{ row: MessageRow; duplicate: boolean }> {
      const ins = await pool.query<{ id: number }>(
        `INSERT INTO messages (site_id, unit_id, from_cab, user_id, driver_id, body, client_key) VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (unit_id, client_key) DO NOTHING RETURNING id::int AS id`,
        [m.siteId, m.unitId, m.fromCab, m.userId, m.driverId, m.body, m.key]);
      const id = ins.rows[0]?.id;
      const r = id !== undefined
        ? await pool.query<MessageRow>(`${SELECT} WHERE m.id = $1`, [id])
        : await pool.query<MessageRow>(`${SELECT} WHERE m.unit_id = $1 AND m.client_key = $2 AND m.site_id = $3`, [m.unitId, m.key, m.siteId]);
      const row = r.rows[0];
      if (!row) throw new Error('message not stored');
      return { row, duplicate: id === undefined };
    },
    /** Marks one side's unread messages of a vehicle read; the newest id marked and when (null: none was unread). */
    async markRead(siteId: number, unitId: number, fromCab: boolean): Promise<{ upto: number; at: Date } | null> {
      const r = await pool.query<{ upto: number | null; at: Date | null }>(
        `WITH marked AS (UPDATE messages SET read_at = now() WHERE site_id = $1 AND unit_id = $2 AND from_cab = $3 AND read_at IS NULL RETURNING id, read_at)
         SELECT max(id)::int AS upto, max(read_at) AS at FROM marked`, [siteId, unitId, fromCab]);
      const row = r.rows[0];
      return row?.upto != null && row.at ? { upto: row.upto, at: row.at } : null;
    },
    /**
     * The conversations of a site (only `unitId`'s when given), newest first: each with the count
     * of the given side's unread messages and the time of its last message.
     */
    async conversations(siteId: number, unreadFromCab: boolean, unitId?: number) {
      const r = await pool.query<{ uid: number; registration: string; unread: number; last: Date }>(
        `SELECT m.unit_id AS uid, un.registration, count(*) FILTER (WHERE m.from_cab = $2 AND m.read_at IS NULL)::int AS unread, max(m.created_at) AS last
           FROM messages m JOIN units un ON un.id = m.unit_id AND un.site_id = m.site_id
          WHERE m.site_id = $1 AND ($3::int IS NULL OR m.unit_id = $3)
          GROUP BY m.unit_id, un.registration ORDER BY max(m.id) DESC`, [siteId, unreadFromCab, unitId ?? null]);
      return r.rows;
    },
  };
}
export type MessagesRepository = ReturnType<typeof messagesRepository>;
