import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';

const journalFile = fileURLToPath(new URL('../migrations/meta/_journal.json', import.meta.url));

/** How the database's applied migrations compare with the journal this code was built with. */
export interface MigrationState {
  /** The journal's last migration (what this code expects). */
  expected: string;
  /** Journal migrations the database has not applied yet, oldest first. */
  pending: string[];
}

let journal: Promise<Array<{ tag: string; when: number }>> | undefined;
/** The journal is part of the code: read once per process. */
function journalEntries(): Promise<Array<{ tag: string; when: number }>> {
  journal ??= readFile(journalFile, 'utf8').then((text) => (JSON.parse(text) as { entries: Array<{ tag: string; when: number }> }).entries);
  return journal;
}

/**
 * Compares the database's migration table with the journal the way drizzle's migrator decides
 * what to apply: a journal entry is applied when its `when` is at or before the newest applied
 * one's `created_at`. A database without the table has applied nothing.
 */
export async function migrationState(pool: pg.Pool): Promise<MigrationState> {
  const entries = await journalEntries();
  // Two statements: PostgreSQL resolves every table a statement names before running any of it.
  const { rows: [table] } = await pool.query<{ name: string | null }>("SELECT to_regclass('drizzle.__drizzle_migrations')::text AS name");
  let last = -Infinity;
  if (table?.name) {
    const { rows: [row] } = await pool.query<{ last: string | null }>('SELECT max(created_at)::text AS last FROM drizzle.__drizzle_migrations');
    if (row?.last) last = Number(row.last);
  }
  return {
    expected: entries.at(-1)?.tag ?? '',
    pending: entries.filter((e) => e.when > last).map((e) => e.tag),
  };
}
