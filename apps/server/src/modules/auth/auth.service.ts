import { passwordProblem } from '@fleet/shared';
import type { LoginBody, SessionUser } from '@fleet/shared';
import type { FastifyBaseLogger } from 'fastify';
import fastq from 'fastq';
import { ApiError, badRequest } from '../../lib/errors.ts';
import { type AttemptStore, memoryAttempts } from './attempts.ts';
import { waitInWords } from '../../lib/limiter.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { hashSecret, newSecret, newUuid } from '../../lib/tokens.ts';
import { SECRET_SLOT, type MailService } from '../mail/index.ts';
import type { AuthRepository } from './auth.repository.ts';
import type { SessionRow, UserRow } from './session.repository.ts';
import type { Caller } from '../../lib/caller.ts';
import type { SessionService } from './session.service.ts';

export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
export const WRONG_CREDENTIALS = 'The e-mail address or password is not right.';
export const ACCOUNT_DISABLED = 'This account has been disabled.';
export const CUSTOMER_SUSPENDED = "This customer's account is suspended.";
export const DRIVER_ACCOUNT = 'This is a driver\'s account: drivers sign in on the cab device of their vehicle.';
export const RESET_REQUESTED = 'If that address has an account, we have sent a reset link. It works for one hour.';
/** Reset requests waiting for the background worker; beyond this new ones are dropped (the answer is the same). */
const RESET_QUEUE_MAX = 10_000;

export interface AuthLimits {
  /** Failed sign-ins an account (or a remembered device) may have before each further one waits. */
  failuresPerAccount: number;
  /** Reset mails per account in an hour. */
  resetsPerAccount: number;
}

/** The first wait after the free failures, and the longest; the wait doubles in between. */
export const BACKOFF_BASE_MS = 1000;
export const BACKOFF_CAP_MS = 5 * 60 * 1000;
/** Failures are forgotten after this long without another. */
export const BACKOFF_FORGET_MS = 60 * 60 * 1000;

export interface SignIn {
  /** The brand of the host the sign-in came to: only its users may sign in there. */
  brandId: number;
  userAgent: string;
  /** The device cookie the browser sent, if any. */
  deviceToken: string | undefined;
}

