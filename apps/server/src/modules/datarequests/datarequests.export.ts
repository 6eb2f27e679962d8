/**
 * A site's data for a range as one ZIP of CSV files (issue 14, data requests). Every CSV byte comes
 * from PostgreSQL's COPY … TO STDOUT and goes straight through the ZIP's deflate into the file:
 * this code never holds a file's rows, nor builds CSV text (only the README and the header lines
 * are strings), so memory stays flat whatever the range.
 */
import { resolveIoMap } from '@fleet/protocols';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { ZipArchive } from 'archiver';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { type ExportFile, type ExportPlan, exportReadme, header } from './datarequests.files.ts';

export type { ExportPlan } from './datarequests.files.ts';

export interface ExportProgress {
  (done: number, total: number, text: string): void;
}

export interface ExportResult { bytes: number; rows: number; files: Record<string, number> }

/** An instant as a SQL literal: COPY takes no parameters, and a literal lets the planner prune partitions. */
const instant = (d: Date) => `'${d.toISOString()}'::timestamptz`;
/**
 * An instant as ISO 8601 UTC ('2026-11-23T08:15:00Z', '…:00.25Z'): PostgreSQL's own output in a
 * session whose zone is UTC, with the 'T' and 'Z' put in. Twice as fast as to_char, which parses its
 * pattern for every value (on 10 million rows, two times a row, that is most of the COPY's time).
 */
const iso = (column: string) => `replace(replace(${column}::text, ' ', 'T'), '+00', 'Z')`;

/** A unit's positions in [from, to), oldest first: one partition-pruned, index-ordered scan. */
function positionsSql(unit: { id: number; registration: string; ignition: number }, plan: ExportPlan): string {
  const key = pg.escapeLiteral(String(unit.ignition));
  return `COPY (SELECT ${pg.escapeLiteral(unit.registration)}, ${unit.id}, ${iso('p.device_time')}, ${iso('p.received_at')},
      p.lat, p.lon, p.speed, p.angle, p.altitude, p.satellites,
      CASE WHEN jsonb_typeof(p.io -> ${key}) = 'number' THEN ((p.io ->> ${key})::numeric <> 0)::int
           WHEN (p.io ->> 'ignition') ~ '^-?[0-9]+(\\.[0-9]+)?$' THEN ((p.io ->> 'ignition')::numeric <> 0)::int END,
      p.implausible, p.protocol, p.io::text
    FROM positions p
    WHERE p.unit_id = ${unit.id} AND p.device_time >= ${instant(plan.from)} AND p.device_time < ${instant(plan.to)}
    ORDER BY p.device_time, p.event_io) TO STDOUT WITH (FORMAT csv)`;
}

function tripsSql(plan: ExportPlan): string {
  return `COPY (SELECT u.registration, t.kind, ${iso('t.start_time')}, ${iso('t.end_time')},
      round(extract(epoch FROM t.end_time - t.start_time))::bigint, round(t.distance_m::numeric, 1), t.driving_s, t.idle_s,
      t.max_speed, round(t.avg_speed::numeric, 1), d.name, t.start_lat, t.start_lon, t.end_lat, t.end_lon,
      t.start_odometer, t.end_odometer, t.start_engine_hours, t.end_engine_hours, t.points, t.open::int
    FROM trips t JOIN units u ON u.id = t.unit_id LEFT JOIN drivers d ON d.id = t.driver_id
    WHERE u.site_id = ${plan.siteId} AND t.start_time >= ${instant(plan.from)} AND t.start_time < ${instant(plan.to)}
    ORDER BY u.registration, u.id, t.start_time) TO STDOUT WITH (FORMAT csv)`;
}

function alertsSql(plan: ExportPlan): string {
  return `COPY (SELECT a.id, u.registration, a.kind, a.event, ${iso('a.happened_at')}, a.lat, a.lon, p.name, a.detail,
      ${iso('a.cleared_at')}, cu.name, a.late::int
    FROM alerts a JOIN units u ON u.id = a.unit_id LEFT JOIN poi p ON p.id = a.poi_id LEFT JOIN users cu ON cu.id = a.cleared_by
    WHERE a.site_id = ${plan.siteId} AND a.happened_at >= ${instant(plan.from)} AND a.happened_at < ${instant(plan.to)}
    ORDER BY a.happened_at, a.id) TO STDOUT WITH (FORMAT csv)`;
}

