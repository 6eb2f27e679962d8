/**
 * The roles a server process takes (issue 17): `api` (HTTP, the web app and the sockets), `ingest`
 * (the device listeners and the durable writer) and `worker` (the log processors, partition upkeep,
 * the fuel scan and the report scheduler). The default is all three in one process.
 */
export const ROLES = ['api', 'ingest', 'worker'] as const;
export type Role = (typeof ROLES)[number];

/** The roles a comma-separated list names; throws in words on anything else (or on none). */
export function parseRoles(text: string): Role[] {
  const names = text.split(',').map((r) => r.trim().toLowerCase()).filter(Boolean);
  if (names.length === 0) throw new Error(`name at least one role: ${ROLES.join(', ')} (comma-separated)`);
  const unknown = names.filter((n) => !(ROLES as readonly string[]).includes(n));
  if (unknown.length > 0) throw new Error(`${unknown.map((u) => `'${u}'`).join(', ')} ${unknown.length === 1 ? 'is not a role' : 'are not roles'}: the roles are ${ROLES.join(', ')}`);
  return ROLES.filter((r) => names.includes(r));
}

/**
 * `--roles a,b` or `--roles=a,b` among the command's arguments (npm start -- --roles api), as text;
 * undefined when not given. Throws when `--roles` has no value.
 */
export function rolesArgument(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg.startsWith('--roles=')) return arg.slice('--roles='.length);
    if (arg === '--roles') {
      const next = argv[i + 1];
      if (next === undefined || next.startsWith('--')) throw new Error('--roles needs a value, e.g. --roles api,ingest');
      return next;
    }
  }
  return undefined;
}
