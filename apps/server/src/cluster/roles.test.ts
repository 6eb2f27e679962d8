import { describe, expect, it } from 'vitest';
import { parseRoles, rolesArgument } from './roles.ts';

describe('roles', () => {
  it('reads a comma-separated list in any order and case, in the one order', () => {
    expect(parseRoles('worker,api')).toEqual(['api', 'worker']);
    expect(parseRoles(' INGEST ,, ingest ')).toEqual(['ingest']);
  });

  it('refuses an empty list and names what is not a role', () => {
    expect(() => parseRoles(' , ')).toThrow('name at least one role: api, ingest, worker');
    expect(() => parseRoles('api,db,web')).toThrow("'db', 'web' are not roles: the roles are api, ingest, worker");
  });

  it('finds --roles in the arguments, with a space or =, and wants a value', () => {
    expect(rolesArgument(['--roles', 'api,ingest'])).toBe('api,ingest');
    expect(rolesArgument(['x', '--roles=worker'])).toBe('worker');
    expect(rolesArgument([])).toBeUndefined();
    expect(() => rolesArgument(['--roles'])).toThrow('--roles needs a value');
    expect(() => rolesArgument(['--roles', '--other'])).toThrow('--roles needs a value');
  });
});
