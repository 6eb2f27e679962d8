import { manageRefusal, OWN_ACCOUNT_DELETE_TEXT, rightsRefusal, ROLE_NAMES, type UserActor, type UserRec, type UserTarget, type Usertype, WELCOME_LINK_DAYS } from '@fleet/shared';
import type { Caller } from '../../lib/caller.ts';
import { ApiError, forbidden, notFound } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { hashSecret, newSecret } from '../../lib/tokens.ts';
import type { AuditLog } from '../audit/index.ts';
import { SECRET_SLOT, type MailService } from '../mail/index.ts';
import type { UserRecord, UsersRepository } from './users.repository.ts';

/** How long an administrator's reset link works (a person may not read mail within the hour a forgotten-password link has). */
export const ADMIN_RESET_LINK_HOURS = 24;

/** What the users module needs of the auth module's sessions. */
export interface SessionEnder {
  revoke(id: number, reason: string): Promise<void>;
  revokeAllOfUser(userId: number, reason: string): Promise<number[]>;
  /** The account's sessions read it again at their next call, on every api node. */
  forgetUser(userId: number): void;
}

export const actorOf = (caller: Caller): UserActor => ({
  id: caller.user.id, usertype: caller.user.usertype, siteIds: caller.siteIds, tracksec: caller.user.tracksec,
});
export const targetOf = (u: UserRecord): UserTarget => ({ id: u.id, usertype: u.usertype, sites: u.sites, tracksec: u.tracksec, disabled: u.disabled });

/** The account and its rights as the editor edits them. */
export const recOf = (u: UserRecord): UserRec & { id: number } => ({
  id: u.id, name: u.name, email: u.email, usertype: (u.usertype ?? 2) as UserRec['usertype'], sites: u.sites,
  tracksec: u.tracksec, disabled: u.disabled, mustchange: u.mustchange,
});

