// Builds the positions log's new indexes on every partition (issue 17; docs/deployment.md,
// "Migrations that never lock positions for long"): a migration creates an index ON ONLY positions,
// and this builds each partition's CONCURRENTLY and attaches it, while the ingest writes on.
// Run it after the migration that created the index, from any machine that reaches the database:
//   DATABASE_URL=postgres://... node --import tsx scripts/partition-indexes.ts
// It can be stopped and run again: it finishes what a stopped run left.
import { buildPartitionIndexes, connect, invalidPartitionIndexes } from '@fleet/db';

const url = process.env.DATABASE_URL;
if (!url || !/^postgres(ql)?:\/\//.test(url)) {
  process.stderr.write('Set DATABASE_URL to the PostgreSQL whose positions log to index (postgres://user:password@host:5432/database).\n');
  process.exit(1);
}
const database = connect(url, { max: 1, applicationName: 'fleet-partition-indexes' });
try {
  const steps = await buildPartitionIndexes(database.pool, {
    onStep: (s) => process.stdout.write(`${s.index}: built ${s.built} on ${s.partition} and attached it.\n`),
  });
  const invalid = await invalidPartitionIndexes(database.pool);
  if (invalid.length > 0) throw new Error(`still not valid: ${invalid.join(', ')}`);
  process.stdout.write(steps.length === 0 ? 'Every index of the positions log is built on every partition.\n' : `Done: ${steps.length} partition indexes built.\n`);
  await database.close();
} catch (err) {
  process.stderr.write(`The partition indexes were not all built: ${err instanceof Error ? err.message : String(err)}\n`);
  await database.close().catch(() => {});
  process.exit(1);
}
