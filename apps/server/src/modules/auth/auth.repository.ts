import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { schema, type Db } from '@fleet/db';
import type { UserRow } from './session.repository.ts';

const { users, passwordResets, customers, brands } = schema;

export function authRepository(db: Db) {
  return {
    async userByEmail(email: string): Promise<UserRow | undefined> {
      const rows = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
      return rows[0];
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

    /** The brand a user's mail is sent under: their customer's, else the default brand. */
    async brandOfUser(user: UserRow) {
      if (user.customerId) {
        const rows = await db.select({ brand: brands }).from(customers)
          .innerJoin(brands, eq(brands.id, customers.brandId)).where(eq(customers.id, user.customerId)).limit(1);
        if (rows[0]) return rows[0].brand;
      }
      const rows = await db.select().from(brands).where(eq(brands.isDefault, true)).limit(1);
      return rows[0];
    },
  };
}
export type AuthRepository = ReturnType<typeof authRepository>;