function checklistsSql(plan: ExportPlan): string {
  return `COPY (SELECT c.id, u.registration, ${iso('c.reported_at')}, ${iso('c.created_at')}, d.name, su.name, c.operator, t.name,
      c.mileage, c.issue_count,
      coalesce((SELECT json_agg(json_build_object('item', f.item, 'note', f.note,
          'dealt_time', ${iso('f.dealt_at')}) ORDER BY f.id) FROM checklist_faults f WHERE f.checklist_id = c.id), '[]'::json)::text
    FROM checklists c JOIN units u ON u.id = c.unit_id LEFT JOIN drivers d ON d.id = c.driver_id
      LEFT JOIN users su ON su.id = c.user_id LEFT JOIN vcl_templates t ON t.id = c.template_id
    WHERE c.site_id = ${plan.siteId} AND c.reported_at >= ${instant(plan.from)} AND c.reported_at < ${instant(plan.to)}
    ORDER BY c.reported_at, c.id) TO STDOUT WITH (FORMAT csv)`;
}

/** Counts CSV lines in a chunk (a line feed inside a quoted value counts too: progress only). */
function lineFeeds(chunk: Buffer): number {
  let n = 0;
  for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) n += 1;
  return n;
}

export interface ExportOptions {
  signal: AbortSignal;
  onProgress: ExportProgress;
  /** Deflate level (1 fastest … 9 smallest); CSV at level 1 is about a sixth of its size. */
  level?: number;
}

/**
 * Writes the site's data for the plan to `file` (through `file`.part, renamed when complete).
 * On an error or an abort the partial file is removed and the error thrown.
 */
