import { userRecSchema } from '@fleet/shared';
import { defineConfigList } from '../config/index.ts';
import type { UsersRepository } from './users.repository.ts';
import { recOf, type UsersService } from './users.service.ts';

/**
 * 'users': the accounts holding the current site (driver accounts are made with their driver).
 * Administrators change it within the rules of packages/shared/src/users/user-rules.ts; the sites
 * column lists only the sites the reader holds. Changes are audited by the configuration calls.
 */
export function usersConfigList(repo: UsersRepository, service: UsersService) {
  return defineConfigList({
    name: 'users',
    title: 'Users',
    noun: 'user',
    rec: userRecSchema,
    who: 'admin',
    columns: [
      { key: 'name', label: 'Name' },
      { key: 'email', label: 'E-mail' },
      { key: 'role', label: 'Role', filter: true },
      { key: 'sitecount', label: 'Sites', kind: 'number' },
      { key: 'tracksec', label: 'Tracksec', kind: 'bool', filter: true },
      { key: 'disabled', label: 'Disabled', kind: 'bool', filter: true },
      { key: 'mustchange', label: 'Must change password', kind: 'bool' },
      { key: 'lastsignin', label: 'Last sign-in', kind: 'datetime' },
      { key: 'created', label: 'Created', kind: 'datetime' },
    ],
    search: ['name', 'email'],
    async list({ siteId, caller }) {
      return (await repo.ofSite(siteId)).map((u) => {
        const sites = u.sites.filter((s) => caller.siteIds.includes(s));
        return {
          id: u.id, name: u.name, email: u.email, role: service.roleName(u.usertype), usertype: u.usertype, sites, sitecount: sites.length,
          tracksec: u.tracksec, disabled: u.disabled, mustchange: u.mustchange,
          lastsignin: u.lastSignInAt?.toISOString() ?? '', created: u.createdAt.toISOString(),
        };
      });
    },
    async get({ siteId, caller }, id) {
      const u = await repo.oneOfSite(siteId, id);
      if (!u) return null;
      const rec = recOf(u);
      return { ...rec, sites: rec.sites.filter((s) => caller.siteIds.includes(s)), lastsignin: u.lastSignInAt?.toISOString() ?? null, created: u.createdAt.toISOString() };
    },
    add: ({ caller, siteId }, rec) => service.add(caller, siteId, rec),
    edit: ({ caller, siteId }, id, rec) => service.edit(caller, siteId, id, rec),
    inUse: ({ caller }, id) => service.inUse(caller, id),
    remove: ({ caller, siteId }, id) => service.remove(caller, siteId, id),
  });
}
