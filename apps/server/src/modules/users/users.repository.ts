import { inTransaction as transaction } from '@fleet/db';
import type pg from 'pg';

/** A user as the users list and its calls read it: never the password hash. */
export interface UserRecord {
  id: number;
  name: string;
  email: string;
  usertype: number | null;
  tracksec: boolean;
  disabled: boolean;
  mustchange: boolean;
  sites: number[];
  customerId: number | null;
  lastSignInAt: Date | null;
  createdAt: Date;
}

const SELECT = `
  SELECT u.id, u.name, coalesce(u.email, '') AS email, u.usertype, u.tracksec, u.disabled, u.must_change_password AS mustchange,
         u.customer_id, u.last_sign_in_at, u.created_at,
         coalesce((SELECT array_agg(us2.site_id ORDER BY us2.site_id) FROM user_sites us2 JOIN sites s2 ON s2.id = us2.site_id
                    WHERE us2.user_id = u.id AND s2.removed_at IS NULL), '{}') AS sites
    FROM users u`;

interface Row {
  id: number; name: string; email: string; usertype: number | null; tracksec: boolean; disabled: boolean; mustchange: boolean;
  customer_id: number | null; last_sign_in_at: Date | null; created_at: Date; sites: number[];
}
const record = (r: Row): UserRecord => ({
  id: r.id, name: r.name, email: r.email, usertype: r.usertype, tracksec: r.tracksec, disabled: r.disabled, mustchange: r.mustchange,
  sites: r.sites.map(Number), customerId: r.customer_id, lastSignInAt: r.last_sign_in_at, createdAt: r.created_at,
});

/** Accounts of a site are the users holding it; driver accounts (usertype 3) are made with their driver, not here. */
const OF_SITE = `EXISTS (SELECT 1 FROM user_sites us WHERE us.user_id = u.id AND us.site_id = $1) AND u.usertype IS DISTINCT FROM 3`;

export interface StoredUser {
  name: string; email: string; usertype: number; tracksec: boolean; disabled: boolean; mustchange: boolean; sites: number[];
}

