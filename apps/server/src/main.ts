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
import { nominatimGeocoder } from './modules/places/index.ts';
import { seedDemoChecklists } from './modules/checklists/index.ts';
import { folderImageStore, s3ImageStore, uploadsRepository, uploadsService } from './modules/uploads/index.ts';
import { bootstrap } from './bootstrap/bootstrap.ts';
import { ConfigError, loadConfig } from './config.ts';

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

  const ingestLog = pino({ level: config.LOG_LEVEL, base: { part: 'ingest' } });
  const ingest = createIngest(database.pool, ingestLog, {
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
    webDist: `${root}apps/web/dist`, secureCookies: config.publicUrl.startsWith('https:'),
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

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    await ingest.stop().catch(() => {});
    await scheduler?.stop().catch(() => {});
    await app.close().catch(() => {});
    await database.close().catch(() => {});
    await embedded?.stop().catch(() => {});
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  await ingest.start();
  scheduler?.start();
  print(`Fleet platform ${version} is running at ${config.publicUrl}`);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) process.stderr.write(`${err.message}\n`);
  else process.stderr.write(`The server could not start: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
