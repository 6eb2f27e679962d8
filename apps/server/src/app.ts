import compress from '@fastify/compress';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { type Database, migrationState } from '@fleet/db';
import { DATA_REQUEST_KEEP_HOURS } from '@fleet/shared';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { adminRoutes } from './modules/admin/index.ts';
import { assetsRepository, assetsRoutes, assetsService } from './modules/assets/index.ts';
import { auditReader, auditRepository, auditRoutes } from './modules/audit/index.ts';
import { alertsRepository, alertsRoutes } from './modules/alerts/index.ts';
import {
  authRepository, authRoutes, authService, postgresAttempts, postgresRateLimitStore, sessionRepository, sessionService,
} from './modules/auth/index.ts';
import { cabRepository, cabRoutes, cabService } from './modules/cab/index.ts';
import { commandsRepository, commandsRoutes, commandsService } from './modules/commands/index.ts';
import { brandAdminRoutes, brandAssets, brandRoutes, brandService, letterheadOfSite, type MapDefaults } from './modules/brand/index.ts';
import { smsProviderOf, smsRepository, smsRoutes, type SmsSettings } from './modules/sms/index.ts';
import { checklistsRepository, checklistsRoutes } from './modules/checklists/index.ts';
import { dataRequestsRepository, dataRequestsRoutes } from './modules/datarequests/index.ts';
import { dataRequestRunner, type DataRequestRunner } from './jobs/data-request-runner.ts';
import { bulkRoutes, configRoutes, vclsConfigList } from './modules/config/index.ts';
import { driversConfigList, driversRepository, driversRoutes } from './modules/drivers/index.ts';
import { fleetRepository, fleetRoutes, vehicleReadModel } from './modules/fleet/index.ts';
import { groupsConfigList, groupsRepository, groupsRoutes } from './modules/groups/index.ts';
import { healthRepository, healthRoutes } from './modules/health/index.ts';
import { eventLoopDelay, LOG_REDACT, type Metrics, readiness, type Readiness, REQUEST_ID_HEADER, requestIdOf } from './ops/index.ts';
import { journeysRepository, journeysRoutes } from './modules/journeys/index.ts';
import { performanceRepository, performanceRoutes } from './modules/performance/index.ts';
import { fuelRepository, fuelRoutes, fuelService } from './modules/fuel/index.ts';
import { explorerRepository, explorerRoutes } from './modules/explorer/index.ts';
import { messagesRepository, messagesRoutes } from './modules/messages/index.ts';
import { mailService } from './modules/mail/index.ts';
import { usersConfigList, usersRepository, usersRoutes, usersService } from './modules/users/index.ts';
import { gazetteerGeocoder, placesRoutes, type ReverseGeocoder, what3wordsApi, what3wordsNotConfigured } from './modules/places/index.ts';
import { poiConfigList, poiRepository, poiRoutes } from './modules/poi/index.ts';
import { ensureReportingToken, reportingServiceRoutes, reportsModule, reportsRoutes } from './modules/reports/index.ts';
import { scheduledReportsConfigList, schedulesRepository, schedulesRoutes, schedulesService } from './modules/schedules/index.ts';
import {
  servicePlansConfigList, siteRepository, siteRoutes, siteSettingsRepository, siteSettingsRoutes, workingHoursConfigList,
} from './modules/site/index.ts';
import { tenancyRepository, tenancyRoutes, tenancyService } from './modules/tenancy/index.ts';
import {
  shiftPatternsConfigList, signoffRepository, signoffRoutes, signoffService, timesheetsRoutes, timesheetsService,
} from './modules/timesheets/index.ts';
import { deviceDirectoryRepository, type DeviceLink, unitsConfigList, unitsRepository, unitsRoutes } from './modules/units/index.ts';
import { estateRepository, estateRoutes } from './modules/estate/index.ts';
import { faultsRepository, faultsRoutes } from './modules/faults/index.ts';
import { engineRepository, engineRoutes, engineService } from './modules/engine/index.ts';
import { folderImageStore, type ImageStore, uploadsRepository, uploadsRoutes, uploadsService } from './modules/uploads/index.ts';
import { access } from './plugins/access.ts';
import { auth, callerResolver, proxyTrust } from './plugins/auth.ts';
import { installErrorHandling } from './plugins/errors.ts';
import { parseQuery, redactUrl, requestContext } from './plugins/request-context.ts';
import { security } from './plugins/security.ts';
import { serveWebApp } from './web/static.ts';
import { realtimeGateway } from './realtime/gateway.ts';
import { type AdapterConstructor, type Bus, memoryBus, topics } from './bus/index.ts';
import type { EventLimit } from './realtime/event-limit.ts';