export function usersRepository(pool: pg.Pool) {
  const setSites = async (client: pg.PoolClient, userId: number, sites: number[]) => {
    await client.query('DELETE FROM user_sites WHERE user_id = $1 AND NOT (site_id = ANY($2::int[]))', [userId, sites]);
    await client.query('INSERT INTO user_sites (user_id, site_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING', [userId, sites]);
    // The landing site stays one the user holds.
    await client.query(
      `UPDATE users SET default_site_id = CASE WHEN default_site_id = ANY($2::int[]) THEN default_site_id ELSE $2[1] END WHERE id = $1`,
      [userId, sites]);
  };
  const inTransaction = <T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> => transaction(pool, work);


  return {
    /** Every account holding the site. */
    async ofSite(siteId: number): Promise<UserRecord[]> {
      const res = await pool.query<Row>(`${SELECT} WHERE ${OF_SITE} ORDER BY lower(u.name), u.id`, [siteId]);
      return res.rows.map(record);
    },

    /** One account holding the site, or null (another site's user reads as missing). */
    async oneOfSite(siteId: number, id: number): Promise<UserRecord | null> {
      const res = await pool.query<Row>(`${SELECT} WHERE ${OF_SITE} AND u.id = $2`, [siteId, id]);
      return res.rows[0] ? record(res.rows[0]) : null;
    },

    async customerOfSite(siteId: number): Promise<number | null> {
      const res = await pool.query<{ customer_id: number }>('SELECT customer_id FROM sites WHERE id = $1', [siteId]);
      return res.rows[0]?.customer_id ?? null;
    },

    /** Whether another account has this address (addresses are unique, case-insensitively). */
    async emailTaken(email: string, exceptId: number): Promise<boolean> {
      const res = await pool.query('SELECT 1 FROM users WHERE lower(email) = lower($1) AND id <> $2', [email, exceptId]);
      return (res.rowCount ?? 0) > 0;
    },

    async insert(u: StoredUser, customerId: number | null, passwordHash: string): Promise<number> {
      return inTransaction(async (client) => {
        const res = await client.query<{ id: number }>(
          `INSERT INTO users (name, email, usertype, tracksec, disabled, must_change_password, customer_id, password_hash, default_site_id)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
          [u.name, u.email, u.usertype, u.tracksec, u.disabled, u.mustchange, customerId, passwordHash, u.sites[0] ?? null]);
        const id = res.rows[0]!.id;
        await setSites(client, id, u.sites);
        return id;
      });
    },

    async update(id: number, u: StoredUser): Promise<void> {
      await inTransaction(async (client) => {
        await client.query(
          `UPDATE users SET name = $2, email = $3, usertype = $4, tracksec = $5, disabled = $6, must_change_password = $7 WHERE id = $1`,
          [id, u.name, u.email, u.usertype, u.tracksec, u.disabled, u.mustchange]);
        await setSites(client, id, u.sites);
      });
    },

    /** Removes the account (its sessions, links and memberships go with it; records it made keep no name of it). */
    async remove(id: number): Promise<boolean> {
      const res = await pool.query('DELETE FROM users WHERE id = $1', [id]);
      return (res.rowCount ?? 0) > 0;
    },

    /** Whether a driver record uses the account (driver mode). */
    async driverOf(id: number): Promise<string | null> {
      const res = await pool.query<{ name: string }>('SELECT name FROM drivers WHERE user_id = $1 LIMIT 1', [id]);
      return res.rows[0]?.name ?? null;
    },

    async setMustChange(id: number): Promise<void> {
      await pool.query('UPDATE users SET must_change_password = true WHERE id = $1', [id]);
    },

    /** Stores a set-password link (only its hash); the user's earlier unused links of the same purpose end. */
    async createLink(userId: number, tokenHash: string, expiresAt: Date, purpose: 'reset' | 'welcome'): Promise<void> {
      await pool.query('UPDATE password_resets SET used_at = now() WHERE user_id = $1 AND used_at IS NULL AND purpose = $2', [userId, purpose]);
      await pool.query('INSERT INTO password_resets (user_id, token_hash, expires_at, purpose) VALUES ($1, $2, $3, $4)', [userId, tokenHash, expiresAt, purpose]);
    },

    /** The brand a user's mail is sent under: their customer's, else the default brand. */
    async brandOfUser(userId: number) {
      const res = await pool.query<{ id: number; name: string; sender_address: string; public_url: string }>(
        `SELECT b.id, b.name, b.sender_address, b.public_url FROM brands b
          WHERE b.id = COALESCE((SELECT c.brand_id FROM users u JOIN customers c ON c.id = u.customer_id WHERE u.id = $1),
                                (SELECT id FROM brands ORDER BY is_default DESC, id LIMIT 1))`, [userId]);
      return res.rows[0];
    },

    /** A user's sessions, newest first (at most 100). */
    async sessionsOf(userId: number) {
      const res = await pool.query<{
        id: string; kind: string; created_at: Date; last_seen_at: Date; expires_at: Date; user_agent: string; revoked_at: Date | null; revoked_reason: string | null;
      }>(`SELECT id, kind, created_at, last_seen_at, expires_at, user_agent, revoked_at, revoked_reason FROM sessions
           WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT 100`, [userId]);
      return res.rows.map((r) => ({ ...r, id: Number(r.id) }));
    },

    /** The account a session belongs to, when that account holds the site. */
    async sessionOnSite(siteId: number, sessionId: number): Promise<{ userId: number; revoked: boolean } | null> {
      const res = await pool.query<{ user_id: number; revoked_at: Date | null }>(
        `SELECT se.user_id, se.revoked_at FROM sessions se JOIN users u ON u.id = se.user_id WHERE se.id = $2 AND ${OF_SITE}`,
        [siteId, sessionId]);
      const r = res.rows[0];
      return r ? { userId: r.user_id, revoked: r.revoked_at !== null } : null;
    },
  };
}
export type UsersRepository = ReturnType<typeof usersRepository>;
