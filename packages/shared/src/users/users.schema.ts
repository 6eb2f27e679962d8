import { z } from 'zod';
import { email, id, text } from '../api/primitives.ts';

/**
 * Users administration (issue 15, room A): the `users` configuration list's record, and the calls
 * around an account that the list's four calls do not cover (welcome mail, an administrator's
 * reset, sessions). No shape here ever carries a password, a hash or a token.
 */

/** The roles an account made in the users list may have (driver accounts are made with their driver). */
export const USER_LIST_ROLES = [0, 1, 2, 4] as const;
export const userRoleSchema = z.union(USER_LIST_ROLES.map((r) => z.literal(r)) as [z.ZodLiteral<0>, z.ZodLiteral<1>, z.ZodLiteral<2>, z.ZodLiteral<4>], {
  message: 'is not a role an account of this list may have (0 super administrator, 1 site administrator, 2 operator, 4 viewer)',
});

/** The users list's record: who the person is, their role, sites and flags, and the account's state. */
export const userRecSchema = z.strictObject({
  name: text(100).min(1, 'must not be empty'),
  email,
  usertype: userRoleSchema,
  /** Ids of the sites the user holds; an administrator gives only sites they hold themselves. */
  sites: z.array(id).max(500),
  /** Feature flags: Tracksec (timesheets). An administrator gives only flags they hold. */
  tracksec: z.boolean(),
  disabled: z.boolean(),
  /** Must change the password at the next sign-in. */
  mustchange: z.boolean(),
});
export type UserRec = z.infer<typeof userRecSchema>;

/** sendwelcomeemail: a link to set the first password, valid for 7 days. */
export const sendWelcomeEmailBodySchema = z.strictObject({ uid: id });
export const WELCOME_LINK_DAYS = 7;

/**
 * resetpassword: `{ email }` from the sign-in page (public, the same answer for any address), or
 * `{ uid }` from an administrator (signed in, an administrator of the user: a reset link is sent,
 * the user must change the password and their sessions end).
 */
export const resetPasswordBodySchema = z.strictObject({ email: email.optional(), uid: id.optional() })
  .refine((b) => (b.email === undefined) !== (b.uid === undefined), { message: 'Give either email or uid.' });

export const userSessionsQuerySchema = z.strictObject({ uid: id });
export const userSessionSchema = z.object({
  id: z.number(),
  kind: z.string(),
  started: z.string(),
  lastseen: z.string(),
  expires: z.string(),
  useragent: z.string(),
  /** The caller's own session. */
  current: z.boolean(),
  /** When and why it ended; null while it is live (it may still have expired). */
  revokedat: z.string().nullable(),
  revokedreason: z.string().nullable(),
  live: z.boolean(),
});
export type UserSession = z.infer<typeof userSessionSchema>;
export const userSessionsAnswerSchema = z.object({
  ok: z.literal(1),
  user: z.object({ id: z.number(), name: z.string(), lastsignin: z.string().nullable() }),
  sessions: z.array(userSessionSchema),
});
export type UserSessionsAnswer = z.infer<typeof userSessionsAnswerSchema>;
export const revokeSessionBodySchema = z.strictObject({ id });
