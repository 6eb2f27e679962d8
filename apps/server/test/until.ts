import type pg from 'pg';

/**
 * Reads `read()` again and again (every 25 ms) until `ok` holds for what it returned, or `timeoutMs` has
 * passed, and returns the last value read either way: the test's own expect then fails showing what was
 * there, rather than with a bare timeout. The one polling helper of the server's tests.
 */
export async function until<T>(read: () => T | Promise<T>, ok: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The log processors (their names in processor_cursors) that `caughtUp` waits for. */
const PROCESSORS = ['state', 'events', 'trips'];

/**
 * Waits until every log processor has applied every position stored so far: each cursor has reached the
 * newest position id. What they derived from those positions (unit state, alerts) is committed with the
 * cursor, so a test can then assert on it, including that something was NOT raised. Call it after the
 * device's positions were ACKed (an ACK follows the commit). Throws when they are still behind after
 * `timeoutMs`.
 */
export async function caughtUp(pool: pg.Pool, timeoutMs = 10_000): Promise<void> {
  const behind = async () => (await pool.query<{ name: string }>(
    `SELECT p.name FROM unnest($1::text[]) AS p(name) LEFT JOIN processor_cursors c ON c.name = p.name
      WHERE coalesce(c.position_id, 0) < (SELECT coalesce(max(id), 0) FROM positions)`, [PROCESSORS])).rows.map((r) => r.name);
  const late = await until(behind, (names) => names.length === 0, timeoutMs);
  if (late.length > 0) throw new Error(`log processors still behind after ${timeoutMs} ms: ${late.join(', ')}`);
}
