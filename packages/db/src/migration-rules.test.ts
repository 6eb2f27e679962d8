import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * Migrations that never lock the positions log for long (issue 17; docs/deployment.md, "Migrations
 * that never lock positions for long"). Drizzle's migrator runs every pending migration in ONE
 * transaction (applyMigrations, connection.ts), so:
 * - a lock a migration takes is held until the last pending migration is done, and
 * - CREATE INDEX CONCURRENTLY (and DETACH PARTITION CONCURRENTLY) cannot run in a migration at all.
 * A rolling upgrade applies the migrations while the ingest writes positions and the old nodes read
 * them: a migration touching the log may take only brief locks, must not rewrite or scan the table
 * under a lock, and must leave the table usable by the version before it.
 */

const folder = fileURLToPath(new URL('../migrations/', import.meta.url));

type Rule = 'lock-timeout' | 'index-build' | 'concurrently' | 'rewrite' | 'volatile-default' | 'scan-under-lock' | 'bulk-rows' | 'explicit-lock' | 'rename' | 'partitions';
const RULES: Record<Rule, string> = {
  'lock-timeout': "touches positions without SET LOCAL lock_timeout (at most '5s') before it",
  'index-build': 'builds an index on positions (or a partition) under a lock that stops the writer: create it ON ONLY positions, then run scripts/partition-indexes.ts (each partition CONCURRENTLY, outside the migrator)',
  concurrently: 'uses CONCURRENTLY, which cannot run inside the migrator\'s transaction',
  rewrite: 'rewrites positions (column type, stored generated column, serial column, LOGGED/UNLOGGED, access method, VACUUM FULL, CLUSTER)',
  'volatile-default': 'adds a column to positions with a default that is computed per row, which rewrites every partition',
  'scan-under-lock': 'scans every row of positions under an exclusive lock (SET NOT NULL, a constraint without NOT VALID, a new key)',
  'bulk-rows': 'changes rows of positions in the migration (UPDATE, DELETE, INSERT ... SELECT, TRUNCATE): backfill in bounded batches outside it',
  'explicit-lock': 'locks positions explicitly (LOCK TABLE)',
  rename: 'renames positions or one of its columns, which the nodes of the previous version still use',
  partitions: 'attaches, detaches or drops a partition of positions, which the partition upkeep owns',
};

/** A migration file's statements, comments removed, identifiers unquoted, whitespace folded, lower case. */
function statements(sql: string): string[] {
  return sql.split('--> statement-breakpoint')
    .map((s) => s.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/--[^\n]*/g, ' ').replace(/"/g, '').replace(/\s+/g, ' ').trim().replace(/;$/, '').trim().toLowerCase())
    .filter((s) => s !== '');
}

/** The log's tables: the parent, the default partition and the monthly ones. */
const POSITIONS = /\b(?:public\.)?positions(?:_default|_\d{4}_\d{2})?\b/;
/** A column default PostgreSQL can store once for every row: constants and casts, or the statement's time. */
const NON_VOLATILE_CALLS = new Set(['now', 'transaction_timestamp', 'statement_timestamp']);

function volatileDefault(statement: string): boolean {
  for (const m of statement.matchAll(/\badd column\b(.*?)(?=,\s*add column\b|$)/g)) {
    const column = m[1] ?? '';
    const def = /\bdefault\b(.*)$/.exec(column)?.[1];
    if (def === undefined) continue;
    for (const call of def.matchAll(/\b([a-z_][a-z0-9_]*)\s*\(/g)) {
      if (!NON_VOLATILE_CALLS.has(call[1] as string)) return true;
    }
  }
  return false;
}

/** The rules a migration's SQL breaks. */
function brokenRules(sql: string): Rule[] {
  const broken = new Set<Rule>();
  let lockTimeoutSet = false;
  for (const s of statements(sql)) {
    const timeout = /^set local lock_timeout\s*(?:=|to)\s*'?(\d+)\s*(ms|s)?'?$/.exec(s);
    if (timeout) {
      const ms = Number(timeout[1]) * (timeout[2] === 's' ? 1000 : 1);
      lockTimeoutSet = ms > 0 && ms <= 5000;
      continue;
    }
    if (/\bconcurrently\b/.test(s)) broken.add('concurrently');
    if (!POSITIONS.test(s)) continue;
    if (!lockTimeoutSet) broken.add('lock-timeout');
    const index = /^create (?:unique )?index (?:concurrently )?(?:if not exists )?(?:\S+ )?on (only )?(\S+)/.exec(s);
    if (index && POSITIONS.test(index[2] as string) && !index[1] && !/\bconcurrently\b/.test(s)) broken.add('index-build');
    if (/^alter table\b/.test(s)) {
      if (/\balter column \S+ (?:set data )?type\b/.test(s) || /\bgenerated always as\b.*\bstored\b/.test(s) || /\badd column \S+ (?:big|small)?serial\b/.test(s)
        || /\bset (?:logged|unlogged)\b/.test(s) || /\bset access method\b/.test(s)) broken.add('rewrite');
      if (volatileDefault(s)) broken.add('volatile-default');
      if (/\bset not null\b/.test(s) || /\badd (?:constraint \S+ )?(?:primary key|unique)\b/.test(s)
        || (/\badd (?:constraint \S+ )?(?:check|foreign key)\b/.test(s) && !/\bnot valid\b/.test(s))) broken.add('scan-under-lock');
      if (/\brename\b/.test(s)) broken.add('rename');
      if (/\b(?:attach|detach) partition\b/.test(s)) broken.add('partitions');
    }
    if (/^(?:vacuum\b.*\bfull\b|cluster\b)/.test(s)) broken.add('rewrite');
    if (/^lock (?:table )?/.test(s)) broken.add('explicit-lock');
    if (/^(?:update (?:only )?\S+ |delete from (?:only )?\S+|truncate\b)/.test(s) && POSITIONS.test(s.split(/\b(?:set|where)\b/)[0] ?? '')) broken.add('bulk-rows');
    if (/^insert into (?:\S+) /.test(s) && POSITIONS.test(/^insert into (\S+)/.exec(s)?.[1] ?? '') && /\bselect\b/.test(s)) broken.add('bulk-rows');
    if (/^drop table\b/.test(s) && POSITIONS.test(s)) broken.add('partitions');
  }
  return [...broken].sort();
}

/**
 * Migrations written before these rules, accepted as history: each breaks at least one rule (a
 * listed one that breaks none is taken off), and none will run again on a database that has it.
 */
const ACCEPTED: Record<string, string> = {
  '0001_ingest': 'creates the positions table; its indexes were built on an empty table in the same transaction',
  '0002_log_horizon': 'dropped the tx column and its index from a log of development data only (before the first deployment)',
  '0007_plausibility': 'flags stored rows in one UPDATE and builds a partial index: run before the log was partitioned, on databases of test fleets',
  '0014_partitioned_positions': 'the one-time move to a partitioned log (issue 12): it has to lock and copy the whole table; docs/decisions.md says why it was run once, in a maintenance window',
};

const journal = (JSON.parse(readFileSync(`${folder}meta/_journal.json`, 'utf8')) as { entries: { tag: string }[] }).entries.map((e) => e.tag);

describe('the migrations in packages/db/migrations', () => {
  it.each(journal)('%s keeps the rules for the positions log, or is accepted history', (tag) => {
    const broken = brokenRules(readFileSync(`${folder}${tag}.sql`, 'utf8'));
    if (ACCEPTED[tag]) {
      expect(broken.length, `${tag} is listed as accepted history but breaks no rule: take it off the list`).toBeGreaterThan(0);
      return;
    }
    expect(broken.map((r) => `${tag} ${RULES[r]}`), 'docs/deployment.md, "Migrations that never lock positions for long"').toEqual([]);
  });

  it('lists as accepted history only migrations that exist', () => {
    for (const tag of Object.keys(ACCEPTED)) expect(journal).toContain(tag);
  });
});

describe('the rules', () => {
  const T = "SET LOCAL lock_timeout = '2s';--> statement-breakpoint\n";
  it.each([
    ['a nullable column', `${T}ALTER TABLE "positions" ADD COLUMN "hdop" integer;`],
    ['a column with a constant default', `${T}ALTER TABLE "positions" ADD COLUMN "hdop" integer DEFAULT 0 NOT NULL;`],
    ['a column with a cast constant default', `${T}ALTER TABLE positions ADD COLUMN extra jsonb DEFAULT '{}'::jsonb NOT NULL;`],
    ['a column defaulting to the time of the statement', `${T}ALTER TABLE positions ADD COLUMN seen timestamptz DEFAULT now();`],
    ['an index on the parent only', `${T}CREATE INDEX "positions_speed_idx" ON ONLY "positions" USING btree ("unit_id","speed");`],
    ['a check constraint not validated', `${T}ALTER TABLE positions ADD CONSTRAINT speed_ok CHECK (speed >= 0) NOT VALID;`],
    ['a validation of it later', `${T}ALTER TABLE positions VALIDATE CONSTRAINT speed_ok;`],
    ['dropping a column no version reads any more', `${T}ALTER TABLE positions DROP COLUMN hdop;`],
    ['a statement on another table', 'CREATE INDEX "alerts_unit_idx" ON "alerts" ("unit_id");--> statement-breakpoint\nUPDATE unit_state SET position_id = NULL;'],
    ['a comment naming the table', '-- positions are not touched here\nALTER TABLE units ADD COLUMN note text;'],
    ['a column of another table named after positions', 'ALTER TABLE customers ADD COLUMN position_retention_months integer;'],
  ])('lets %s pass', (_what, sql) => {
    expect(brokenRules(sql)).toEqual([]);
  });

  it.each([
    ['no lock limit', 'ALTER TABLE positions ADD COLUMN hdop integer;', ['lock-timeout']],
    ['a lock limit of 0 (none)', "SET LOCAL lock_timeout = 0;--> statement-breakpoint\nALTER TABLE positions ADD COLUMN hdop integer;", ['lock-timeout']],
    ['a lock limit too long', "SET LOCAL lock_timeout = '60s';--> statement-breakpoint\nALTER TABLE positions ADD COLUMN hdop integer;", ['lock-timeout']],
    ['an index built on every partition', `${T}CREATE INDEX "positions_speed_idx" ON "positions" ("speed");`, ['index-build']],
    ['an index built on one partition', `${T}CREATE UNIQUE INDEX x ON positions_2026_11 (id);`, ['index-build']],
    ['an index built concurrently', `${T}CREATE INDEX CONCURRENTLY x ON positions_2026_11 (speed);`, ['concurrently']],
    ['a column type change', `${T}ALTER TABLE positions ALTER COLUMN speed TYPE bigint;`, ['rewrite']],
    ['a stored generated column', `${T}ALTER TABLE positions ADD COLUMN kmh2 integer GENERATED ALWAYS AS (speed * 2) STORED;`, ['rewrite']],
    ['a volatile default', `${T}ALTER TABLE positions ADD COLUMN ref uuid DEFAULT gen_random_uuid() NOT NULL;`, ['volatile-default']],
    ['a default from the clock', `${T}ALTER TABLE positions ADD COLUMN at timestamptz DEFAULT clock_timestamp();`, ['volatile-default']],
    ['SET NOT NULL', `${T}ALTER TABLE positions ALTER COLUMN implausible SET NOT NULL;`, ['scan-under-lock']],
    ['a validated check', `${T}ALTER TABLE positions ADD CONSTRAINT speed_ok CHECK (speed >= 0);`, ['scan-under-lock']],
    ['a backfill', `${T}UPDATE "positions" SET "implausible" = 'x' WHERE lat > 90;`, ['bulk-rows']],
    ['a delete', `${T}DELETE FROM positions_default WHERE device_time < now();`, ['bulk-rows']],
    ['a copy', `${T}INSERT INTO positions (id) SELECT id FROM old_positions;`, ['bulk-rows']],
    ['an explicit lock', `${T}LOCK TABLE "positions" IN ACCESS EXCLUSIVE MODE;`, ['explicit-lock']],
    ['a renamed column', `${T}ALTER TABLE positions RENAME COLUMN speed TO speed_kmh;`, ['rename']],
    ['a detached partition', `${T}ALTER TABLE positions DETACH PARTITION positions_2020_01;`, ['partitions']],
    ['VACUUM FULL', `${T}VACUUM FULL positions;`, ['rewrite']],
  ])('refuses %s', (_what, sql, expected) => {
    expect(brokenRules(sql)).toEqual(expected);
  });
});