export async function writeDataExport(pool: pg.Pool, plan: ExportPlan, file: string, opts: ExportOptions): Promise<ExportResult> {
  const part = `${file}.part`;
  const client = await pool.connect();
  let broken: Error | undefined;
  // Heard from the start: the database ending this connection mid-export (a restart) would otherwise
  // be an unheard error event, which ends the process; the export fails instead and the client is discarded.
  client.on('error', (err: Error) => {
    broken ??= err;
  });
  let active: NodeJS.ReadableStream | undefined;
  try {
    // One snapshot for the four files (a trip and its positions agree), read only, times out in UTC.
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    await client.query("SET LOCAL TimeZone = 'UTC'");
    // Each vehicle's COPY is costly enough for PostgreSQL to JIT-compile it, and compiling a hundred
    // of them costs more than it saves (15-20 % slower per vehicle with it on, PostgreSQL 15).
    await client.query('SET LOCAL jit = off');
    const units = (await client.query<{ id: number; registration: string; io_map: unknown }>(
      `SELECT u.id, u.registration, ut.io_map FROM units u JOIN unit_types ut ON ut.id = u.unit_type_id
        WHERE u.site_id = $1 ORDER BY u.registration, u.id`, [plan.siteId])).rows
      .map((u) => ({ id: u.id, registration: u.registration, ignition: resolveIoMap(u.io_map).ignition }));
    const estimate = await estimateRows(client, plan, units.map((u) => u.id));
    const files: Record<string, number> = {};
    let done = 0;
    let text = 'positions.csv';
    let lastReport = 0;
    const report = (force = false) => {
      const now = Date.now();
      if (!force && now - lastReport < 1000) return;
      lastReport = now;
      opts.onProgress(done, Math.max(estimate, done), text);
    };

    let fail: (err: unknown) => void = () => {};
    const failed = new Promise<never>((_, reject) => { fail = reject; });
    failed.catch(() => {});

    /** One CSV file's bytes: its header, then each COPY's bytes as they come. */
    async function* csv(name: ExportFile, queries: Iterable<string>): AsyncGenerator<Buffer> {
      try {
        text = name;
        report(true);
        let rows = 0;
        yield header(name);
        for (const sql of queries) {
          const stream = client.query(copyTo(sql));
          active = stream;
          for await (const chunk of stream as AsyncIterable<Buffer>) {
            opts.signal.throwIfAborted();
            done += lineFeeds(chunk);
            report();
            yield chunk;
          }
          rows += stream.rowCount;
          // The COPY's data has ended; the next query goes once the server says it is ready.
          if (!(client as unknown as { readyForQuery: boolean }).readyForQuery) await once(client, 'drain');
        }
        files[name] = rows;
      } catch (err) {
        // The archive would wait for the entry's end for ever: the failure is raised here instead.
        fail(err);
        throw err;
      }
    }

    const zip = new ZipArchive({ zlib: { level: opts.level ?? 1 } });
    const out = createWriteStream(part);
    const written = once(out, 'close');
    // A cancel stops the export at once, even while PostgreSQL is still busy with a query.
    const onAbort = () => fail(opts.signal.reason);
    opts.signal.addEventListener('abort', onAbort, { once: true });
    zip.on('error', fail);
    zip.on('warning', fail);
    out.on('error', fail);
    zip.pipe(out);
    /** Adds one entry and waits until it is in the archive: the archive starts reading a stream as soon as it is added. */
    const add = (source: Readable | string, name: string) => Promise.race([
      new Promise<void>((done) => { zip.once('entry', () => done()); zip.append(source, { name }); }), failed,
    ]);
    /** A CSV entry's stream; its failure reaches `failed` through csv(), so its own error event is only noted. */
    const entry = (bytes: AsyncGenerator<Buffer>) => Readable.from(bytes).on('error', () => {});
    try {
      // One entry after the other, so the COPYs run in turn on the one connection.
      await add(exportReadme(plan), 'README.txt');
      await add(entry(csv('positions.csv', units.map((u) => positionsSql(u, plan)))), 'positions.csv');
      await add(entry(csv('trips.csv', [tripsSql(plan)])), 'trips.csv');
      await add(entry(csv('alerts.csv', [alertsSql(plan)])), 'alerts.csv');
      await add(entry(csv('checklists.csv', [checklistsSql(plan)])), 'checklists.csv');
      await Promise.race([zip.finalize().then(() => written), failed]);
      opts.signal.throwIfAborted();
    } catch (err) {
      broken = err instanceof Error ? err : new Error(String(err));
      zip.abort();
      out.destroy();
      throw opts.signal.aborted ? opts.signal.reason as Error : broken;
    } finally {
      opts.signal.removeEventListener('abort', onAbort);
    }
    await client.query('COMMIT');
    await rename(part, file);
    const rows = Object.values(files).reduce((a, b) => a + b, 0);
    done = rows;
    return { bytes: (await stat(file)).size, rows, files };
  } catch (err) {
    await rm(part, { force: true });
    // A connection whose protocol is intact goes back to the pool, its transaction rolled back.
    if (!broken) await client.query('ROLLBACK').catch((e: unknown) => { broken = e instanceof Error ? e : new Error(String(e)); });
    throw err;
  } finally {
    // A COPY stopped half-way leaves the connection mid-protocol: it is closed, not reused (the
    // stopped COPY then fails with "Connection terminated", which nobody is reading any more).
    if (broken) {
      active?.on('error', () => {});
      client.on('error', () => {});
    }
    client.release(broken);
  }
}

/** Rows the export will write, roughly: the planner's estimate for positions, counts for the rest. */
async function estimateRows(client: pg.PoolClient, plan: ExportPlan, unitIds: number[]): Promise<number> {
  if (unitIds.length === 0) return 0;
  const explain = await client.query<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }>(
    `EXPLAIN (FORMAT JSON) SELECT 1 FROM positions WHERE unit_id IN (${unitIds.join(',')})
      AND device_time >= ${instant(plan.from)} AND device_time < ${instant(plan.to)}`);
  const positions = explain.rows[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 0;
  const others = await client.query<{ n: number }>(
    `SELECT (SELECT count(*) FROM trips t JOIN units u ON u.id = t.unit_id
               WHERE u.site_id = $1 AND t.start_time >= $2 AND t.start_time < $3)
          + (SELECT count(*) FROM alerts WHERE site_id = $1 AND happened_at >= $2 AND happened_at < $3)
          + (SELECT count(*) FROM checklists WHERE site_id = $1 AND reported_at >= $2 AND reported_at < $3) AS n`,
    [plan.siteId, plan.from, plan.to]);
  return positions + Number(others.rows[0]?.n ?? 0);
}
