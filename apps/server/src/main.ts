import { applyMigrations, connect, oneAtATime, migrationState, startEmbeddedPostgres, waitForDatabase, type EmbeddedServer } from '@fleet/db';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { buildApp } from './app.ts';
import { createDeviceSide, createProcessors } from './ingest/ingest.ts';
import { createBus, socketAdapterFor, topics } from './bus/index.ts';
import { busDeviceLink, ingestOnBus, nodeId, rolesArgument, ROLES, workerOnBus } from './cluster/index.ts';
import { ingestProcesses, ingestProcessesArgument } from './cluster/ingest-processes.ts';
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
import { healthRepository } from './modules/health/index.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createMetrics, eventLoopDelay, healthListener, LOG_REDACT, metricsListener, readiness } from './ops/index.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const version = (JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { version: string }).version;
const print = (line: string) => process.stdout.write(`${line}\n`);
/** Advisory lock of the first start's set-up (administrator, demo data); the migrations hold 7262001. */
const BOOTSTRAP_LOCK_KEY = 7262007;

async function main(): Promise<void> {
  // `npm start -- --roles api,ingest` wins over FLEET_ROLES (issue 17).
  const rolesArg = rolesArgument(process.argv.slice(2));
  const processesArg = ingestProcessesArgument(process.argv.slice(2));
  // The ingest on every core (issue 17, cluster/ingest-processes.ts): with INGEST_PROCESSES > 1 this
  // process is either the primary (the other roles, and its ingest workers started, watched and
  // drained) or one of those workers (the ingest role alone, no health or metrics listener).
  const cores = ingestProcesses(loadConfig({
    ...process.env, ...(rolesArg === undefined ? {} : { FLEET_ROLES: rolesArg }), ...(processesArg === undefined ? {} : { INGEST_PROCESSES: processesArg }),
  }));
  const { config } = cores;
  const roles = new Set(cores.roles);
  const all = roles.size === ROLES.length;
  let embedded: EmbeddedServer | undefined;
  if (!config.DATABASE_URL) {
    print(`Starting the embedded PostgreSQL (data in ${config.dataDir}/pg)...`);
    embedded = await startEmbeddedPostgres({ dataDir: config.dataDir });
  }
  const database = connect(config.DATABASE_URL ?? (embedded as EmbeddedServer).url, { max: cores.poolMax });
  await waitForDatabase(database, { onWait: (err) => print(`Waiting for the database (${err.message})...`) });
  await applyMigrations(database);
  const { pool } = database;

  const log = pino({ level: config.LOG_LEVEL, redact: LOG_REDACT });
  const node = nodeId();
  // The bus between the roles: in-process unless BUS_URL names a Redis (issue 17).
  const bus = createBus({ url: config.BUS_URL, log: log.child({ part: 'bus' }), keyPrefix: `${config.BUS_PREFIX}bus:` });
  // Metrics only when a port is given for them (issue 17): their own listener, never the public port.
  const metrics = config.METRICS_PORT ? createMetrics({ pool }) : undefined;

  // ingest: the device listeners, the durable writer and the partitions' upkeep.
  const side = roles.has('ingest')
    ? createDeviceSide(pool, log.child({ part: 'ingest' }), {
      writer: metrics ? { onCommit: metrics.writerCommitted } : { onCommit: cores.writerToPrimary() },
      teltonikaPort: config.TELTONIKA_PORT, osmandPort: config.OSMAND_PORT, gt06Port: config.GT06_PORT, queclinkPort: config.QUECLINK_PORT,
      allow: { teltonika: config.TELTONIKA_ALLOW, osmand: config.OSMAND_ALLOW, gt06: config.GT06_ALLOW, queclink: config.QUECLINK_ALLOW },
    })
    : undefined;
  const onBusIngest = side ? ingestOnBus(bus, side, { node, log: log.child({ part: 'ingest' }) }) : undefined;

  // worker: the log processors, the fuel scan and the scheduled reports.
  const workerLog = log.child({ part: 'worker' });
  const processors = roles.has('worker') ? createProcessors(pool, workerLog) : undefined;
  const onBusWorker = processors ? workerOnBus(bus, processors, { node, log: workerLog }) : undefined;
  if (side && processors) side.stats.processorLag = () => processors.lag();
  if (metrics && processors) metrics.sources.processorLag = () => processors.lag();
  // The fuel monitor's detection (issue 16): every minute and soon after new positions; its fuel-drop
  // alerts go out on the bus, as the events processor's do.
  const fuel = processors
    ? fuelJob({
      pool, repo: fuelRepository(pool), log: workerLog.child({ part: 'fuel' }),
      onAlerts: (list) => void bus.publish(topics.alertsRaised, list).catch((err: unknown) => workerLog.warn({ err: String(err) }, 'fuel alerts not published')),
    })
    : undefined;
  const stopFuelKick = fuel ? bus.subscribe(topics.stateChanges, () => fuel.kick()) : undefined;
  // The worker part (issue 14): scheduled reports, made with the report engine and mailed through SMTP_URL.
  const scheduler = processors && config.REPORT_SCHEDULER
    ? (() => {
      const timesheets = timesheetsService(pool);
      const engine = reportsService({ pool, places: poiRepository(pool), weekOfSite: (siteId, wc) => timesheets.weekOfSite(siteId, wc) });
      return reportScheduler({
        runs: scheduleRunsRepository(pool), smtpUrl: config.SMTP_URL, log: workerLog.child({ part: 'report-scheduler' }),
        makeFile: reportFileMaker(engine, (siteId) => letterheadOfSite(pool, siteId)),
      });
    })()
    : null;

  // api: HTTP, the web app and the sockets; the device side reached over the bus, wherever it runs.
  const devices = roles.has('api') ? busDeviceLink(bus, { node, pool, log: log.child({ part: 'devices' }), local: { side, processors, listening: cores.part === 'primary' ? () => cores.listening() : undefined } }) : undefined;
  const socketAdapter = roles.has('api') ? socketAdapterFor(config.BUS_URL, { keyPrefix: config.BUS_PREFIX }) : undefined;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  if (devices) {
    // Uploaded images: never under the web app's folder nor any other served one.
    const images = config.S3_BUCKET
      ? s3ImageStore({
        endpoint: config.S3_ENDPOINT, bucket: config.S3_BUCKET, region: config.S3_REGION, forcePathStyle: config.S3_FORCE_PATH_STYLE,
        accessKeyId: config.S3_ACCESS_KEY_ID ?? '', secretAccessKey: config.S3_SECRET_ACCESS_KEY ?? '',
      })
      : folderImageStore(`${config.dataDir}/uploads`);
    // Api nodes started at once on an empty database would each find no administrator and no demo
    // data and both create them (the second insert fails and that node exits): they take turns, as
    // the migrations do (the multi-process tests start two api nodes side by side, issue 17).
    await oneAtATime(pool, BOOTSTRAP_LOCK_KEY, async () => {
      await bootstrap(database.db, config, print);
      if (config.FLEET_DEMO) {
        // Check list templates and past check lists with photos (issue 11); each start adds only what is missing.
        const added = await seedDemoChecklists(pool, uploadsService(uploadsRepository(pool), images));
        if (added.templates + added.checklists > 0) print(`Demo check lists: ${added.templates} templates and ${added.checklists} check lists added.`);
      }
    });
    app = await buildApp({
      images,
      database, version, smtpUrl: config.SMTP_URL, logLevel: config.LOG_LEVEL, devices, w3wApiKey: config.W3W_API_KEY,
      geocoder: config.GEOCODER_URL ? nominatimGeocoder(config.GEOCODER_URL, { userAgent: `fleet-platform/${version}` }) : undefined,
      map: { style: config.MAP_STYLE_URL, satellite: config.MAP_SATELLITE_STYLE_URL, hosts: config.MAP_HOSTS },
      trustProxy: config.TRUST_PROXY,
      dataRequests: { dir: `${config.dataDir}/exports`, keepHours: config.DATA_REQUEST_KEEP_HOURS },
      reportingToken: config.REPORTING_TOKEN, print,
      sms: { url: config.SMS_URL, token: config.SMS_TOKEN, from: config.SMS_FROM },
      webDist: `${root}apps/web/dist`, secureCookies: config.publicUrl.startsWith('https:'), metrics, bus, socketAdapter: socketAdapter?.adapter,
    });
  }
  // A process without the api role answers liveness and readiness on PORT all the same.
  const eventLoop = app ? undefined : eventLoopDelay();
  const ready = app?.readiness ?? readiness({
    ping: () => healthRepository(pool).ping(),
    pendingMigrations: async () => (await migrationState(pool)).pending,
    listening: () => side?.listening() ?? cores.listening(),
  });
  let health: Awaited<ReturnType<typeof healthListener>> | undefined;

  let metricsServer: Awaited<ReturnType<typeof metricsListener>> | undefined;
  // The drain (issue 17): readiness says no at once, so the load balancer sends nothing new; the
  // device listeners close and the writer commits what it holds (a device is acknowledged only
  // after its rows are committed, so nothing acknowledged is lost); then the processors, the jobs,
  // the HTTP side (Fastify answers 503 to new requests while in-flight ones finish), the bus and the
  // database. A second signal, or a drain longer than 30 s, ends the process at once.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      log.warn({ signal }, 'second signal: stopping without finishing the drain');
      process.exit(1);
    }
    stopping = true;
    ready.startDraining();
    log.info({ signal, delayMs: config.DRAIN_DELAY_MS }, 'shutting down: draining');
    setTimeout(() => {
      log.error('the drain took over 30 s: stopping now');
      process.exit(1);
    }, config.DRAIN_DELAY_MS + 30_000).unref();
    // The load balancer's next probe sees readiness 503 before anything closes.
    if (config.DRAIN_DELAY_MS > 0) await new Promise((resolve) => setTimeout(resolve, config.DRAIN_DELAY_MS));
    const step = (what: string) => (err: unknown) => log.warn({ err: err instanceof Error ? err.message : String(err) }, `shutdown: ${what} failed`);
    await side?.stop().catch(step('device side'));
    await cores.stop().catch(step('ingest workers'));
    onBusIngest?.stop();
    await processors?.stop().catch(step('processors'));
    onBusWorker?.stop();
    stopFuelKick?.();
    await fuel?.stop().catch(step('fuel job'));
    await scheduler?.stop().catch(step('report scheduler'));
    await app?.close().catch(step('HTTP side'));
    devices?.stop();
    await health?.close().catch(step('health listener'));
    eventLoop?.stop();
    await bus.close().catch(step('bus'));
    await socketAdapter?.close().catch(step('socket adapter'));
    await metricsServer?.close().catch(step('metrics listener'));
    await database.close().catch(step('database pool'));
    await embedded?.stop().catch(step('embedded PostgreSQL'));
    log.info('stopped');
    process.exit(0);
  };
  cores.onStop((signal) => void stop(signal));

  // Every subscription has its starting point before anything is served or taken in.
  await bus.ready();
  await devices?.start();
  if (app) await app.listen({ port: config.PORT, host: config.HOST });
  else if (cores.part !== 'worker') health = await healthListener({ port: config.PORT, host: config.HOST, readiness: ready, eventLoop: eventLoop as NonNullable<typeof eventLoop>, roles: [...config.FLEET_ROLES] });
  if (side) {
    await side.start();
    onBusIngest?.announce();
    cores.listeningNow(side.ports);
  }
  cores.start({ log: log.child({ part: 'ingest-processes' }), databaseUrl: config.DATABASE_URL ?? (embedded as EmbeddedServer).url, onCommit: metrics?.writerCommitted });
  if (processors) {
    processors.start();
    onBusWorker?.announce();
  }
  scheduler?.start();
  fuel?.start();
  if (metrics && config.METRICS_PORT) {
    metricsServer = await metricsListener(metrics, { port: config.METRICS_PORT, host: config.METRICS_HOST });
    print(`Metrics for Prometheus at http://${config.METRICS_HOST.includes(':') ? `[${config.METRICS_HOST}]` : config.METRICS_HOST}:${metricsServer.port}/metrics`);
  }
  const what = all ? '' : ` (${cores.describe()}; node ${node}, bus ${bus.kind})`;
  if (app) print(`Fleet platform ${version} is running at ${config.publicUrl}${what}`);
  else if (health) print(`Fleet platform ${version} is running${what}: health at http://${config.HOST}:${health?.port}/api/v1/health/ready`);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) process.stderr.write(`${err.message}\n`);
  else process.stderr.write(`The server could not start: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