export function authService(deps: {
  repo: AuthRepository; sessions: SessionService; mail: MailService; limits: AuthLimits; log: FastifyBaseLogger;
  now?: () => number;
  /**
   * Where failures and reset mails are counted: the app gives the database's store, shared by
   * every api node (issue 17); without one, this process's memory (unit tests of the rules).
   */
  attempts?: AttemptStore;
}) {
  const { repo, sessions, mail, log } = deps;
  const attempts = deps.attempts ?? memoryAttempts(deps.now);
  const backoff = (scope: string, capacity?: number) => attempts.backoff(scope, {
    freeFailures: deps.limits.failuresPerAccount, baseMs: BACKOFF_BASE_MS, capMs: BACKOFF_CAP_MS,
    forgetMs: BACKOFF_FORGET_MS, capacity,
  });
  /** Failed sign-ins per account (by user id): only real accounts are kept here. */
  const accountFailures = backoff('sign-in-account');
  /** Failed sign-ins from a remembered device (by device id), which the account backoff lets through. */
  const deviceFailures = backoff('sign-in-device');
  /**
   * Addresses with no account here: they back off exactly as an account would, so the answers do not
   * tell which addresses exist; a count of its own (in memory: a small store), so a flood of them pushes out no account.
   */
  const unknownFailures = backoff('sign-in-unknown', 10_000);
  const resets = attempts.window('reset-account', deps.limits.resetsPerAccount, 60 * 60 * 1000);

  async function startSession(user: UserRow, from: Pick<SessionRow, 'instanceUuid' | 'brandId'>, userAgent: string, siteId?: number | null) {
    const site = siteId === undefined ? await sessions.landingSite(user, from.brandId) : siteId;
    const { token, session } = await sessions.open(user, site, from.instanceUuid, userAgent, from.brandId);
    return sessions.describe(user, session, token);
  }

  /** Sends one reset mail; runs on the queue, never on the request's path. */
  async function sendReset(email: string): Promise<void> {
    const user = await repo.userByEmail(email);
    // A driver account (usertype 3) has no address: its password is reset by an administrator.
    if (!user || user.disabled || !user.email) return;
    const to = user.email;
    // Only real accounts are counted, so unknown addresses cost no memory.
    const key = String(user.id);
    if ((await resets.retryAfter(key)) > 0) return;
    await resets.record(key);
    const brand = await repo.brandOfUser(user);
    if (!brand) return;
    const guid = newSecret();
    await repo.createReset(user.id, hashSecret(guid), new Date(Date.now() + RESET_LINK_TTL_MS));
    await mail.send({
      brandId: brand.id, userId: user.id, to, from: brand.senderAddress,
      subject: `${brand.name}: reset your password`,
      text: `Hello ${user.name},\n\nSomeone asked to reset the password of your ${brand.name} account.\n` +
        `Open this link within one hour to choose a new password (it works once):\n\n${SECRET_SLOT}\n\n` +
        `If you did not ask for this, ignore this mail; your password stays as it is.\n`,
      secret: {
        kind: 'reset link',
        value: `${brand.publicUrl.replace(/\/+$/, '')}/resetpassword/${encodeURIComponent(to)}/${guid}`,
      },
    });
  }
  const resetQueue = fastq.promise(async (email: string) => {
    try {
      await sendReset(email);
    } catch (err) {
      log.error({ err }, 'password reset could not be prepared');
    }
  }, 1);

  return {
    startSession,

    /**
     * Signs in. Failed attempts slow the next ones down per account (an exponential wait), except
     * from a device that has signed in to the account before, which has a wait of its own.
     * The answer is the same for an unknown address, a wrong password and an account of another brand.
     */
    async login(body: LoginBody, at: SignIn): Promise<{ user: SessionUser; deviceToken: string | null }> {
      const [user, device] = await Promise.all([
        repo.userForSignIn(body.user, at.brandId),
        at.deviceToken ? repo.deviceByHash(hashSecret(at.deviceToken)) : undefined,
      ]);
      const known = user && device?.userId === user.id ? device : undefined;
      const [store, key] = known ? [deviceFailures, String(known.id)]
        : user ? [accountFailures, String(user.id)]
        : [unknownFailures, body.user.toLowerCase()];
      const wait = await store.waitMs(key);
      if (wait > 0) {
        throw new ApiError(429, `Too many failed sign-ins for this account. Try again in ${waitInWords(wait)}.`);
      }
      const right = user ? await verifyPassword(user.passwordHash, body.pass) : await burnPasswordCheck(body.pass).then(() => false);
      if (!user || !right) {
        await store.fail(key);
        throw new ApiError(401, WRONG_CREDENTIALS);
      }
      if (user.disabled) throw new ApiError(401, ACCOUNT_DISABLED);
      if (await repo.customerSuspended(user)) throw new ApiError(403, CUSTOMER_SUSPENDED);
      // Driver mode and user mode never coexist: a driver's account signs in only on a cab device.
      if (user.usertype === 3) throw new ApiError(403, DRIVER_ACCOUNT);
      await accountFailures.clear(String(user.id));
      await repo.recordSignIn(user.id);
      let deviceToken: string | null = null;
      if (known) {
        await deviceFailures.clear(String(known.id));
        await repo.touchDevice(known.id);
      } else {
        deviceToken = newSecret();
        await repo.addDevice(user.id, hashSecret(deviceToken));
      }
      return { user: await startSession(user, { instanceUuid: newUuid(), brandId: at.brandId }, at.userAgent), deviceToken };
    },

    /** Sets a new password, ends every session of the user and opens a fresh one for this client. */
    async changePassword(caller: Caller, pwd: string, userAgent: string): Promise<SessionUser> {
      const problem = passwordProblem(pwd);
      if (problem) throw badRequest(problem);
      if (await verifyPassword(caller.user.passwordHash, pwd)) throw badRequest('The new password must differ from the current one.');
      await repo.setPassword(caller.user.id, await hashPassword(pwd));
      const unitId = caller.session.kind === 'driver' ? await sessions.unitOf(caller.session.id) : null;
      await sessions.revokeAllOfUser(caller.user.id, 'password changed');
      const user = { ...caller.user, mustChangePassword: false };
      const s = caller.session;
      // A driver changing their password on the cab device stays in driver mode, on the same vehicle.
      if (s.kind === 'driver' && s.cabDeviceId !== null && s.driverId !== null && s.siteId !== null) {
        const { token, session } = await sessions.openDriver(user, {
          cabDeviceId: s.cabDeviceId, driverId: s.driverId, siteId: s.siteId, instanceUuid: s.instanceUuid, brandId: s.brandId, unitId,
        }, userAgent);
        return sessions.describe(user, session, token);
      }
      return startSession(user, caller.session, userAgent, caller.session.siteId);
    },

    /**
     * Queues a reset mail and returns at once: a known and an unknown address do exactly the same
     * work on the request's path (this call), so neither the answer nor its time tells them apart.
     */
    requestReset(email: string): void {
      if (resetQueue.length() >= RESET_QUEUE_MAX) {
        log.warn('password reset queue is full; a request was dropped');
        return;
      }
      void resetQueue.push(email);
    },

    async completeReset(email: string, guid: string, pwd: string): Promise<void> {
      const problem = passwordProblem(pwd);
      if (problem) throw badRequest(problem);
      const user = await repo.consumeReset(hashSecret(guid), email, new Date());
      if (!user) throw badRequest('This reset link is not valid: it has been used or is more than an hour old. Ask for a new one.');
      await repo.setPassword(user.id, await hashPassword(pwd));
      await sessions.revokeAllOfUser(user.id, 'password reset');
      await accountFailures.clear(String(user.id));
    },

    /** Resolves when queued reset requests are done and their mail is handed over. */
    async settled(): Promise<void> {
      await resetQueue.drained();
      await mail.settled();
    },
  };
}
export type AuthService = ReturnType<typeof authService>;
