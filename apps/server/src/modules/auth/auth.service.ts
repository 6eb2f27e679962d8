import { passwordProblem } from '@fleet/shared';
import type { LoginBody, SessionUser } from '@fleet/shared';
import { ApiError, badRequest } from '../../lib/errors.ts';
import { WindowLimiter } from '../../lib/limiter.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { hashSecret, newSecret, newUuid } from '../../lib/tokens.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { AuthRepository } from './auth.repository.ts';
import type { Caller, SessionService } from './session.service.ts';

export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
const WRONG_CREDENTIALS = 'The e-mail address or password is not right.';
export const RESET_REQUESTED = 'If that address has an account, we have sent a reset link. It works for one hour.';

export interface AuthLimits {
  /** Failed sign-ins allowed per account in 15 minutes. */
  failuresPerAccount: number;
  /** Reset mails per address in an hour. */
  resetsPerAccount: number;
}

export function authService(deps: {
  repo: AuthRepository; sessions: SessionService; mail: MailService; limits: AuthLimits;
}) {
  const { repo, sessions, mail } = deps;
  const failures = new WindowLimiter(deps.limits.failuresPerAccount, 15 * 60 * 1000);
  const resets = new WindowLimiter(deps.limits.resetsPerAccount, 60 * 60 * 1000);

  async function startSession(user: Parameters<SessionService['open']>[0], instanceUuid: string, userAgent: string, siteId?: number | null) {
    const site = siteId === undefined ? await sessions.landingSite(user) : siteId;
    const { token, session } = await sessions.open(user, site, instanceUuid, userAgent);
    return sessions.describe(user, session, token);
  }

  return {
    startSession,

    async login(body: LoginBody, userAgent: string): Promise<SessionUser> {
      const key = body.user.toLowerCase();
      const wait = failures.retryAfter(key);
      if (wait > 0) {
        throw new ApiError(429, `Too many failed sign-ins for this account. Try again in ${Math.ceil(wait / 60000)} minutes.`);
      }
      const user = await repo.userByEmail(body.user);
      if (!user) {
        await burnPasswordCheck(body.pass);
        failures.record(key);
        throw new ApiError(401, WRONG_CREDENTIALS);
      }
      if (!(await verifyPassword(user.passwordHash, body.pass)) || user.disabled) {
        failures.record(key);
        throw new ApiError(401, user.disabled ? 'This account has been disabled.' : WRONG_CREDENTIALS);
      }
      failures.clear(key);
      return startSession(user, newUuid(), userAgent);
    },

    /** Sets a new password, ends every session of the user and opens a fresh one for this client. */
    async changePassword(caller: Caller, pwd: string, userAgent: string): Promise<SessionUser> {
      const problem = passwordProblem(pwd);
      if (problem) throw badRequest(problem);
      if (await verifyPassword(caller.user.passwordHash, pwd)) throw badRequest('The new password must differ from the current one.');
      await repo.setPassword(caller.user.id, await hashPassword(pwd));
      await sessions.revokeAllOfUser(caller.user.id, 'password changed');
      const user = { ...caller.user, mustChangePassword: false };
      return startSession(user, caller.session.instanceUuid, userAgent, caller.session.siteId);
    },

    /** E-mails a single-use reset link built from the brand's own address; silent about unknown e-mails. */
    async requestReset(email: string): Promise<void> {
      const key = email.toLowerCase();
      if (resets.retryAfter(key) > 0) return;
      resets.record(key);
      const user = await repo.userByEmail(email);
      if (!user || user.disabled) return;
      const brand = await repo.brandOfUser(user);
      if (!brand) return;
      const guid = newSecret();
      await repo.createReset(user.id, hashSecret(guid), new Date(Date.now() + RESET_LINK_TTL_MS));
      const link = `${brand.publicUrl.replace(/\/+$/, '')}/resetpassword/${encodeURIComponent(user.email)}/${guid}`;
      await mail.send({
        brandId: brand.id, userId: user.id, to: user.email, from: brand.senderAddress,
        subject: `${brand.name}: reset your password`,
        text: `Hello ${user.name},\n\nSomeone asked to reset the password of your ${brand.name} account.\n` +
          `Open this link within one hour to choose a new password (it works once):\n\n${link}\n\n` +
          `If you did not ask for this, ignore this mail; your password stays as it is.\n`,
      });
    },

    async completeReset(email: string, guid: string, pwd: string): Promise<void> {
      const problem = passwordProblem(pwd);
      if (problem) throw badRequest(problem);
      const user = await repo.consumeReset(hashSecret(guid), email, new Date());
      if (!user) throw badRequest('This reset link is not valid: it has been used or is more than an hour old. Ask for a new one.');
      await repo.setPassword(user.id, await hashPassword(pwd));
      await sessions.revokeAllOfUser(user.id, 'password reset');
      failures.clear(email.toLowerCase());
    },
  };
}
export type AuthService = ReturnType<typeof authService>;
