// Seeds a database of its own with a fleet's history for the history benchmarks (issue 12): 580
// vehicles on two sites (500 + 80) of one customer, about 50 million positions over 90 days ending
// 2026-11-23, and the trips and stops that match them, then reports the size on disk.
//
// Made in SQL with generate_series for speed, shaped like the real thing: each vehicle drives from its
// depot and back (4 trips on weekdays, 2 on Saturdays, none on Sundays), reporting every 5–30 s while
// driving (its own interval) with a minute of idling at each end, and once an hour while parked; IO as
// a Teltonika FMB record ({"239": ignition, "240": movement, "16": odometer, ...}); one parked report
// in 500 without a fix (stored flagged, as the ingest does). Vehicle 1 reports every second for the
// whole of 2026-11-20: 86,400 points in one vehicle-day. The trips rows are written directly from the
// same plan (running the processor over 50M rows is not what is measured here), with the position ids
// they start and end at, and the processors' cursors are set to the end of the log so a server
// started on the database does not replay it.
//
//   npx tsx bench/seed-history.ts [--db fleet_history] [--vehicles 580] [--days 90]
// The server: BENCH_DATABASE_URL (an administrator URL on which the database is created; default the
// machine's PostgreSQL, postgres://postgres@127.0.0.1:5432/postgres). The database is dropped first.
import { applyMigrations, connect } from '@fleet/db';
import { ensureDefaultBrand } from '@fleet/db/seed/index';
import pg from 'pg';
import { parseArgs } from 'node:util';
import { hashPassword } from '../apps/server/src/lib/passwords.ts';
import { BENCH_EMAIL, BENCH_PASSWORD, machine } from './lib.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'fleet_history' },
    vehicles: { type: 'string', default: '580' },
    days: { type: 'string', default: '90' },
  },
});
const vehicles = Number(values.vehicles);
const days = Number(values.days);
const LAST_DAY = '2026-11-23';
/** The vehicle-day reported at 1 Hz (vehicle 1). */
export const ONE_HZ_DAY = '2026-11-20';
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = values.db.replace(/[^a-z0-9_]/g, '');