export function usersService(deps: { repo: UsersRepository; mail: MailService; sessions: SessionEnder; audit: AuditLog }) {
  const { repo, mail, sessions, audit } = deps;

  /** The account of the current site the caller may manage, else 404 (not on the site) or 403 (the rules). */
  async function manageable(caller: Caller, siteId: number, uid: number, allowSelf: boolean): Promise<UserRecord> {
    const user = await repo.oneOfSite(siteId, uid);
    if (!user) throw notFound('user');
    if (user.id === caller.user.id && !allowSelf) throw forbidden('Use your own account page for this.');
    const refusal = manageRefusal(actorOf(caller), targetOf(user));
    if (refusal) throw forbidden(refusal);
    return user;
  }

  /** Makes a set-password link and mails it from the user's brand; the link is never stored or returned. */
  async function mailLink(user: UserRecord, purpose: 'welcome' | 'reset', hours: number): Promise<void> {
    if (!user.email) throw new ApiError(409, 'This account has no e-mail address.');
    const brand = await repo.brandOfUser(user.id);
    if (!brand) throw new ApiError(409, 'This account has no brand to send mail from.');
    const guid = newSecret();
    await repo.createLink(user.id, hashSecret(guid), new Date(Date.now() + hours * 3600_000), purpose);
    const welcome = purpose === 'welcome';
    await mail.send({
      brandId: brand.id, userId: user.id, to: user.email, from: brand.sender_address,
      subject: welcome ? `${brand.name}: your new account` : `${brand.name}: set a new password`,
      text: welcome
        ? `Hello ${user.name},\n\nAn account has been made for you on ${brand.name}.\nOpen this link within ${WELCOME_LINK_DAYS} days to choose your password (it works once):\n\n${SECRET_SLOT}\n\nThen sign in with ${user.email} and that password.\n`
        : `Hello ${user.name},\n\nAn administrator of ${brand.name} has reset your password; you have been signed out everywhere.\n` +
          `Open this link within ${hours} hours to choose a new password (it works once):\n\n${SECRET_SLOT}\n\n` +
          `You can also sign in with your old password, but you will have to change it first.\n`,
      secret: {
        kind: welcome ? 'welcome link' : 'reset link',
        value: `${brand.public_url.replace(/\/+$/, '')}/resetpassword/${encodeURIComponent(user.email)}/${guid}`,
      },
    });
  }

  const actorFor = (caller: Caller, address: string) => ({ caller, address });

  return {
    manageable,

    /** The users list's rules for a new account or a change; throws the refusal. */
    checkRights(caller: Caller, rec: UserRec, before: UserRecord | null): void {
      const refusal = rightsRefusal(actorOf(caller), rec, before ? targetOf(before) : null);
      if (refusal) throw forbidden(refusal);
    },

    async add(caller: Caller, siteId: number, rec: UserRec): Promise<number> {
      const sites = rec.sites.includes(siteId) ? rec.sites : [siteId, ...rec.sites];
      const full = { ...rec, sites };
      this.checkRights(caller, full, null);
      if (await repo.emailTaken(rec.email, 0)) throw new ApiError(409, 'An account with this e-mail address exists already.');
      // No one knows the first password: the person sets it from the welcome mail.
      return repo.insert(full, await repo.customerOfSite(siteId), await hashPassword(newSecret()));
    },

    async edit(caller: Caller, siteId: number, id: number, rec: UserRec): Promise<boolean> {
      const before = await repo.oneOfSite(siteId, id);
      if (!before) return false;
      this.checkRights(caller, rec, before);
      if (await repo.emailTaken(rec.email, id)) throw new ApiError(409, 'An account with this e-mail address exists already.');
      await repo.update(id, rec);
      // Its sessions see the new sites, rights and forced password change at their next call, on any api node.
      sessions.forgetUser(id);
      // A disabled account's sessions end now; so do those of an account whose role changed.
      if (rec.disabled && !before.disabled) await sessions.revokeAllOfUser(id, 'disabled by an administrator');
      else if (rec.usertype !== before.usertype) await sessions.revokeAllOfUser(id, 'role changed by an administrator');
      return true;
    },

    async inUse(caller: Caller, id: number): Promise<string | null> {
      if (id === caller.user.id) return OWN_ACCOUNT_DELETE_TEXT;
      const driver = await repo.driverOf(id);
      return driver ? `This account is the driver ${driver}'s sign-in: change it in the drivers list first.` : null;
    },

    async remove(caller: Caller, siteId: number, id: number): Promise<string | null> {
      const user = await manageable(caller, siteId, id, false);
      await sessions.revokeAllOfUser(id, 'account deleted');
      return (await repo.remove(user.id)) ? `The account of ${user.name} was deleted.` : null;
    },

    /** sendwelcomeemail: a link to set the first password, 7 days. */
    async sendWelcome(caller: Caller, siteId: number, uid: number, address: string): Promise<string> {
      const user = await manageable(caller, siteId, uid, false);
      if (user.disabled) throw new ApiError(409, 'This account is disabled: enable it first.');
      await mailLink(user, 'welcome', WELCOME_LINK_DAYS * 24);
      await audit.change(actorFor(caller, address), {
        action: 'user.welcome', targetKind: 'user', targetId: user.id, targetName: user.name, siteId, detail: `welcome mail to ${user.email}`,
      });
      return `A welcome mail was sent to ${user.email}. Its link works for ${WELCOME_LINK_DAYS} days.`;
    },

    /** resetpassword { uid } by an administrator: a reset link, a forced change, every session ended. */
    async adminReset(caller: Caller, siteId: number, uid: number, address: string): Promise<string> {
      const user = await manageable(caller, siteId, uid, false);
      await repo.setMustChange(user.id);
      const ended = await sessions.revokeAllOfUser(user.id, 'password reset by an administrator');
      await mailLink(user, 'reset', ADMIN_RESET_LINK_HOURS);
      await audit.change(actorFor(caller, address), {
        action: 'user.resetpassword', targetKind: 'user', targetId: user.id, targetName: user.name, siteId,
        before: { mustchange: user.mustchange }, after: { mustchange: true }, detail: `reset link mailed to ${user.email}; ${ended.length} session(s) ended`,
      });
      return `A reset link was sent to ${user.email}. ${user.name} must choose a new password at the next sign-in; ${ended.length} session${ended.length === 1 ? '' : 's'} ended.`;
    },

    async sessionsOf(caller: Caller, siteId: number, uid: number) {
      const user = await manageable(caller, siteId, uid, true);
      const rows = await repo.sessionsOf(user.id);
      const now = Date.now();
      return {
        user: { id: user.id, name: user.name, lastsignin: user.lastSignInAt?.toISOString() ?? null },
        sessions: rows.map((s) => ({
          id: s.id, kind: s.kind, started: s.created_at.toISOString(), lastseen: s.last_seen_at.toISOString(), expires: s.expires_at.toISOString(),
          useragent: s.user_agent, current: s.id === caller.session.id, revokedat: s.revoked_at?.toISOString() ?? null,
          revokedreason: s.revoked_reason, live: s.revoked_at === null && s.expires_at.getTime() > now,
        })),
      };
    },

    async revokeSession(caller: Caller, siteId: number, sessionId: number, address: string): Promise<string> {
      const found = await repo.sessionOnSite(siteId, sessionId);
      if (!found) throw notFound('session');
      const user = await manageable(caller, siteId, found.userId, true);
      if (found.revoked) return 'This session had already ended.';
      await sessions.revoke(sessionId, 'revoked by an administrator');
      await audit.change(actorFor(caller, address), {
        action: 'user.session.revoke', targetKind: 'user', targetId: user.id, targetName: user.name, siteId, detail: `session ${sessionId} ended`,
      });
      return `The session was ended; ${user.name} must sign in again on that device.`;
    },

    roleName: (usertype: number | null) => (usertype === null ? 'None' : ROLE_NAMES[usertype as Usertype] ?? String(usertype)),
  };
}
export type UsersService = ReturnType<typeof usersService>;
