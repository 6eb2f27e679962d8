import { applyMigrations, connect, startEmbeddedPostgres, waitForDatabase, type EmbeddedServer } from '@fleet/db';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { buildApp } from './app.ts';
import { createIngest, deviceLink } from './ingest/ingest.ts';
import { reportFileMaker } from './jobs/report-file.ts';
import { reportScheduler } from './jobs/report-scheduler.ts';
import { letterheadOfSite } from './modules/brand/index.ts';
import { poiRepository } from './modules/poi/index.ts';
import { reportsService } from './modules/reports/index.ts';
import { scheduleRunsRepository } from './modules/schedules/index.ts';
import { timesheetsService } from './modules/timesheets/index.ts';
import { fuelJob, fuelRepository } from './modules/fuel/index.ts';
import { nominatimGeocoder } from './modules/places/index.ts';
import { seedDemoChecklists } from './modules/checklists/index.ts';
import { folderImageStore, s3ImageStore, uploadsRepository, uploadsService } from './modules/uploads/index.ts';
import { bootstrap } from './bootstrap/bootstrap.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createMetrics, LOG_REDACT, metricsListener, onStopSignals } from './ops/index.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const version = (JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { version: string }).version;
const print = (line: string) => process.stdout.write(`${line}\n`);

async function main(): Promise<void> {
  const config = loadConfig();
  let embedded: EmbeddedServer | undefined;
  if (!config.DATABASE_URL) {
    print(`Starting the embedded PostgreSQL (data in ${config.dataDir}/pg)...`);
    embedded = await startEmbeddedPostgres({ dataDir: config.dataDir });
  }
  const database = connect(config.DATABASE_URL ?? (embedded as EmbeddedServer).url, { max: 20 });
  await waitForDatabase(database, { onWait: (err) => print(`Waiting for the database (${err.message})...`) });
  await applyMigrations(database);

  const ingestLog = pino({ level: config.LOG_LEVEL, base: { part: 'ingest' }, redact: LOG_REDACT });
  // Metrics only when a port is given for them (issue 17): their own listener, never the public port.
  const metrics = config.METRICS_PORT ? createMetrics() : undefined;
  const ingest = createIngest(database.pool, ingestLog, {
    writer: metrics ? { onCommit: metrics.writerCommitted } : undefined,
    teltonikaPort: config.TELTONIKA_PORT, osmandPort: config.OSMAND_PORT, gt06Port: config.GT06_PORT, queclinkPort: config.QUECLINK_PORT,
    allow: { teltonika: config.TELTONIKA_ALLOW, osmand: config.OSMAND_ALLOW, gt06: config.GT06_ALLOW, queclink: config.QUECLINK_ALLOW },
  });
  // Uploaded images: never under the web app's folder nor any other served one.
  const images = config.S3_BUCKET
    ? s3ImageStore({
      endpoint: config.S3_ENDPOINT, bucket: config.S3_BUCKET, region: config.S3_REGION, forcePathStyle: config.S3_FORCE_PATH_STYLE,
      accessKeyId: config.S3_ACCESS_KEY_ID ?? '', secretAccessKey: config.S3_SECRET_ACCESS_KEY ?? '',
    })
    : folderImageStore(`${config.dataDir}/uploads`);
  await bootstrap(database.db, config, print);
  if (config.FLEET_DEMO) {
    // Check list templates and past check lists with photos (issue 11); each start adds only what is missing.
    const added = await seedDemoChecklists(database.pool, uploadsService(uploadsRepository(database.pool), images));
    if (added.templates + added.checklists > 0) print(`Demo check lists: ${added.templates} templates and ${added.checklists} check lists added.`);
  }
  const app = await buildApp({
    images,
    database, version, smtpUrl: config.SMTP_URL, logLevel: config.LOG_LEVEL, devices: deviceLink(ingest), w3wApiKey: config.W3W_API_KEY,
    geocoder: config.GEOCODER_URL ? nominatimGeocoder(config.GEOCODER_URL, { userAgent: `fleet-platform/${version}` }) : undefined,
    map: { style: config.MAP_STYLE_URL, satellite: config.MAP_SATELLITE_STYLE_URL, hosts: config.MAP_HOSTS },
    trustProxy: config.TRUST_PROXY,
    dataRequests: { dir: `${config.dataDir}/exports`, keepHours: config.DATA_REQUEST_KEEP_HOURS },
    reportingToken: config.REPORTING_TOKEN, print,
    sms: { url: config.SMS_URL, token: config.SMS_TOKEN, from: config.SMS_FROM },
    webDist: `${root}apps/web/dist`, secureCookies: config.publicUrl.startsWith('https:'), metrics,
  });

  // The worker part (issue 14): scheduled reports, made with the report engine and mailed through SMTP_URL.
  // Its engine is its own (built only when this process schedules): the app's serves the reporting page.
  const { pool } = database;
  const scheduler = config.REPORT_SCHEDULER
    ? (() => {
      const timesheets = timesheetsService(pool);
      const engine = reportsService({ pool, places: poiRepository(pool), weekOfSite: (siteId, wc) => timesheets.weekOfSite(siteId, wc) });
      return reportScheduler({
        runs: scheduleRunsRepository(pool), smtpUrl: config.SMTP_URL, log: app.log.child({ part: 'report-scheduler' }),
        makeFile: reportFileMaker(engine, (siteId) => letterheadOfSite(pool, siteId)),
      });
    })()
    : null;

  // The fuel monitor's detection (issue 16): every minute and soon after new positions; its fuel-drop
  // alerts go out through the device side's alert fan-out, as the events processor's do.
  const fuel = fuelJob({
    pool, repo: fuelRepository(pool), log: app.log.child({ part: 'fuel' }), onAlerts: (list) => ingest.alertEvents.emit('alerts', list),
  });
  ingest.stateEvents.on('changes', () => fuel.kick());

  let metricsServer: Awaited<ReturnType<typeof metricsListener>> | undefined;
  // The drain (issue 17): readiness says no at once, so the load balancer sends nothing new; the
  // device listeners close and the writer commits what it holds (a device is acknowledged only
  // after its rows are committed, so nothing acknowledged is lost); then the jobs, the HTTP side
  // (Fastify answers 503 to new requests while in-flight ones finish) and the database. A second
  // signal, or a drain longer than 30 s, ends the process at once.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      app.log.warn({ signal }, 'second signal: stopping without finishing the drain');
      process.exit(1);
    }
    stopping = true;
    app.readiness.startDraining();
    app.log.info({ signal }, 'shutting down: draining');
    setTimeout(() => {
      app.log.error('the drain took over 30 s: stopping now');
      process.exit(1);
    }, 30_000).unref();
    const step = (what: string) => (err: unknown) => app.log.warn({ err: err instanceof Error ? err.message : String(err) }, `shutdown: ${what} failed`);
    await ingest.stop().catch(step('device side'));
    await fuel.stop().catch(step('fuel job'));
    await scheduler?.stop().catch(step('report scheduler'));
    await app.close().catch(step('HTTP side'));
    await metricsServer?.close().catch(step('metrics listener'));
    await database.close().catch(step('database pool'));
    await embedded?.stop().catch(step('embedded PostgreSQL'));
    app.log.info('stopped');
    process.exit(0);
  };
  onStopSignals((signal) => void stop(signal));

  await app.listen({ port: config.PORT, host: config.HOST });
  await ingest.start();
  scheduler?.start();
  fuel.start();
  if (metrics && config.METRICS_PORT) {
    metricsServer = await metricsListener(metrics, { port: config.METRICS_PORT, host: config.METRICS_HOST });
    print(`Metrics for Prometheus at http://${config.METRICS_HOST.includes(':') ? `[${config.METRICS_HOST}]` : config.METRICS_HOST}:${metricsServer.port}/metrics`);
  }
  print(`Fleet platform ${version} is running at ${config.publicUrl}`);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) process.stderr.write(`${err.message}\n`);
  else process.stderr.write(`The server could not start: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
