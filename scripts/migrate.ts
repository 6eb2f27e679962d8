// Applies the database migrations of this version and exits (issue 17, docs/deployment.md): the
// one process that migrates before a rolling upgrade starts the new nodes. Every server applies
// pending migrations at start too, under the same advisory lock, so running this is never required
// for correctness; it puts the wait for the locks in one place, before any node is replaced.
import { applyMigrations, connect, migrationState, waitForDatabase } from '@fleet/db';

const url = process.env.DATABASE_URL;
if (!url || !/^postgres(ql)?:\/\//.test(url)) {
  process.stderr.write('Set DATABASE_URL to the PostgreSQL to migrate (postgres://user:password@host:5432/database).\n');
  process.exit(1);
}
const database = connect(url, { max: 1, applicationName: 'fleet-migrate' });
try {
  await waitForDatabase(database, { onWait: (err) => process.stdout.write(`Waiting for the database (${err.message})...\n`) });
  const before = await migrationState(database.pool);
  await applyMigrations(database, {
    onLockTimeout: (attempt, waitMs) => process.stdout.write(`A migration waited too long for a lock (attempt ${attempt}); trying again in ${waitMs} ms...\n`),
  });
  const after = await migrationState(database.pool);
  process.stdout.write(before.pending.length === 0
    ? 'The database was already up to date.\n'
    : `Applied ${before.pending.length - after.pending.length} migrations: ${before.pending.join(', ')}.\n`);
  await database.close();
} catch (err) {
  process.stderr.write(`The migrations failed: ${err instanceof Error ? err.message : String(err)}\n`);
  await database.close().catch(() => {});
  process.exit(1);
}
