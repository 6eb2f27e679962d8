import { and, count, desc, eq, gt, isNull, notInArray, sql } from 'drizzle-orm';
import { schema, type Db } from '@fleet/db';
import type { UserRow } from './session.repository.ts';

const { users, passwordResets, brands, deviceCookies } = schema;

/** Devices remembered per account; signing in on more forgets the least recently used. */
const DEVICES_PER_USER = 20;

/**
 * The brand a user belongs to: their customer's, else the default brand (else the first, as a host
 * without a brand of its own gets). Sessions, sign-in and mail all use this one rule.
 */
const brandIdOfUser = sql<number>`COALESCE(
  (SELECT c.brand_id FROM customers c WHERE c.id = ${users.customerId}),
  (SELECT b.id FROM brands b ORDER BY b.is_default DESC, b.id LIMIT 1))`;

export function authRepository(db: Db) {
  return {
    /** How many accounts exist (the first start creates a super administrator when there is none). */
    async userCount(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(users);
      return row?.n ?? 0;
    },

    /** Adds the first super administrator (bootstrap). */
    async insertSuperAdmin(u: { email: string; name: string; passwordHash: string; mustChangePassword: boolean }): Promise<void> {
      await db.insert(users).values({ email: u.email, name: u.name, usertype: 0, passwordHash: u.passwordHash, mustChangePassword: u.mustChangePassword });
    },

    async userByEmail(email: string): Promise<UserRow | undefined> {
      const rows = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
      return rows[0];
    },

    /** The user with this e-mail when they belong to this brand; one query either way. */
    async userForSignIn(email: string, brandId: number): Promise<UserRow | undefined> {
      const rows = await db.select().from(users)
        .where(and(sql`lower(${users.email}) = lower(${email})`, sql`${brandIdOfUser} = ${brandId}`)).limit(1);
      return rows[0];
    },

    /** Whether the user's customer is suspended (issue 15): its users cannot sign in. */
    async customerSuspended(user: UserRow): Promise<boolean> {
      if (user.customerId === null) return false;
      const rows = await db.execute<{ s: boolean }>(sql`SELECT suspended_at IS NOT NULL AS s FROM customers WHERE id = ${user.customerId}`);
      return rows.rows[0]?.s === true;
    },

    async deviceByHash(tokenHash: string): Promise<{ id: number; userId: number } | undefined> {
      const rows = await db.select({ id: deviceCookies.id, userId: deviceCookies.userId }).from(deviceCookies)
        .where(eq(deviceCookies.tokenHash, tokenHash)).limit(1);
      return rows[0];
    },

    async touchDevice(id: number): Promise<void> {
      await db.update(deviceCookies).set({ lastUsedAt: new Date() }).where(eq(deviceCookies.id, id));
    },

    /** Remembers a device of a user, keeping only their most recently used ones. */
    async addDevice(userId: number, tokenHash: string): Promise<void> {
      await db.insert(deviceCookies).values({ userId, tokenHash });
      const keep = db.select({ id: deviceCookies.id }).from(deviceCookies).where(eq(deviceCookies.userId, userId))
        .orderBy(desc(deviceCookies.lastUsedAt), desc(deviceCookies.id)).limit(DEVICES_PER_USER);
      await db.delete(deviceCookies).where(and(eq(deviceCookies.userId, userId), notInArray(deviceCookies.id, keep)));
    },

    /** The last successful sign-in (issue 15: shown to administrators). */
    async recordSignIn(userId: number): Promise<void> {
      await db.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, userId));
    },

    async setPassword(userId: number, passwordHash: string): Promise<void> {
      await db.update(users).set({ passwordHash, mustChangePassword: false }).where(eq(users.id, userId));
    },

    async createReset(userId: number, tokenHash: string, expiresAt: Date): Promise<void> {
      await db.insert(passwordResets).values({ userId, tokenHash, expiresAt });
    },

    /** Marks a live reset link used and returns its user; undefined when used, expired or unknown. */
    async consumeReset(tokenHash: string, email: string, now: Date): Promise<UserRow | undefined> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .select({ reset: passwordResets, user: users })
          .from(passwordResets)
          .innerJoin(users, eq(users.id, passwordResets.userId))
          .where(and(
            eq(passwordResets.tokenHash, tokenHash),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, now),
            sql`lower(${users.email}) = lower(${email})`,
          ))
          .for('update')
          .limit(1);
        const found = rows[0];
        if (!found) return undefined;
        // Using one link ends every other link of the same user as well.
        await tx.update(passwordResets).set({ usedAt: now })
          .where(and(eq(passwordResets.userId, found.user.id), isNull(passwordResets.usedAt)));
        return found.user;
      });
    },

    /** The brand a user belongs to: the one their mail is sent under and the only one they sign in on. */
    async brandOfUser(user: UserRow) {
      const rows = await db.select().from(brands)
        .where(eq(brands.id, sql`(SELECT ${brandIdOfUser} FROM ${users} WHERE ${users.id} = ${user.id})`)).limit(1);
      return rows[0];
    },
  };
}
export type AuthRepository = ReturnType<typeof authRepository>;