const log = (m: string) => process.stdout.write(`${new Date().toISOString().slice(11, 19)} ${m}\n`);

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
const version = (await admin.query('SHOW server_version')).rows[0].server_version as string;
await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${name}`);
await admin.end();
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const database = connect(url.toString(), { max: 2 });
await applyMigrations(database);
await ensureDefaultBrand(database.db, { publicUrl: 'http://localhost:8080' });
const started = Date.now();
log(`${machine()}; PostgreSQL ${version}; database ${name}: ${vehicles} vehicles, ${days} days to ${LAST_DAY}`);

const client = await database.pool.connect();
const q = (sql: string, params: unknown[] = []) => client.query(sql, params);
await q(`SET work_mem = '256MB'`);
await q(`SET maintenance_work_mem = '1GB'`);
// A lost seed is seeded again: nothing here needs each commit flushed.
await q(`SET synchronous_commit = off`);

// Customer, two sites (500 vehicles and the rest), an operator of both, a driver per vehicle.
const { rows: [customer] } = await q(`INSERT INTO customers (brand_id, name) SELECT id, 'History bench' FROM brands LIMIT 1 RETURNING id`);
const big = Math.min(500, vehicles);
const { rows: sites } = await q(
  `INSERT INTO sites (customer_id, name, timezone, unit_system) VALUES ($1, 'History A', 'Europe/London', 'metric'), ($1, 'History B', 'Europe/London', 'metric') RETURNING id`,
  [customer.id]);
const [siteA, siteB] = sites.map((s) => s.id as number);
await q(`INSERT INTO unit_types (id, name) VALUES (2, 'HGV') ON CONFLICT DO NOTHING`);
await q(`INSERT INTO drivers (site_id, name) SELECT CASE WHEN g <= $3 THEN $1::int ELSE $2::int END, 'Driver ' || g FROM generate_series(1, $4) g`, [siteA, siteB, big, vehicles]);
await q(`INSERT INTO units (site_id, device_id, unit_type_id, registration, driver_id)
  SELECT CASE WHEN g <= $3 THEN $1::int ELSE $2::int END, (980000000000000 + g)::text, 2, 'HIST ' || g,
    (SELECT id FROM drivers WHERE name = 'Driver ' || g AND site_id = CASE WHEN g <= $3 THEN $1::int ELSE $2::int END)
  FROM generate_series(1, $4) g`, [siteA, siteB, big, vehicles]);
const { rows: [user] } = await q(
  `INSERT INTO users (email, name, password_hash, usertype, customer_id, default_site_id) VALUES ($1, 'History operator', $2, 2, $3, $4) RETURNING id`,
  [BENCH_EMAIL, await hashPassword(BENCH_PASSWORD), customer.id, siteA]);
await q('INSERT INTO user_sites (user_id, site_id) VALUES ($1, $2), ($1, $3)', [user.id, siteA, siteB]);

// The monthly partitions of the seeded period (the migration made this month and two ahead).
const firstDay = (await q(`SELECT ($1::date - ($2::int - 1))::text AS d`, [LAST_DAY, days])).rows[0].d as string;
await q(`DO $$ DECLARE m timestamptz; BEGIN
  FOR m IN SELECT generate_series(date_trunc('month', '${firstDay}'::timestamptz, 'UTC'), date_trunc('month', '${LAST_DAY}'::timestamptz, 'UTC'), interval '1 month') LOOP
    IF to_regclass('positions_' || to_char(m AT TIME ZONE 'UTC', 'YYYY_MM')) IS NULL THEN
      EXECUTE format('CREATE TABLE %I PARTITION OF positions FOR VALUES FROM (%L) TO (%L)', 'positions_' || to_char(m AT TIME ZONE 'UTC', 'YYYY_MM'),
        to_char(m AT TIME ZONE 'UTC', 'YYYY-MM-DD"T00:00:00Z"'), to_char((m + interval '1 month') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T00:00:00Z"'));
    END IF;
  END LOOP; END $$`);

// Each vehicle: its number n, depot (around the north of England), reporting interval while driving.
await q(`CREATE TABLE seed_units AS
  SELECT u.id AS unit_id, u.driver_id, n, 53.0 + (n % 20) * 0.05 AS depot_lat, -2.4 + (n / 20) * 0.04 AS depot_lon,
    5 + (n * 7) % 26 AS iv, 10000000 + n * 123457 AS odo_base
  FROM units u JOIN LATERAL (SELECT (u.device_id::bigint - 980000000000000)::int AS n) x ON true
  WHERE u.device_id LIKE '98%'`);
// The plan: one row a trip. Trips go out and back in pairs (j even: depot to a destination, j odd: back
// the same way), 2.5 h apart with up to 30 min of jitter, 40–100 min long, 2 min of it idling; 50 km/h
// on average while moving (13.8889 m/s), which is also how far the track goes.
await q(`CREATE TABLE seed_plan AS
  WITH t AS (
    SELECT u.unit_id, u.driver_id, u.n, d.d, j, u.depot_lat, u.depot_lon, u.odo_base,
      ('${firstDay}'::date + d.d) AS day,
      ('${firstDay}'::date + d.d)::timestamp AT TIME ZONE 'UTC' + make_interval(secs => 21600 + j * 9000 + (u.n * 37 + d.d * 11 + j * 5) % 1800) AS start_ts,
      2400 + (u.n * 53 + d.d * 17 + (j / 2) * 29) % 3600 AS dur,
      (u.n * 31 + d.d * 7 + (j / 2) * 97) % 360 AS heading,
      CASE WHEN u.n = 1 AND '${firstDay}'::date + d.d = '${ONE_HZ_DAY}'::date THEN 1 ELSE u.iv END AS iv
    FROM seed_units u CROSS JOIN generate_series(0, ${days} - 1) d(d)
    CROSS JOIN LATERAL generate_series(0, CASE extract(isodow FROM '${firstDay}'::date + d.d) WHEN 7 THEN -1 WHEN 6 THEN 1 ELSE 3 END) j),
  g AS (SELECT t.*, (dur - 120) * 13.8889 AS dist,
      depot_lat + (dur - 120) * 13.8889 * cos(radians(heading)) / 111320 AS far_lat,
      depot_lon + (dur - 120) * 13.8889 * sin(radians(heading)) / (111320 * cos(radians(depot_lat))) AS far_lon FROM t)
  SELECT g.*, CASE WHEN j % 2 = 0 THEN depot_lat ELSE far_lat END AS from_lat, CASE WHEN j % 2 = 0 THEN depot_lon ELSE far_lon END AS from_lon,
    CASE WHEN j % 2 = 0 THEN far_lat ELSE depot_lat END AS to_lat, CASE WHEN j % 2 = 0 THEN far_lon ELSE depot_lon END AS to_lon,
    CASE WHEN j % 2 = 0 THEN heading ELSE (heading + 180) % 360 END AS angle,
    odo_base + coalesce(sum(dist) OVER (PARTITION BY unit_id ORDER BY start_ts ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS odo_start
  FROM g`);
await q('CREATE INDEX ON seed_plan (unit_id, d, start_ts)');
// Each vehicle-day's odometer at midnight (for the parked reports before its first trip).
await q(`CREATE TABLE seed_days AS
  SELECT u.unit_id, d.d, u.odo_base + coalesce((SELECT sum(p.dist) FROM seed_plan p WHERE p.unit_id = u.unit_id AND p.d < d.d), 0) AS odo
  FROM seed_units u CROSS JOIN generate_series(0, ${days} - 1) d(d)`);
await q('CREATE INDEX ON seed_days (unit_id, d)');
await q('ANALYZE seed_units; ANALYZE seed_plan; ANALYZE seed_days');
const planned = (await q('SELECT count(*)::int AS n FROM seed_plan')).rows[0].n as number;
log(`plan: ${planned} trips`);

// One record's IO as a Teltonika FMB device sends it.
const io = (ign: string, mov: string, odo: string, trip: string, k: string) => `jsonb_build_object(
  '239', ${ign}, '240', ${mov}, '80', 0, '21', 3 + (${k}) % 3, '200', 0, '69', 1, '181', 8 + (${k}) % 7, '182', 6 + (${k}) % 5,
  '66', 13800 + (${k}) % 600, '67', 4100 - (${k}) % 50, '68', 0, '1', ${ign}, '16', (${odo})::bigint, '199', (${trip})::bigint)`;

// Loaded without the key, the indexes and the foreign key (checked row by row, it costs more than the
// row), which are built once afterwards exactly as migration 0014 defines them.
await q('ALTER TABLE positions DROP CONSTRAINT positions_unit_id_units_id_fk');
await q('ALTER TABLE positions DROP CONSTRAINT positions_pkey');
await q('DROP INDEX positions_unit_time_event_idx');
await q('DROP INDEX positions_flagged_idx');

// Positions a day at a time, in time order (ids follow time, as on a live system).
let total = 0;
for (let d = 0; d < days; d++) {
  const r = await q(`INSERT INTO positions (unit_id, device_time, lat, lon, altitude, angle, satellites, speed, priority, event_io, io, protocol, implausible)
    SELECT unit_id, t, lat, lon, 60 + n % 90, angle, sats, speed, CASE WHEN ev = 0 THEN 0 ELSE 1 END, ev,
      ${io('ign', 'mov', 'odo', 'trip', 'k')}, 'teltonika', flag FROM (
      -- While a trip lasts: every iv seconds from its start, and its end (ignition off).
      SELECT p.unit_id, p.n, p.start_ts + make_interval(secs => o) AS t, 10 - o % 3 AS sats,
        p.from_lat + (p.to_lat - p.from_lat) * mv / (p.dur - 120) AS lat, p.from_lon + (p.to_lon - p.from_lon) * mv / (p.dur - 120) AS lon,
        p.angle, CASE WHEN moving THEN 40 + ((o / p.iv) * 13 + p.n) % 21 ELSE 0 END AS speed,
        CASE WHEN o = 0 OR o = p.dur THEN 239 ELSE 0 END AS ev, NULL::text AS flag,
        CASE WHEN o < p.dur THEN 1 ELSE 0 END AS ign, CASE WHEN moving THEN 1 ELSE 0 END AS mov, p.odo_start + mv * 13.8889 AS odo,
        mv * 13.8889 AS trip, o / p.iv + p.n AS k
      FROM seed_plan p
      CROSS JOIN LATERAL (SELECT o FROM generate_series(0, p.dur - 1, p.iv) o UNION ALL SELECT p.dur) os
      CROSS JOIN LATERAL (SELECT least(greatest(o - 60, 0), p.dur - 120) AS mv, o >= 60 AND o < p.dur - 60 AS moving) m
      WHERE p.d = ${d}
      UNION ALL
      -- Parked: once an hour (every second on the 1 Hz day) where the last trip ended, or at the depot.
      SELECT u.unit_id, u.n, t, CASE WHEN nofix THEN 0 ELSE 9 END,
        CASE WHEN nofix THEN 0 ELSE coalesce(last.to_lat, u.depot_lat) END, CASE WHEN nofix THEN 0 ELSE coalesce(last.to_lon, u.depot_lon) END,
        coalesce(last.angle, 0), 0, 0, CASE WHEN nofix THEN 'no-fix' END,
        0, 0, coalesce(last.odo_start + last.dist, sd.odo), 0, s / 3600 + u.n
      FROM seed_units u
      JOIN seed_days sd ON sd.unit_id = u.unit_id AND sd.d = ${d}
      CROSS JOIN LATERAL (SELECT u.n = 1 AND '${firstDay}'::date + ${d} = '${ONE_HZ_DAY}'::date AS hz) h
      CROSS JOIN LATERAL generate_series(CASE WHEN hz THEN 0 ELSE (u.n * 61) % 3600 END, 86399, CASE WHEN hz THEN 1 ELSE 3600 END) s
      CROSS JOIN LATERAL (SELECT ('${firstDay}'::date + ${d})::timestamp AT TIME ZONE 'UTC' + make_interval(secs => s) AS t,
        NOT hz AND (u.n * 7919 + ${d} * 104729 + s) % 500 = 0 AS nofix) x
      LEFT JOIN LATERAL (SELECT * FROM seed_plan p WHERE p.unit_id = u.unit_id AND p.d = ${d} AND p.start_ts <= x.t ORDER BY p.start_ts DESC LIMIT 1) last ON true
      WHERE last.unit_id IS NULL OR x.t > last.start_ts + make_interval(secs => last.dur)
      -- Sorted narrow, the IO built after (OFFSET 0 keeps the sort inside).
      ORDER BY t OFFSET 0) rows`);
  total += r.rowCount ?? 0;
  if (d % 10 === 9 || d === days - 1) log(`day ${d + 1}/${days}: ${total.toLocaleString('en')} positions (${((Date.now() - started) / 60000).toFixed(1)} min)`);
}

log('key, indexes and foreign key');
await q('ALTER TABLE positions ADD CONSTRAINT positions_pkey PRIMARY KEY (id, device_time)');
await q('CREATE UNIQUE INDEX positions_unit_time_event_idx ON positions USING btree (unit_id, device_time, event_io)');
await q('CREATE INDEX positions_flagged_idx ON positions USING btree (unit_id, id) WHERE implausible IS NOT NULL');
await q('ALTER TABLE positions ADD CONSTRAINT positions_unit_id_units_id_fk FOREIGN KEY (unit_id) REFERENCES units(id)');

// Trips and the stops between them, consistent with the positions above.
await q(`INSERT INTO trips (unit_id, kind, open, start_time, end_time, start_lat, start_lon, end_lat, end_lon, start_position_id, end_position_id,
    distance_m, driving_s, idle_s, max_speed, avg_speed, driver_id, start_odometer, end_odometer, points)
  SELECT p.unit_id, 'trip', false, p.start_ts, p.start_ts + make_interval(secs => p.dur), p.from_lat, p.from_lon, p.to_lat, p.to_lon, 0, 0,
    p.dist, p.dur - 120, 120, 60, p.dist / p.dur * 3.6, p.driver_id, p.odo_start, p.odo_start + p.dist,
    ceil(p.dur::numeric / p.iv)::int + 1
  FROM seed_plan p`);
await q(`INSERT INTO trips (unit_id, kind, open, start_time, end_time, start_lat, start_lon, end_lat, end_lon, start_position_id, end_position_id,
    distance_m, driving_s, idle_s, max_speed, avg_speed, driver_id, start_odometer, end_odometer, points)
  SELECT unit_id, 'stop', next_start IS NULL, end_ts, coalesce(next_start, ('${LAST_DAY}'::date + 1)::timestamp AT TIME ZONE 'UTC' - interval '1 second'),
    to_lat, to_lon, to_lat, to_lon, 0, 0, 0, 0, 0, 0, 0, driver_id, odo_start + dist, odo_start + dist, 0
  FROM (SELECT p.*, p.start_ts + make_interval(secs => p.dur) AS end_ts,
      lead(p.start_ts) OVER (PARTITION BY p.unit_id ORDER BY p.start_ts) AS next_start FROM seed_plan p) s`);
// Their first and last positions: a trip's ignition on and off records; a stop's from the trip before to the trip after.
await q(`UPDATE trips t SET start_position_id = a.id FROM positions a
  WHERE a.unit_id = t.unit_id AND a.device_time = t.start_time AND a.event_io = 239`);
await q(`UPDATE trips t SET end_position_id = b.id FROM positions b
  WHERE t.kind = 'trip' AND b.unit_id = t.unit_id AND b.device_time = t.end_time AND b.event_io = 239`);
await q(`UPDATE trips t SET end_position_id = coalesce((SELECT b.id FROM positions b WHERE b.unit_id = t.unit_id AND b.device_time = t.end_time AND b.event_io = 239),
    (SELECT max(b.id) FROM positions b WHERE b.unit_id = t.unit_id AND b.device_time <= t.end_time AND b.device_time >= t.end_time - interval '2 hours'), t.start_position_id)
  WHERE t.kind = 'stop'`);
// A server started on this database takes up the log from its end.
await q(`INSERT INTO processor_cursors (name, position_id) SELECT c, (SELECT max(id) FROM positions) FROM unnest(ARRAY['state', 'events', 'trips']) c
  ON CONFLICT (name) DO UPDATE SET position_id = EXCLUDED.position_id`);
await q('DROP TABLE seed_units, seed_plan, seed_days');
log('vacuum analyze');
await q('VACUUM (ANALYZE) positions');
await q('VACUUM (ANALYZE) trips');

const size = (await q(`SELECT
    (SELECT count(*) FROM positions)::bigint AS positions,
    (SELECT count(*) FROM trips)::int AS trips,
    (SELECT sum(pg_total_relation_size(c.oid)) FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'positions'::regclass)::bigint AS positions_bytes,
    (SELECT sum(pg_relation_size(c.oid)) FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'positions'::regclass)::bigint AS positions_heap,
    pg_total_relation_size('trips')::bigint AS trips_bytes,
    pg_database_size(current_database())::bigint AS db_bytes`)).rows[0];
const gib = (b: string) => `${(Number(b) / 2 ** 30).toFixed(2)} GiB`;
const parts = (await q(`SELECT c.relname, c.reltuples::bigint AS n, pg_total_relation_size(c.oid) AS bytes FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
  WHERE i.inhparent = 'positions'::regclass ORDER BY c.relname`)).rows;
for (const p of parts) log(`  ${p.relname}: ~${Number(p.n).toLocaleString('en')} rows, ${gib(p.bytes)}`);
log(`done in ${((Date.now() - started) / 60000).toFixed(1)} min: ${Number(size.positions).toLocaleString('en')} positions, ${size.trips} trips and stops`);
log(`size on disk: positions ${gib(size.positions_bytes)} with indexes (heap ${gib(size.positions_heap)}), trips ${gib(size.trips_bytes)}, database ${gib(size.db_bytes)}`);
log(`database: ${url.toString()}`);
client.release();
await database.close();
