// The benchmarks' one library: a database (embedded, or BENCH_DATABASE_URL) with units and a site user,
// the ingest server or the whole server in its own process, a fleet of Teltonika devices reporting once a
// second, CPU accounting per process group (so an overloaded machine shows in the figures), percentiles,
// the machine line, a log line, and clean-up when a run is stopped or outlasts its time.
// One import for the scripts; the pieces live in bench/lib/.
export * from './lib/db.ts';
export * from './lib/servers.ts';
export * from './lib/device-fleet.ts';
export * from './lib/measure.ts';
export * from './lib/checklists.ts';
export * from './lib/baseline.ts';
