import type { Db } from '@fleet/db';
import { ensureDefaultBrand, seedDemo } from '@fleet/db/seed/index';
import { passwordProblem } from '@fleet/shared';
import { randomBytes } from 'node:crypto';
import { ConfigError, type Config } from '../config.ts';
import { hashPassword } from '../lib/passwords.ts';
import { authRepository } from '../modules/auth/index.ts';

type Print = (line: string) => void;

/** A random password that meets the spec's rules (letter, digit, special character, length). */
export function generatePassword(): string {
  return `${randomBytes(12).toString('base64url')}a7!`;
}

/** First start: the default brand, the first super administrator and, when asked, the demo data. */
export async function bootstrap(db: Db, config: Config, print: Print): Promise<void> {
  await ensureDefaultBrand(db, { publicUrl: config.publicUrl });
  await ensureFirstAdmin(db, config, print);
  if (config.FLEET_DEMO) await ensureDemo(db, config, print);
}

async function ensureFirstAdmin(db: Db, config: Config, print: Print): Promise<void> {
  const users = authRepository(db);
  if ((await users.userCount()) > 0) return;
  const email = config.FLEET_ADMIN_USER ?? 'admin@fleet.local';
  const given = config.FLEET_ADMIN_PASSWORD;
  if (given) {
    const problem = passwordProblem(given);
    if (problem) throw new ConfigError(`FLEET_ADMIN_PASSWORD is not accepted: ${problem}`);
  }
  const password = given ?? generatePassword();
  await users.insertSuperAdmin({
    email, name: 'Administrator', passwordHash: await hashPassword(password),
    // A generated password was printed to a console: it has to be replaced at the first sign-in.
    mustChangePassword: !given,
  });
  if (given) print(`Super administrator created: ${email} (password from FLEET_ADMIN_PASSWORD).`);
  else {
    print(`Super administrator created: ${email}`);
    print(`  password: ${password}`);
    print('  It is shown this once; you will be asked to change it at the first sign-in.');
  }
}

async function ensureDemo(db: Db, config: Config, print: Print): Promise<void> {
  const password = config.FLEET_DEMO_PASSWORD ?? generatePassword();
  if (config.FLEET_DEMO_PASSWORD) {
    const problem = passwordProblem(password);
    if (problem) throw new ConfigError(`FLEET_DEMO_PASSWORD is not accepted: ${problem}`);
  }
  const result = await seedDemo(db, { passwordHash: await hashPassword(password), publicUrl: config.publicUrl });
  if (!result.seeded) return;
  print('Demo data created. Demo accounts:');
  for (const a of result.accounts) print(`  ${a.email.padEnd(34)} usertype ${a.usertype}  ${a.sites.join(', ')}`);
  print(config.FLEET_DEMO_PASSWORD ? '  password: from FLEET_DEMO_PASSWORD' : `  password for all of them: ${password} (shown this once)`);
}