export interface AppOptions {
  database: Database;
  version: string;
  smtpUrl?: string;
  logLevel?: string;
  /** Folder of the built web app; nothing is served there when it is missing. */
  webDist?: string;
  secureCookies?: boolean;
  limits?: Partial<{ perAddressPerMinute: number; failuresPerAccount: number; resetsPerAccount: number }>;
  /** The device side (listeners, commands); see ingest/ingest.ts. */
  devices: DeviceLink;
  commandTimeoutMs?: number;
  /** The installation's basemap (MAP_STYLE_URL, MAP_SATELLITE_STYLE_URL, MAP_HOSTS); the public style when not given. */
  map?: MapDefaults;
  /** Street addresses (GEOCODER_URL); the offline gazetteer's towns when not given. */
  geocoder?: ReverseGeocoder;
  /** what3words API key; without it w3wfrom says the service is not configured. */
  w3wApiKey?: string;
  /**
   * Which proxies in front of the server are believed about the client's address and host
   * (X-Forwarded-For/-Host/-Proto): none (false, the default) or their addresses and ranges.
   * Never `true` nor a hop count: those believe whatever a client that reaches the server
   * directly writes (see TRUST_PROXY in config.ts).
   */
  trustProxy?: false | string[];
  /** Where log lines go (standard output when not given); tests read them to check what is logged. */
  logStream?: { write(line: string): void };
  /** Events one Socket.IO client may send (realtime/event-limit.ts); the default suits a browser. */
  socketEventLimit?: EventLimit;
  /** Called for every route as it is added (the route-walking test collects the route table with it). */
  onRoute?: (route: RouteOptions) => void;
  /**
   * Where uploaded images are stored (main.ts: <DATA_DIR>/uploads or the S3 bucket). When not
   * given (tests), a fresh folder in the system's temporary directory.
   */
  images?: ImageStore;
  /**
   * Data requests (issue 14): where the ZIP files go (main.ts: <DATA_DIR>/exports; tests: a fresh
   * temporary folder when not given), how long they are kept (DATA_REQUEST_KEEP_HOURS), and the
   * clock of their expiry (tests).
   */
  dataRequests?: { dir?: string; keepHours?: number; now?: () => Date };
  /**
   * The generic reporting service's token (REPORTING_TOKEN); when not given, the stored one, or a new
   * one printed once with `print` (standard output when not given; never the log).
   */
  reportingToken?: string;
  print?: (line: string) => void;
  /** Text messages (issue 15): SMS_URL, SMS_TOKEN, SMS_FROM; without a URL they are kept in the SMS outbox only. */
  sms?: SmsSettings;
  /**
   * Prometheus metrics (ops/metrics.ts): the app times its HTTP answers and gives the socket count,
   * the pool and the processors' lag (from `devices`) to the gauges. None: nothing is measured.
   */
  metrics?: Metrics;
  /** The bus between processes (issue 17); none: an in-process one of the app's own (one process, the tests). */
  bus?: Bus;
  /** Socket.IO's adapter across api nodes (bus/socket-adapter.ts); none: one process's rooms. */
  socketAdapter?: AdapterConstructor;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves when queued reset requests and mail have been handed over (tests wait on it). */
    settleMail(): Promise<void>;
    /** The data requests' background runner (tests sweep and wait on it). */
    dataRequests: DataRequestRunner;
    /** Readiness (health/ready); main.ts starts its draining on SIGTERM. */
    readiness: Readiness;
  }
}

/** Body limit for JSON calls; uploads (later issues) state their own larger limits. */
export const BODY_LIMIT = 1024 * 1024;

/** Builds the whole HTTP application; `main.ts` only adds the database, listening and shutdown. */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    bodyLimit: BODY_LIMIT,
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
    trustProxy: opts.trustProxy && opts.trustProxy.length > 0 ? opts.trustProxy : false,
    // Every log line of a request carries its id (reqId): a proxy's X-Request-Id when it is a safe one.
    requestIdHeader: false,
    genReqId: requestIdOf,
    // One query parser for the router, the checks and the log (request-context.ts).
    routerOptions: { maxParamLength: 500, querystringParser: parseQuery },
    logger: {
      level: opts.logLevel ?? 'info',
      ...(opts.logStream ? { stream: opts.logStream } : {}),
      redact: LOG_REDACT,
      serializers: {
        // Never the raw URL: redactUrl parses it as the server does and blanks every secret.
        req: (req) => ({ method: req.method, url: redactUrl(req.url), host: req.host, remoteAddress: req.ip }),
      },
    },
  });
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  // First of all hooks, so every answer (a refusal or a failure too) names its request.
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);

  const { db, pool } = opts.database;
  const limits = { perAddressPerMinute: 20, failuresPerAccount: 5, resetsPerAccount: 3, ...opts.limits };
  // The bus between processes; the caches below tell the other api nodes what a call here changed (issue 17).
  const bus = opts.bus ?? memoryBus(app.log);
  const published = (what: string) => (err: unknown) => app.log.warn({ err: err instanceof Error ? err.message : String(err) }, `bus: ${what} not published`);
  const sessionRepo = sessionRepository(db, undefined, undefined, (what) => void bus.publish(topics.sessionLookups, what).catch(published('session lookups')));
  const sessions = sessionService(sessionRepo);
  const mail = mailService(db, opts.smtpUrl, app.log);
  // Failed sign-ins, reset mails and calls per address are counted in the database, which every api node shares.
  const attempts = postgresAttempts(pool);
  const authSvc = authService({ repo: authRepository(db), sessions, mail, limits, log: app.log, attempts });
  const tenancy = tenancyService(tenancyRepository(db));
  const brands = brandService(db, opts.map, () => void bus.publish(topics.brandsChanged, {}).catch(published('brands changed')));
  const resolveCaller = callerResolver(sessions, brands);
  // Queued reset requests and mail are finished (or given up after 10 s) before the database closes.
  app.addHook('onClose', async () => {
    await Promise.race([authSvc.settled(), new Promise((r) => setTimeout(r, 10_000).unref())]);
  });
  app.decorate('settleMail', () => authSvc.settled());

  // One poi repository for the calls and the live updates: its writes drop the places both read.
  const poi = poiRepository(pool);
  // The audit log (issue 15): changes made through the administration pages, and every refusal.
  const audit = auditRepository(pool);
  const usersRepo = usersRepository(pool);
  const users = usersService({ repo: usersRepo, mail, sessions, audit });
  const alerts = alertsRepository(pool);
  const fleet = fleetRepository(db, pool);
  const site = siteRepository(pool);
  const systemOfSite = (siteId: number) => site.unitSystem(siteId);
  const vehicles = vehicleReadModel({ repo: fleet, poi, alerts, systemOfSite });
  const directory = deviceDirectoryRepository(pool);
  const checklists = checklistsRepository(pool);
  // Reports (issue 14): runs queued in this process, failed on a restart, swept when expired.
  const timesheets = timesheetsService(pool);
  const reports = reportsModule({ pool, places: poi, log: app.log, weekOfSite: (siteId, wc) => timesheets.weekOfSite(siteId, wc) });
  // Started when the app is ready (nothing is queried while routes are registered: access-table.ts).
  app.addHook('onReady', async () => {
    await reports.runner.start();
    await ensureReportingToken(pool, opts.reportingToken, opts.print ?? ((line) => process.stdout.write(`${line}\n`)));
  });
  app.addHook('onClose', async () => reports.runner.close());
  const uploads = uploadsService(uploadsRepository(pool), opts.images ?? folderImageStore(mkdtempSync(path.join(os.tmpdir(), 'fleet-uploads-'))));
  // Issue 16: engine data, for its calls and the live 'fms:update' feed.
  const engine = engineService(engineRepository(pool));
  // What another api node changed (issue 17, docs/scaling.md): its caches here are dropped at once.
  // Subscribed before the gateway's, so the places are dropped before its live updates read them again.
  const stopCaches = [
    bus.subscribe(topics.sessionLookups, (what) => sessionRepo.forgetHere(what)),
    bus.subscribe(topics.brandsChanged, () => brands.forgetHere()),
    bus.subscribe(topics.placesChanged, ({ siteId }) => {
      poi.forget(siteId);
      site.forgetUnitSystem(siteId);
    }),
  ];
  app.addHook('onClose', async () => { for (const stop of stopCaches) stop(); });
  // The gateway needs only the HTTP server, which Fastify has from the start.
  if (!opts.bus) app.addHook('onClose', async () => bus.close());
  const gateway = realtimeGateway(app, {
    bus, adapter: opts.socketAdapter,
    sessions, resolveCaller, proxyTrust: proxyTrust(opts.trustProxy), devices: opts.devices, vehicles, alerts, systemOfSite,
    siteOfUnit: (unitId) => directory.siteOfUnit(unitId), eventLimit: opts.socketEventLimit,
    engineUpdates: (unitIds) => engine.updatesForUnits(unitIds),
  });
  app.addHook('onClose', async () => gateway.close());

  // Operations (issue 17): readiness, the event loop's delay and, when asked for, the metrics.
  const health = healthRepository(pool);
  const ready = readiness({
    ping: () => health.ping(),
    pendingMigrations: async () => (await migrationState(pool)).pending,
    listening: () => opts.devices.listening(),
  });
  app.decorate('readiness', ready);
  const eventLoop = eventLoopDelay();
  app.addHook('onClose', async () => eventLoop.stop());
  const metrics = opts.metrics;
  if (metrics) {
    metrics.sources.sockets ??= () => gateway.io.engine.clientsCount;
    metrics.sources.pool ??= pool;
    metrics.sources.processorLag ??= () => opts.devices.stats().processors;
    // The route's pattern, never the raw path (whose ids would make a series per vehicle); unmatched calls share one.
    app.addHook('onResponse', async (request, reply) => {
      metrics.httpAnswered(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    });
  }
  const dataRequestsRepo = dataRequestsRepository(pool);
  const dataRequests = dataRequestRunner({
    pool, repo: dataRequestsRepo, log: app.log, now: opts.dataRequests?.now,
    dir: opts.dataRequests?.dir ?? mkdtempSync(path.join(os.tmpdir(), 'fleet-exports-')),
    keepHours: opts.dataRequests?.keepHours ?? DATA_REQUEST_KEEP_HOURS,
  });
  await dataRequests.start();
  app.decorate('dataRequests', dataRequests);
  app.addHook('onClose', async () => dataRequests.stop());
  await app.register(requestContext);
  await app.register(security, { secureCookies: opts.secureCookies ?? false, mapOrigins: (host) => brands.mapOriginsOf(host) });
  // Answers and pages are compressed on the fly at a quick brotli level (a 10,000-vehicle answer is
  // 2.8 MB raw); built assets are compressed once at build time and served as they are (static.ts).
  await app.register(compress, {
    global: true,
    threshold: 1024,
    // Answers up to 256 KiB (a 500-vehicle answer is 150 KiB) are compressed in one call and sent
    // in one write with their length: the per-answer stream cost more CPU than the compression
    // (issue 8); bigger ones still stream, so no answer holds the event loop for long.
    syncThreshold: 256 * 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
    // The request body limit stays the plain 1 MiB: no compressed uploads.
    globalDecompression: false,
  });
  await app.register(rateLimit, {
    global: false,
    // Counted in the database: the limit per address is the installation's, whichever api node a call reaches.
    store: postgresRateLimitStore(pool),
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429, ok: 0, message: `Too many attempts from your address. Try again in ${ctx.after}.`,
    }),
  });
  await app.register(auth, { resolveCaller });
  const unitsRepo = unitsRepository(db);
  const driversRepo = driversRepository(db);
  await app.register(access, {
    sitesOfCustomer: tenancy.sitesOfCustomer,
    siteOfUnit: async (id: number) => (await directory.siteOfUnit(id)) ?? null,
    onRefused: (refusal) => audit.refusal(refusal),
  });
  await app.register(swagger, {
    openapi: { info: { title: 'Fleet platform API', version: opts.version }, servers: [{ url: '/' }] },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(async (api) => {
    await api.register(healthRoutes, { repo: health, version: opts.version, readiness: ready, eventLoop });
    await api.register(brandRoutes, { brands, audit });
    await api.register(authRoutes, {
      auth: authSvc, sessions, brands, perAddressPerMinute: limits.perAddressPerMinute, secureCookies: opts.secureCookies ?? false,
      adminReset: { resolveCaller, reset: (caller, siteId, uid, address) => users.adminReset(caller, siteId, uid, address) },
    });
    await api.register(tenancyRoutes, { tenancy, auth: authSvc, sessions });
    await api.register(fleetRoutes, { repo: fleet, vehicles });
    await api.register(groupsRoutes, { repo: groupsRepository(db, pool) });
    await api.register(driversRoutes, { repo: driversRepo });
    await api.register(cabRoutes, {
      cab: cabService({
        repo: cabRepository(db), sessions, drivers: driversRepo, units: unitsRepo,
        unitsChanged: gateway.unitsChanged, failuresPerAccount: limits.failuresPerAccount, attempts,
        templateOf: async (siteId, unitTypeId) => (await checklists.templateForType(siteId, unitTypeId))?.id ?? 0,
      }),
      brands, perAddressPerMinute: limits.perAddressPerMinute, audit,
    });
    await api.register(adminRoutes, { mail });
    await api.register(alertsRoutes, { repo: alerts, servicing: site, systemOfSite, onCleared: gateway.alertsCleared,
      vclCount: (sites) => checklists.countWithOpenFaults(sites) });
    await api.register(placesRoutes, {
      places: poi, systemOfSite, w3w: opts.w3wApiKey ? what3wordsApi(opts.w3wApiKey) : what3wordsNotConfigured,
      geocoder: opts.geocoder ?? gazetteerGeocoder,
      positionOf: async (unitId) => (await fleet.liveStateOfUnits([unitId]))[0],
    });
    await api.register(poiRoutes, { repo: poi, geofencesChanged: () => {
      gateway.placesChanged();
      return opts.devices.reloadGeofences();
    } });
    await api.register(siteRoutes, { repo: site, onMessage: gateway.siteMessage, onUnitSystem: (siteId) => gateway.placesChanged(siteId) });
    await api.register(siteSettingsRoutes, { repo: siteSettingsRepository(pool), site, audit, onUnitSystem: (siteId) => gateway.placesChanged(siteId) });
    await api.register(uploadsRoutes, { uploads });
    const schedulesRepo = schedulesRepository(pool);
    const placesChanged = async (siteId: number) => {
      gateway.placesChanged(siteId);
      await opts.devices.reloadGeofences();
    };
    const configLists = [vclsConfigList(checklists), shiftPatternsConfigList(pool), usersConfigList(usersRepo, users),
      driversConfigList(pool, schedulesRepo.using), groupsConfigList(pool, schedulesRepo.using),
      unitsConfigList(pool, { forget: (deviceId) => opts.devices.forget(deviceId), schedulesUsing: schedulesRepo.using }),
      poiConfigList(poi, placesChanged), workingHoursConfigList(site), servicePlansConfigList(pool),
      scheduledReportsConfigList(schedulesService(schedulesRepo))];
    await api.register(configRoutes, { lists: configLists, audit });
    await api.register(bulkRoutes, { lists: configLists, audit, pool });
    await api.register(auditRoutes, { reader: auditReader(pool) });
    await api.register(usersRoutes, { service: users });
    await api.register(checklistsRoutes, { repo: checklists, uploadsOfSite: uploads.ofSite, events: gateway.checklists });
    await api.register(messagesRoutes, { repo: messagesRepository(pool), live: gateway.messages });
    await api.register(dataRequestsRoutes, { repo: dataRequestsRepo, jobs: dataRequests, keepHours: opts.dataRequests?.keepHours ?? DATA_REQUEST_KEEP_HOURS });
    await api.register(journeysRoutes, { repo: journeysRepository(pool), places: poi, systemOfSite });
    await api.register(assetsRoutes, { service: assetsService(assetsRepository(pool), poi, audit, systemOfSite) });
    await api.register(performanceRoutes, { repo: performanceRepository(pool) });
    await api.register(fuelRoutes, { repo: fuelRepository(pool), service: fuelService({ repo: fuelRepository(pool), places: poi, systemOfSite }), systemOfSite });
    await api.register(explorerRoutes, { repo: explorerRepository(pool), systemOfSite });
    await api.register(timesheetsRoutes, { service: timesheets });
    await api.register(signoffRoutes, {
      signoff: signoffService({ timesheets, repo: signoffRepository(pool), images: uploads, letterhead: (siteId) => letterheadOfSite(pool, siteId) }),
      saveImage: uploads.save,
    });
    await api.register(schedulesRoutes, { schedules: schedulesService(schedulesRepository(pool)) });
    await api.register(unitsRoutes, { repo: unitsRepo, devices: opts.devices, systemOfSite });
    await api.register(commandsRoutes, {
      commands: commandsService({ repo: commandsRepository(pool), devices: opts.devices, mail, timeoutMs: opts.commandTimeoutMs ?? 20_000 }),
    });
    await api.register(brandAdminRoutes, { brands, audit });
    await api.register(faultsRoutes, { repo: faultsRepository(pool) });
    await api.register(smsRoutes, {
      repo: smsRepository(pool), provider: smsProviderOf(opts.sms), from: opts.sms?.from, audit,
      brandName: async (brandId) => (await brands.all()).find((b) => b.id === brandId)?.name ?? 'Fleet',
    });
    await api.register(estateRoutes, {
      repo: estateRepository(pool), pool, audit, sessions, forgetDevice: (deviceId, unitId) => opts.devices.forget(deviceId, unitId),
    });
    await api.register(engineRoutes, { engine });
    await api.register(reportsRoutes, { repo: reports.service.repo, runs: reports.runs, runner: reports.runner, letterheadOf: (siteId) => letterheadOfSite(pool, siteId) });
  }, { prefix: '/api/v1' });
  await app.register(reportingServiceRoutes, { prefix: '/reporting/v1', pool, produce: (siteId, body) => reports.service.produce(siteId, body, { tracksec: true }) });
  await app.register(brandAssets, { brands });
  await serveWebApp(app, { distDir: opts.webDist ?? '', brands });
  return app;
}
