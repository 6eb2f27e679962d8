import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn, bigint, bigserial, boolean, check, customType, date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, unique, uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A white label: chosen per request from the Host header. */
export const brands = pgTable('brands', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  hosts: text('hosts').array().notNull().default(sql`'{}'::text[]`),
  isDefault: boolean('is_default').notNull().default(false),
  name: text('name').notNull(),
  strapline: text('strapline').notNull().default(''),
  themeColor: text('theme_color').notNull(),
  logoSvg: text('logo_svg').notNull(),
  faviconSvg: text('favicon_svg').notNull(),
  /** Public address of the web app for this brand; reset links are built from it, never from Host. */
  publicUrl: text('public_url').notNull(),
  senderAddress: text('sender_address').notNull(),
  privacyUrl: text('privacy_url').notNull().default(''),
  /** The brand's basemap: a MapLibre style URL; null takes the installation's (MAP_STYLE_URL, else the public default). */
  mapStyleUrl: text('map_style_url'),
  /** A satellite style offered as the second choice; null: none (or MAP_SATELLITE_STYLE_URL). */
  mapSatelliteStyleUrl: text('map_satellite_style_url'),
  /** Further origins the styles load tiles, glyphs or sprites from (the CSP allows exactly these and the styles' own). */
  mapHosts: text('map_hosts').array().notNull().default(sql`'{}'::text[]`),
  /** Last change through the brand editor (issue 15); answers made from the brand are cached no longer than this. */
  updatedAt: timestamp('updated_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** A customer (the spec also calls it a company): owns sites. */
export const customers = pgTable('customers', {
  id: serial('id').primaryKey(),
  brandId: integer('brand_id').notNull().references(() => brands.id),
  name: text('name').notNull(),
  /**
   * Months of positions kept (issue 12); null keeps them all. Older positions go with whole monthly
   * partitions once every customer's retention has passed them (docs/decisions.md); trips stay.
   */
  positionRetentionMonths: integer('position_retention_months'),
  /** Suspended by a super administrator (issue 15): its users cannot sign in and their sessions end; data stays. */
  suspendedAt: timestamp('suspended_at', { withTimezone: true }),
  suspendedReason: text('suspended_reason').notNull().default(''),
  createdAt: createdAt(),
}, (t) => [check('customers_retention_check', sql`${t.positionRetentionMonths} IS NULL OR ${t.positionRetentionMonths} >= 1`)]);

export const sites = pgTable('sites', {
  id: serial('id').primaryKey(),
  customerId: integer('customer_id').notNull().references(() => customers.id),
  name: text('name').notNull(),
  image: text('image').notNull().default(''),
  timezone: text('timezone').notNull().default('Europe/London'),
  message: text('message').notNull().default(''),
  /** Working hours in the site's time zone: ignition on outside them is a Run Over. */
  workingHours: jsonb('working_hours').notNull().default(sql`'{"days":[1,2,3,4,5],"start":"06:00","end":"18:00"}'::jsonb`),
  /** What people on the site read (issue 10): 'imperial' (mi, mph, yd) or 'metric' (km, km/h, m). */
  unitSystem: text('unit_system').notNull().default('imperial'),
  /**
   * The site's other settings (issue 15, fleetconfig/navigatorconfig): volume unit, idle and speeding
   * thresholds, default map view and basemap, the operators' menu, navigator settings. Shape and
   * defaults: siteSettingsSchema in packages/shared (an absent key takes its default).
   */
  settings: jsonb('settings').notNull().default(sql`'{}'::jsonb`),
  /** Removed by a super administrator (issue 15, removesite: only once no unit is left); its history stays. */
  removedAt: timestamp('removed_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [index('sites_customer_idx').on(t.customerId), check('sites_unit_system_check', sql`${t.unitSystem} IN ('imperial', 'metric')`)]);

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  /** Null for a driver account (usertype 3), which signs in by name on a cab device (issue 11). */
  email: text('email'),
  name: text('name').notNull(),
  passwordHash: text('password_hash').notNull(),
  /** 0 super administrator, 1 site administrator, 2 operator, 3 driver; null is never admin. */
  usertype: integer('usertype'),
  customerId: integer('customer_id').references(() => customers.id),
  /** Site the user lands on after login; must be one of their sites. */
  defaultSiteId: integer('default_site_id').references(() => sites.id),
  /** Own menu; null means the default menu of the user's role. */
  menu: jsonb('menu'),
  display: jsonb('display').notNull().default(sql`'{}'::jsonb`),
  tracksec: boolean('tracksec').notNull().default(false),
  lsys: text('lsys').notNull().default(''),
  /** Set: the user must change the password at the next login. */
  mustChangePassword: boolean('must_change_password').notNull().default(false),
  startup: text('startup').notNull().default(''),
  disabled: boolean('disabled').notNull().default(false),
  /** The last successful sign-in (issue 15: shown to administrators). */
  lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('users_email_idx').on(sql`lower(${t.email})`)]);

export const userSites = pgTable('user_sites', {
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  siteId: integer('site_id').notNull().references(() => sites.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.userId, t.siteId] }), index('user_sites_site_idx').on(t.siteId)]);

export const sessions = pgTable('sessions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** sha-256 of the bearer token; the token itself is never stored. */
  tokenHash: text('token_hash').notNull().unique(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  instanceUuid: text('instance_uuid').notNull(),
  siteId: integer('site_id').references(() => sites.id),
  routeUuid: text('route_uuid').notNull(),
  /** The brand whose host the session was opened on: it is accepted on that brand's hosts only. */
  brandId: integer('brand_id').notNull().references(() => brands.id),
  createdAt: createdAt(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  revokedReason: text('revoked_reason'),
  userAgent: text('user_agent').notNull().default(''),
  /**
   * 'user': a person in the office (user mode); 'driver': a driver signed in on a registered cab
   * device (driver mode). The two never share a session, and each kind may call only its own calls.
   */
  kind: text('kind').notNull().default('user'),
  /** Driver mode: the cab device the driver signed in on. */
  cabDeviceId: integer('cab_device_id').references(() => cabDevices.id, { onDelete: 'cascade' }),
  /** Driver mode: the driver record of the signed-in driver. */
  driverId: integer('driver_id').references(() => drivers.id, { onDelete: 'cascade' }),
  /** Driver mode: the vehicle the driver is assigned to (assigndriver), null before and after. */
  unitId: integer('unit_id').references(() => units.id, { onDelete: 'set null' }),
}, (t) => [
  index('sessions_user_idx').on(t.userId),
  check('sessions_kind_check', sql`(${t.kind} = 'user' AND ${t.cabDeviceId} IS NULL AND ${t.driverId} IS NULL AND ${t.unitId} IS NULL)
    OR (${t.kind} = 'driver' AND ${t.cabDeviceId} IS NOT NULL AND ${t.driverId} IS NOT NULL)`),
]);

/**
 * A phone or tablet registered by a site administrator as a cab device of a site (issue 11): on it
 * the app runs in driver mode only. The device proves itself with a key it was given at
 * registration (only its sha-256 is kept), tied to the browser's instance uuid.
 */
export const cabDevices = pgTable('cab_devices', {
  id: serial('id').primaryKey(),
  siteId: integer('site_id').notNull().references(() => sites.id),
  name: text('name').notNull(),
  /** The instance uuid of the browser holding the device key; null until a browser takes it. */
  instanceUuid: text('instance_uuid'),
  /** sha-256 of the device key; null until a browser takes the registration. */
  keyHash: text('key_hash').unique(),
  registeredBy: integer('registered_by').references(() => users.id, { onDelete: 'set null' }),
  registeredAt: timestamp('registered_at', { withTimezone: true }),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [index('cab_devices_site_idx').on(t.siteId), uniqueIndex('cab_devices_instance_idx').on(t.instanceUuid).where(sql`revoked_at IS NULL`)]);

export const passwordResets = pgTable('password_resets', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  /** sha-256 of the guid in the e-mailed link. */
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  /** 'reset' (forgotten or administrator's reset) or 'welcome' (first password of a new account, issue 15). */
  purpose: text('purpose').notNull().default('reset'),
  createdAt: createdAt(),
});

/**
 * A browser that has signed in to an account before (OWASP "device cookies"): a sign-in that shows
 * this cookie is not held back by the account's failed-sign-in backoff. Only the sha-256 is kept.
 */
export const deviceCookies = pgTable('device_cookies', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('device_cookies_user_idx').on(t.userId)]);

/** Mail waiting to be sent, or kept for reading when SMTP is not configured. */
export const outbox = pgTable('outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  brandId: integer('brand_id').references(() => brands.id),
  /** The account the mail is for, when it is for one: decides which administrators may read it. */
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  toAddress: text('to_address').notNull(),
  fromAddress: text('from_address').notNull(),
  subject: text('subject').notNull(),
  /** Never holds a secret: a reset or welcome link is replaced by a marker before the row is written. */
  text: text('text').notNull(),
  html: text('html'),
  /** What was withheld from this copy (e.g. 'reset link'), or null when the mail carried no secret. */
  withheld: text('withheld'),
  createdAt: createdAt(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  error: text('error'),
});

export const unitTypes = pgTable('unit_types', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  icon: text('icon').notNull().default('service-van-blue'),
  /** Which IO element id means what for this unit type (ingest). */
  ioMap: jsonb('io_map').notNull().default(sql`'{}'::jsonb`),
  /**
   * Issue 16: IO elements this unit type adds to the shared catalogue (packages/protocols io-catalogue),
   * or renames: {"<io id>": {name, unit, scale, decimals, group}}, edited by administrators.
   */
  ioCatalogue: jsonb('io_catalogue').notNull().default(sql`'{}'::jsonb`),
});

export const drivers = pgTable('drivers', {
  id: serial('id').primaryKey(),
  siteId: integer('site_id').notNull().references(() => sites.id),
  name: text('name').notNull(),
  tag: text('tag'),
  updatedAt: timestamp('updated_at', { withTimezone: true }),
  /** The driver's account (usertype 3) for signing in on a cab device; null: cannot sign in. */
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  /** The driver's own shift pattern (issue 14); null: the site's default pattern. */
  shiftPatternId: integer('shift_pattern_id').references((): AnyPgColumn => shiftPatterns.id, { onDelete: 'set null' }),
}, (t) => [index('drivers_site_idx').on(t.siteId), uniqueIndex('drivers_user_idx').on(t.userId)]);

export const units = pgTable('units', {
  id: serial('id').primaryKey(),
  siteId: integer('site_id').notNull().references(() => sites.id),
  /** The device's own id: IMEI for Teltonika, the app's id for OsmAnd. */
  deviceId: text('device_id').notNull(),
  unitTypeId: integer('unit_type_id').notNull().references(() => unitTypes.id),
  registration: text('registration').notNull(),
  vicon: text('vicon').notNull().default(''),
  driverId: integer('driver_id').references(() => drivers.id),
  /** Service plan: the unit is due at this date, odometer (km) or engine hours, whichever comes first. */
  serviceDueDate: date('service_due_date'),
  serviceDueKm: doublePrecision('service_due_km'),
  serviceDueHours: doublePrecision('service_due_hours'),
  /**
   * Taken off its site (issue 15, removeunitfromsite): the row, and so its positions, trips and alerts,
   * stay with the old site; the device id is free for a new unit row (the unique index holds live units only).
   */
  removedAt: timestamp('removed_at', { withTimezone: true }),
  /** Issue 16: the fuel tank's size in litres (fuel monitor thresholds); null: not known. */
  tankLitres: doublePrecision('tank_litres'),
  /**
   * Issue 16, asset trackers: when the asset may move ({days, start, end} as sites.working_hours; null:
   * the site's working hours), and the place it may move in (a POI with an area; null: anywhere).
   */
  assetHours: jsonb('asset_hours'),
  assetPoiId: integer('asset_poi_id').references((): AnyPgColumn => poi.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
}, (t) => [index('units_site_idx').on(t.siteId), uniqueIndex('units_device_live_idx').on(t.deviceId).where(sql`removed_at IS NULL`)]);

export const groups = pgTable('groups', {
  id: serial('id').primaryKey(),
  siteId: integer('site_id').notNull().references(() => sites.id),
  name: text('name').notNull(),
}, (t) => [index('groups_site_idx').on(t.siteId)]);

export const groupUnits = pgTable('group_units', {
  groupId: integer('group_id').notNull().references(() => groups.id, { onDelete: 'cascade' }),
  unitId: integer('unit_id').notNull().references(() => units.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.groupId, t.unitId] })]);

/** Points of interest; mode 1 circle (lat/lon + radius m), mode 2 polygon (points). */
export const poi = pgTable('poi', {
  id: serial('id').primaryKey(),
  siteId: integer('site_id').notNull().references(() => sites.id),
  name: text('name').notNull(),
  mode: integer('mode').notNull(),
  lat: doublePrecision('lat'),
  lon: doublePrecision('lon'),
  radius: doublePrecision('radius'),
  points: jsonb('points'),
  showOnMap: boolean('show_on_map').notNull().default(true),
  isGeofence: boolean('is_geofence').notNull().default(false),
  createdAt: createdAt(),
}, (t) => [index('poi_site_idx').on(t.siteId)]);

/**
 * The log of record: every position a device sent, once. Processors read it by id up to a horizon
 * below which every id is settled (see ingest/log-horizon.ts).
 */
/**
 * The positions log (issue 12): natively partitioned by range of device_time, one partition a
 * UTC month (positions_YYYY_MM) and positions_default for times outside them. Drizzle cannot
 * say so: migration 0014 builds it by hand and the server's partition upkeep
 * (ingest/partitions.ts) adds months and applies retention. The key must hold the partition key,
 * hence (id, device_time); ids stay unique through their sequence, and the key's index, led by
 * id, serves the processors' id-window reads in every partition.
 */
export const positions = pgTable('positions', {
  id: bigserial('id', { mode: 'number' }).notNull(),
  unitId: integer('unit_id').notNull().references(() => units.id),
  deviceTime: timestamp('device_time', { withTimezone: true, precision: 3 }).notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  lat: doublePrecision('lat').notNull(),
  lon: doublePrecision('lon').notNull(),
  altitude: integer('altitude').notNull().default(0),
  angle: integer('angle').notNull().default(0),
  satellites: integer('satellites').notNull().default(0),
  /** km/h */
  speed: integer('speed').notNull().default(0),
  priority: integer('priority').notNull().default(0),
  eventIo: integer('event_io').notNull().default(0),
  /** Every IO element as sent: {"239": 1, "16": 123456, "281": "hex…"}; 8-byte values beyond 2^53 as strings. */
  io: jsonb('io').notNull().default(sql`'{}'::jsonb`),
  protocol: text('protocol').notNull(),
  /**
   * Null for a plausible position; otherwise why it is not believed (comma-separated reasons of
   * packages/protocols plausibility.ts). Flagged rows are kept but never become state, alerts or live updates.
   */
  implausible: text('implausible'),
}, (t) => [
  primaryKey({ name: 'positions_pkey', columns: [t.id, t.deviceTime] }),
  // A re-sent batch (lost ACK) carries the same records: stored once.
  uniqueIndex('positions_unit_time_event_idx').on(t.unitId, t.deviceTime, t.eventIo),
  // A unit's newest flagged records, for administrators (few rows: a partial index).
  index('positions_flagged_idx').on(t.unitId, t.id).where(sql`implausible IS NOT NULL`),
]);

/** Latest state of each unit, kept by the state processor from the positions log. */
export const unitState = pgTable('unit_state', {
  unitId: integer('unit_id').primaryKey().references(() => units.id, { onDelete: 'cascade' }),
  positionId: bigint('position_id', { mode: 'number' }).notNull(),
  deviceTime: timestamp('device_time', { withTimezone: true, precision: 3 }).notNull(),
  lat: doublePrecision('lat').notNull(),
  lon: doublePrecision('lon').notNull(),
  speed: integer('speed').notNull(),
  angle: integer('angle').notNull(),
  satellites: integer('satellites').notNull(),
  /**
   * Device time of the report the status columns (ignition to fault codes) and io came from: the
   * position's, or a newer report without a fix merged over it (never older than device_time).
   */
  statusTime: timestamp('status_time', { withTimezone: true, precision: 3 }).notNull(),
  ignition: boolean('ignition'),
  movement: boolean('movement'),
  externalVoltage: doublePrecision('external_voltage'),
  odometer: doublePrecision('odometer'),
  gsmSignal: integer('gsm_signal'),
  pto1: boolean('pto1').notNull().default(false),
  pto2: boolean('pto2').notNull().default(false),
  panic: boolean('panic').notNull().default(false),
  fuelLevel: doublePrecision('fuel_level'),
  fuelUsed: doublePrecision('fuel_used'),
  engineHours: doublePrecision('engine_hours'),
  rpm: integer('rpm'),
  totalDistance: doublePrecision('total_distance'),
  faultCodes: text('fault_codes').array().notNull().default(sql`'{}'::text[]`),
  io: jsonb('io').notNull().default(sql`'{}'::jsonb`),
  /** Asset trackers: the location code of the latest report (packages/shared rules/location-code.ts). */
  locCode: text('loc_code'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Where each processor has got to in the positions log: id of the last row it applied. */
export const processorCursors = pgTable('processor_cursors', {
  name: text('name').primaryKey(),
  positionId: bigint('position_id', { mode: 'number' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Devices that tried to report without being registered: listed for super administrators. */
export const unknownDevices = pgTable('unknown_devices', {
  deviceId: text('device_id').primaryKey(),
  protocol: text('protocol').notNull(),
  firstAt: timestamp('first_at', { withTimezone: true }).notNull().defaultNow(),
  lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  attempts: integer('attempts').notNull().default(1),
  lastAddress: text('last_address').notNull().default(''),
});

/**
 * Attempts counted across every api node (issue 17): failed sign-ins and their backoff, reset mails
 * per account, calls per address to the sign-in routes. A row is one key of one scope (e.g.
 * 'sign-in-account', user 42); times are the servers' clock in milliseconds. A row past
 * `expires_ms` means nothing any more and is deleted by the next prune (apps/server/src/lib/attempts.ts).
 */
export const attemptCounts = pgTable('attempt_counts', {
  scope: text('scope').notNull(),
  key: text('key').notNull(),
  count: integer('count').notNull(),
  /** Backoff: the end of the wait; a window: its end. */
  untilMs: bigint('until_ms', { mode: 'number' }).notNull(),
  /** The last attempt counted. */
  lastMs: bigint('last_ms', { mode: 'number' }).notNull(),
  expiresMs: bigint('expires_ms', { mode: 'number' }).notNull(),
}, (t) => [
  primaryKey({ columns: [t.scope, t.key] }),
  index('attempt_counts_expires_idx').on(t.expiresMs),
]);

/** Every command sent to a device, who sent it and what came back. */
export const commandLog = pgTable('command_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  unitId: integer('unit_id').notNull().references(() => units.id, { onDelete: 'cascade' }),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  command: text('command').notNull(),
  status: text('status').notNull(),
  response: text('response'),
  createdAt: createdAt(),
}, (t) => [
  // commandlog?uid pages a unit's history newest first (issue 16): without it each page scanned the whole log.
  index('command_log_unit_idx').on(t.unitId, t.id.desc()),
]);

/**
 * Alerts raised by the events processor from the positions log: panic presses, geofence entries
 * and exits, new J1939 fault codes. The unique key makes a replayed window raise nothing twice.
 */
export const alerts = pgTable('alerts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  siteId: integer('site_id').notNull().references(() => sites.id),
  unitId: integer('unit_id').notNull().references(() => units.id, { onDelete: 'cascade' }),
  /** 'panic' | 'geofence' | 'spn' | 'runover' | 'device' | 'fuel' (issue 16: a fuel drop) */
  kind: text('kind').notNull(),
  /** 'press' | 'enter' | 'exit' | 'movement' | 'fault' | 'ignition' | a device alarm word ('powerCut', 'vibration', ...) */
  event: text('event').notNull(),
  poiId: integer('poi_id').references(() => poi.id, { onDelete: 'set null' }),
  positionId: bigint('position_id', { mode: 'number' }).notNull(),
  happenedAt: timestamp('happened_at', { withTimezone: true, precision: 3 }).notNull(),
  lat: doublePrecision('lat').notNull(),
  lon: doublePrecision('lon').notNull(),
  detail: text('detail').notNull().default(''),
  clearedAt: timestamp('cleared_at', { withTimezone: true }),
  clearedBy: integer('cleared_by').references(() => users.id, { onDelete: 'set null' }),
  /**
   * Recorded late, not raised (issue 13): its device time was long before it was processed (a
   * buffer a device sent after hours offline), so it was stored already cleared, never open.
   */
  late: boolean('late').notNull().default(false),
  createdAt: createdAt(),
}, (t) => [
  unique('alerts_once').on(t.kind, t.unitId, t.positionId, t.poiId).nullsNotDistinct(),
  index('alerts_open_idx').on(t.siteId, t.kind).where(sql`cleared_at IS NULL`),
  // A vehicle's alerts of a day (activity, tripevents: issue 12).
  index('alerts_unit_time_idx').on(t.unitId, t.happenedAt),
]);

/** What the events processor remembers per unit between windows: panic input and the POI it is inside. */
export const unitEventState = pgTable('unit_event_state', {
  unitId: integer('unit_id').primaryKey().references(() => units.id, { onDelete: 'cascade' }),
  panic: boolean('panic').notNull().default(false),
  inside: integer('inside').array().notNull().default(sql`'{}'::int[]`),
  faultCodes: text('fault_codes').array().notNull().default(sql`'{}'::text[]`),
  /** A Run Over was raised in the current ignition-on cycle. */
  runOver: boolean('run_over').notNull().default(false),
  /** The day-part ('2026-11-23/after') of the last Run Over raised: at most one per day-part. */
  runOverPart: text('run_over_part'),
  /** The last movement input reported (null: never), for asset movement alerts. */
  movement: boolean('movement'),
  lastTime: timestamp('last_time', { withTimezone: true, precision: 3 }),
  /** The last plausible position (issue 13): where a panic or device alarm from a report without a fix is placed. */
  lastLat: doublePrecision('last_lat'),
  lastLon: doublePrecision('last_lon'),
  /** Device alarm word → the latest device time (ms) it was reported: one alert per quiet gap. */
  alarms: jsonb('alarms').notNull().default(sql`'{}'::jsonb`),
});

/**
 * A vehicle check list template (issue 11): the items a driver checks, per site and vehicle type
 * (unit type null: any vehicle of the site without a template of its own type).
 */
export const vclTemplates = pgTable('vcl_templates', {
  id: serial('id').primaryKey(),
  siteId: integer('site_id').notNull().references(() => sites.id),
  name: text('name').notNull(),
  unitTypeId: integer('unit_type_id').references(() => unitTypes.id),
  /** The items in order: [{ "name": "Tyres and wheel nuts" }, ...]. */
  items: jsonb('items').notNull().default(sql`'[]'::jsonb`),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [index('vcl_templates_site_idx').on(t.siteId)]);

/**
 * An uploaded image (a fault's photo, a signature), checked by its bytes, re-encoded without
 * metadata and stored by the server under a name of its own (storage key). `clientKey` is the
 * device's idempotency key: the same upload sent twice is stored once.
 */
export const uploads = pgTable('uploads', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  siteId: integer('site_id').notNull().references(() => sites.id),
  unitId: integer('unit_id').references(() => units.id, { onDelete: 'set null' }),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  clientKey: text('client_key').notNull(),
  storageKey: text('storage_key').notNull().unique(),
  contentType: text('content_type').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  bytes: integer('bytes').notNull(),
  sha256: text('sha256').notNull(),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('uploads_client_key_idx').on(t.siteId, t.clientKey)]);

/** A signed-off vehicle check list (signoffchecklistv5); `clientKey` makes a re-send store nothing twice. */
export const checklists = pgTable('checklists', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  siteId: integer('site_id').notNull().references(() => sites.id),
  unitId: integer('unit_id').notNull().references(() => units.id, { onDelete: 'cascade' }),
  templateId: integer('template_id').references(() => vclTemplates.id, { onDelete: 'set null' }),
  /** Who signed it off: the driver's account in driver mode, or an office user. */
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  driverId: integer('driver_id').references(() => drivers.id, { onDelete: 'set null' }),
  cabDeviceId: integer('cab_device_id').references(() => cabDevices.id, { onDelete: 'set null' }),
  clientKey: text('client_key').notNull(),
  mileage: doublePrecision('mileage'),
  operator: text('operator').notNull().default(''),
  /** Faulty items (ic). */
  issueCount: integer('issue_count').notNull().default(0),
  /** The payload's details as sent (reportdate, itemnames, mileage, complete, items), image ids checked. */
  details: jsonb('details').notNull(),
  signatureUploadId: bigint('signature_upload_id', { mode: 'number' }).references(() => uploads.id),
  /** When the driver completed it on the device (may be well before it reached us, offline). */
  reportedAt: timestamp('reported_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('checklists_client_key_idx').on(t.siteId, t.clientKey),
  index('checklists_unit_idx').on(t.unitId, t.id),
]);

/** A faulty item of a check list: open until someone in the office marks it dealt with (vcldealt). */
export const checklistFaults = pgTable('checklist_faults', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  checklistId: bigint('checklist_id', { mode: 'number' }).notNull().references(() => checklists.id, { onDelete: 'cascade' }),
  siteId: integer('site_id').notNull().references(() => sites.id),
  unitId: integer('unit_id').notNull().references(() => units.id, { onDelete: 'cascade' }),
  item: text('item').notNull(),
  note: text('note').notNull().default(''),
  uploadId: bigint('upload_id', { mode: 'number' }).references(() => uploads.id),
  dealtAt: timestamp('dealt_at', { withTimezone: true }),
  dealtBy: integer('dealt_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
}, (t) => [
  index('checklist_faults_open_idx').on(t.siteId, t.unitId).where(sql`dealt_at IS NULL`),
  index('checklist_faults_checklist_idx').on(t.checklistId),
]);

/** unitsignoff: a driver declares they saw the faults open on their vehicle (cabunit shows the last one). */
export const unitSignoffs = pgTable('unit_signoffs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  siteId: integer('site_id').notNull().references(() => sites.id),
  unitId: integer('unit_id').notNull().references(() => units.id, { onDelete: 'cascade' }),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  driverId: integer('driver_id').references(() => drivers.id, { onDelete: 'set null' }),
  /** The open faults (checklist_faults ids) the driver saw. */
  faultIds: jsonb('fault_ids').notNull().default(sql`'[]'::jsonb`),
  note: text('note').notNull().default(''),
  createdAt: createdAt(),
}, (t) => [index('unit_signoffs_unit_idx').on(t.unitId, t.id)]);

/**
 * A message between the office and a vehicle's cab (msg): the conversation is per vehicle; a
 * driver's message also names the driver. `readAt` is when the other side read it.
 */
export const messages = pgTable('messages', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  siteId: integer('site_id').notNull().references(() => sites.id),
  unitId: integer('unit_id').notNull().references(() => units.id, { onDelete: 'cascade' }),
  /** True when a driver wrote it in the cab; false from the office. */
  fromCab: boolean('from_cab').notNull(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  driverId: integer('driver_id').references(() => drivers.id, { onDelete: 'set null' }),
  /** Plain text, as written: never markup. */
  body: text('body').notNull(),
  /** The sender's idempotency key (a message sent twice from a flaky cab is stored once). */
  clientKey: text('client_key'),
  readAt: timestamp('read_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [
  index('messages_unit_idx').on(t.siteId, t.unitId, t.id),
  uniqueIndex('messages_client_key_idx').on(t.unitId, t.clientKey),
  index('messages_unread_idx').on(t.siteId, t.unitId).where(sql`read_at IS NULL`),
]);

/**
 * A unit's history cut into trips and stops by the trips processor (issue 12), one row a segment.
 * The unit's newest segment is `open` (still growing); the others are final unless a late position
 * lands in them, when the processor cuts the unit again from there. Place texts are made when
 * answered (places change), so only coordinates are kept.
 */
export const trips = pgTable('trips', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  unitId: integer('unit_id').notNull().references(() => units.id, { onDelete: 'cascade' }),
  /** 'trip' (moving) or 'stop' (parked, or idling with the engine on). */
  kind: text('kind').notNull(),
  open: boolean('open').notNull().default(false),
  startTime: timestamp('start_time', { withTimezone: true, precision: 3 }).notNull(),
  endTime: timestamp('end_time', { withTimezone: true, precision: 3 }).notNull(),
  startLat: doublePrecision('start_lat').notNull(),
  startLon: doublePrecision('start_lon').notNull(),
  endLat: doublePrecision('end_lat').notNull(),
  endLon: doublePrecision('end_lon').notNull(),
  startPositionId: bigint('start_position_id', { mode: 'number' }).notNull(),
  endPositionId: bigint('end_position_id', { mode: 'number' }).notNull(),
  /** Metres: the device's odometer difference where it reports one, else the filtered haversine sum. */
  distanceM: doublePrecision('distance_m').notNull().default(0),
  /** Seconds with the vehicle moving, and with the engine on but standing. */
  drivingS: integer('driving_s').notNull().default(0),
  idleS: integer('idle_s').notNull().default(0),
  /** km/h */
  maxSpeed: integer('max_speed').notNull().default(0),
  avgSpeed: doublePrecision('avg_speed').notNull().default(0),
  driverId: integer('driver_id').references(() => drivers.id, { onDelete: 'set null' }),
  /** Metres, as the device reports them (null: it does not). */
  startOdometer: doublePrecision('start_odometer'),
  endOdometer: doublePrecision('end_odometer'),
  /** Hours, as the device reports them (null: it does not). */
  startEngineHours: doublePrecision('start_engine_hours'),
  endEngineHours: doublePrecision('end_engine_hours'),
  /** Positions in the segment. */
  points: integer('points').notNull().default(0),
}, (t) => [
  uniqueIndex('trips_unit_start_idx').on(t.unitId, t.startTime),
  index('trips_driver_idx').on(t.driverId, t.startTime),
  check('trips_kind_check', sql`${t.kind} IN ('trip', 'stop')`),
]);

/**
 * The trips processor's memory per unit: the cutter's state after the unit's newest position
 * (serialised by the pure rules), so the next batch goes on from there instead of re-reading.
 */
export const unitTripState = pgTable('unit_trip_state', {
  unitId: integer('unit_id').primaryKey().references(() => units.id, { onDelete: 'cascade' }),
  /** Device time of the newest position folded in: an older one makes the processor cut again. */
  lastTime: timestamp('last_time', { withTimezone: true, precision: 3 }).notNull(),
  state: jsonb('state').notNull(),
});

// ---------------------------------------------------------------------------------------------
// Issue 14: timesheets, sign-off, reports, scheduled reports, data requests, service tokens.
// ---------------------------------------------------------------------------------------------

/** Raw bytes (a signed-off PDF): small documents that must live and be backed up with the data. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * A site's shift pattern (packages/shared/src/timesheets/shift-pattern.ts): `pattern` is the
 * ShiftPattern without its name. A site's default pattern applies to drivers without one of their own.
 */
export const shiftPatterns = pgTable('shift_patterns', {
  id: serial('id').primaryKey(),
  siteId: integer('site_id').notNull().references(() => sites.id),
  name: text('name').notNull(),
  pattern: jsonb('pattern').notNull(),
  isDefault: boolean('is_default').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('shift_patterns_site_idx').on(t.siteId),
  uniqueIndex('shift_patterns_default_idx').on(t.siteId).where(sql`is_default`),
]);

/**
 * A driver's timesheet of one week (week commencing Monday, `wc`, in the site's zone). Made when
 * the office first opens, corrects or creates it (createdufftimesheet: `dummy`, a week with no
 * data). `version` grows each time a signed-off week is reopened; `lockedAt` is set by a sign-off
 * and cleared by a reopen: while set, no correction is accepted.
 */
export const timesheets = pgTable('timesheets', {
  id: serial('id').primaryKey(),
  siteId: integer('site_id').notNull().references(() => sites.id),
  driverId: integer('driver_id').notNull().references(() => drivers.id, { onDelete: 'cascade' }),
  wc: date('wc').notNull(),
  dummy: boolean('dummy').notNull().default(false),
  version: integer('version').notNull().default(1),
  lockedAt: timestamp('locked_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('timesheets_driver_wc_idx').on(t.driverId, t.wc), index('timesheets_site_wc_idx').on(t.siteId, t.wc)]);

/**
 * A shift of a timesheet as the office sees it: `source` 'data' for a shift built from the trips
 * (dataStart/dataEnd: what the data says, refreshed when the trips change; `dataKey` matches it
 * again), 'office' for one added by hand. startTime/endTime/breakS are the office's corrections
 * (null: the data's value). A removed record stays, with `removedAt`, for the audit trail.
 */
export const timesheetShifts = pgTable('timesheet_shifts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  timesheetId: integer('timesheet_id').notNull().references(() => timesheets.id, { onDelete: 'cascade' }),
  source: text('source').notNull(),
  dataKey: text('data_key'),
  dataStart: timestamp('data_start', { withTimezone: true, precision: 3 }),
  dataEnd: timestamp('data_end', { withTimezone: true, precision: 3 }),
  startTime: timestamp('start_time', { withTimezone: true, precision: 3 }),
  endTime: timestamp('end_time', { withTimezone: true, precision: 3 }),
  breakS: integer('break_s'),
  notes: text('notes').notNull().default(''),
  removedAt: timestamp('removed_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [
  index('timesheet_shifts_sheet_idx').on(t.timesheetId),
  uniqueIndex('timesheet_shifts_data_key_idx').on(t.timesheetId, t.dataKey),
  check('timesheet_shifts_source_check', sql`${t.source} IN ('data', 'office')`),
]);

/** Every change to a timesheet: who, when, what, the value before and after (printable by week). */
export const timesheetAudit = pgTable('timesheet_audit', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  timesheetId: integer('timesheet_id').notNull().references(() => timesheets.id, { onDelete: 'cascade' }),
  shiftId: bigint('shift_id', { mode: 'number' }),
  /** The call or step: updateshift, updateshiftnotes, addtimesheetshift, removetimesheetrecord, createdufftimesheet, signoff, driversignoff, reopen. */
  action: text('action').notNull(),
  field: text('field'),
  before: jsonb('before'),
  after: jsonb('after'),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  /** The name as it was when the change was made (a user renamed or deleted later stays readable). */
  userName: text('user_name').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('timesheet_audit_sheet_idx').on(t.timesheetId, t.id)]);

/**
 * A signed-off version of a timesheet: the operator's signature (and the driver's where driver mode
 * signed it on the cab device), and the PDF made at that moment, kept to be downloaded again.
 * One row per timesheet and version; a reopened week's next sign-off is a new row.
 */
export const timesheetSignoffs = pgTable('timesheet_signoffs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  timesheetId: integer('timesheet_id').notNull().references(() => timesheets.id, { onDelete: 'cascade' }),
  version: integer('version').notNull(),
  operatorUserId: integer('operator_user_id').references(() => users.id, { onDelete: 'set null' }),
  operatorName: text('operator_name').notNull(),
  operatorSignatureId: bigint('operator_signature_id', { mode: 'number' }).references(() => uploads.id),
  operatorSignedAt: timestamp('operator_signed_at', { withTimezone: true }).notNull(),
  driverSignatureId: bigint('driver_signature_id', { mode: 'number' }).references(() => uploads.id),
  driverSignedAt: timestamp('driver_signed_at', { withTimezone: true }),
  pdf: bytea('pdf').notNull(),
  pdfSha256: text('pdf_sha256').notNull(),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('timesheet_signoffs_version_idx').on(t.timesheetId, t.version)]);

/**
 * A driver's own signature on a week (driver mode, on the cab device), waiting for the office's
 * sign-off, which takes it into the PDF. One per timesheet and version.
 */
export const timesheetDriverSignatures = pgTable('timesheet_driver_signatures', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  timesheetId: integer('timesheet_id').notNull().references(() => timesheets.id, { onDelete: 'cascade' }),
  version: integer('version').notNull(),
  driverId: integer('driver_id').notNull().references(() => drivers.id, { onDelete: 'cascade' }),
  signatureId: bigint('signature_id', { mode: 'number' }).notNull().references(() => uploads.id),
  signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('timesheet_driver_signatures_idx').on(t.timesheetId, t.version)]);

/**
 * A report run (runreport): what was asked, its progress while it runs, and its result once done
 * (the ReportResult of packages/shared, kept until `expiresAt`). `cancelRequested` asks a running
 * report to stop at its next step. `runner` names the process running it (a restart finds its
 * own unfinished runs and marks them failed).
 */
export const reportRuns = pgTable('report_runs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  siteId: integer('site_id').notNull().references(() => sites.id),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  /** 'user' (the reporting page), 'schedule' (a scheduled report), 'service' (the generic reporting service). */
  origin: text('origin').notNull().default('user'),
  what: text('what').notNull(),
  params: jsonb('params').notNull(),
  status: text('status').notNull().default('queued'),
  progressDone: integer('progress_done').notNull().default(0),
  progressTotal: integer('progress_total').notNull().default(0),
  progressText: text('progress_text').notNull().default(''),
  cancelRequested: boolean('cancel_requested').notNull().default(false),
  result: jsonb('result'),
  rowCount: integer('row_count'),
  error: text('error'),
  runner: text('runner'),
  createdAt: createdAt(),
  startedAt: timestamp('started_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
}, (t) => [
  index('report_runs_user_idx').on(t.userId, t.id),
  index('report_runs_site_idx').on(t.siteId, t.id),
  check('report_runs_status_check', sql`${t.status} IN ('queued', 'running', 'done', 'failed', 'cancelled')`),
]);

/**
 * A report on a schedule (savescheduledreport): which report with which parameters, when (daily,
 * weekly on `weekday`, monthly on `monthDay`, at `atTime` in the site's zone), mailed as `format`
 * to `recipients`. `nextRunAt` is the next due instant, moved on when a run is claimed.
 */
export const scheduledReports = pgTable('scheduled_reports', {
  id: serial('id').primaryKey(),
  siteId: integer('site_id').notNull().references(() => sites.id),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  name: text('name').notNull(),
  what: text('what').notNull(),
  params: jsonb('params').notNull(),
  format: text('format').notNull(),
  frequency: text('frequency').notNull(),
  atTime: text('at_time').notNull(),
  weekday: integer('weekday'),
  monthDay: integer('month_day'),
  recipients: jsonb('recipients').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('scheduled_reports_site_idx').on(t.siteId),
  index('scheduled_reports_due_idx').on(t.nextRunAt).where(sql`enabled`),
  check('scheduled_reports_format_check', sql`${t.format} IN ('pdf', 'xlsx', 'csv')`),
  check('scheduled_reports_frequency_check', sql`${t.frequency} IN ('daily', 'weekly', 'monthly')`),
]);

/**
 * One due run of a scheduled report. (schedule, dueAt) is unique: a run is claimed by inserting its
 * row, so two workers or a restarted one never run the same due time twice. `leaseUntil` lets
 * another worker take over a run whose worker died before it sent; `sentAt` is set in the same
 * transaction that records the mail server's acceptance, and a run with it set is never sent again.
 */
export const scheduledReportRuns = pgTable('scheduled_report_runs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  scheduleId: integer('schedule_id').notNull().references(() => scheduledReports.id, { onDelete: 'cascade' }),
  dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
  /** 'running', 'retrying', 'sent', 'failed'. */
  status: text('status').notNull().default('running'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  reportRunId: bigint('report_run_id', { mode: 'number' }).references(() => reportRuns.id, { onDelete: 'set null' }),
  /** The mail server's message id once it accepted the mail. */
  messageId: text('message_id'),
  error: text('error'),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
}, (t) => [
  uniqueIndex('scheduled_report_runs_due_idx').on(t.scheduleId, t.dueAt),
  check('scheduled_report_runs_status_check', sql`${t.status} IN ('running', 'retrying', 'sent', 'failed')`),
]);

/**
 * A data request (awsdatarequest): all of a site's data for a date range, prepared in the
 * background as CSV files in one ZIP under DATA_DIR, offered for download until `expiresAt`.
 */
export const dataRequests = pgTable('data_requests', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  siteId: integer('site_id').notNull().references(() => sites.id),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  userName: text('user_name').notNull(),
  fromDay: date('from_day').notNull(),
  toDay: date('to_day').notNull(),
  /** 'queued', 'running', 'ready', 'failed', 'cancelled', 'expired'. */
  status: text('status').notNull().default('queued'),
  progressDone: bigint('progress_done', { mode: 'number' }).notNull().default(0),
  progressTotal: bigint('progress_total', { mode: 'number' }).notNull().default(0),
  progressText: text('progress_text').notNull().default(''),
  fileName: text('file_name'),
  bytes: bigint('bytes', { mode: 'number' }),
  rowCount: bigint('row_count', { mode: 'number' }),
  error: text('error'),
  runner: text('runner'),
  createdAt: createdAt(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
}, (t) => [index('data_requests_site_idx').on(t.siteId, t.id)]);

/** The audit of data requests: asked, prepared, downloaded (by whom, from where), expired, deleted. */
export const dataRequestAudit = pgTable('data_request_audit', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  requestId: bigint('request_id', { mode: 'number' }).notNull().references(() => dataRequests.id, { onDelete: 'cascade' }),
  action: text('action').notNull(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  userName: text('user_name').notNull(),
  ip: text('ip'),
  detail: jsonb('detail'),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('data_request_audit_request_idx').on(t.requestId, t.id)]);

/**
 * Installation-wide access tokens of machine clients (the generic reporting service): only a hash
 * is kept; the token itself is shown once, when it is generated.
 */
export const serviceTokens = pgTable('service_tokens', {
  name: text('name').primaryKey(),
  tokenHash: text('token_hash').notNull(),
  createdAt: createdAt(),
});

/**
 * The audit log (issue 15): every change made through the administration pages and every permission
 * refusal, append-only (a trigger refuses UPDATE and DELETE). Names are copied at the time of the
 * change so the line still reads right after a rename or a deletion.
 */
export const auditLog = pgTable('audit_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  /** The brand the action was taken on (its host): a super administrator reads their brand's lines. */
  brandId: integer('brand_id'),
  /** The site the change belongs to, when it belongs to one (site administrators read their sites' lines). */
  siteId: integer('site_id'),
  customerId: integer('customer_id'),
  actorUserId: integer('actor_user_id'),
  actorName: text('actor_name').notNull().default(''),
  /** 'change' or 'refusal'. */
  kind: text('kind').notNull(),
  /** What was done, a verb phrase key: 'user.add', 'config.units.edit', 'site.remove', 'refused' … */
  action: text('action').notNull(),
  /** What it was done to: 'user', 'unit', 'site', a call name for a refusal … and its id and name. */
  targetKind: text('target_kind').notNull().default(''),
  targetId: text('target_id'),
  targetName: text('target_name').notNull().default(''),
  before: jsonb('before'),
  after: jsonb('after'),
  /** A refusal's reason, or a note. */
  detail: text('detail').notNull().default(''),
  address: text('address').notNull().default(''),
}, (t) => [
  index('audit_log_at_idx').on(t.at),
  index('audit_log_site_idx').on(t.siteId, t.at),
  index('audit_log_brand_idx').on(t.brandId, t.at),
  check('audit_log_kind_check', sql`${t.kind} IN ('change', 'refusal')`),
]);

/** Text messages (issue 15, sendtestsms): sent through the SMS provider when one is configured, kept here either way. */
export const smsOutbox = pgTable('sms_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  brandId: integer('brand_id').references(() => brands.id),
  toNumber: text('to_number').notNull(),
  text: text('text').notNull(),
  /** The provider's name, or 'outbox' when none is configured (then it is only kept). */
  provider: text('provider').notNull(),
  createdAt: createdAt(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  error: text('error'),
});

// ---------------------------------------------------------------------------------------------
// Issue 16: vehicle data — fault episodes, fuel events, driving events, IO roll-ups.
// ---------------------------------------------------------------------------------------------

/**
 * A fault code's episode on a unit (events processor): from the first report that carried the code
 * to the first report that no longer did (`ended_at`); one open episode per unit and code. The
 * episode's first report raised the spn alert (`alert_id`).
 */
export const unitFaults = pgTable('unit_faults', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  siteId: integer('site_id').notNull().references(() => sites.id),
  unitId: integer('unit_id').notNull().references(() => units.id, { onDelete: 'cascade' }),
  /** The code as the device sent it: 'SPN 110 FMI 0', or an OBD code such as 'P0101'. */
  code: text('code').notNull(),
  /** J1939 suspect parameter number and failure mode (null: not a J1939 code). */
  spn: integer('spn'),
  fmi: integer('fmi'),
  firstAt: timestamp('first_at', { withTimezone: true, precision: 3 }).notNull(),
  lastAt: timestamp('last_at', { withTimezone: true, precision: 3 }).notNull(),
  endedAt: timestamp('ended_at', { withTimezone: true, precision: 3 }),
  firstPositionId: bigint('first_position_id', { mode: 'number' }).notNull(),
  alertId: bigint('alert_id', { mode: 'number' }).references(() => alerts.id, { onDelete: 'set null' }),
}, (t) => [
  uniqueIndex('unit_faults_open_idx').on(t.unitId, t.code).where(sql`ended_at IS NULL`),
  unique('unit_faults_once').on(t.unitId, t.code, t.firstAt),
  index('unit_faults_site_idx').on(t.siteId, t.firstAt),
]);

/** A refuel or a fuel drop found by the fuel monitor's detection (packages/shared fuel rules). */
export const fuelEvents = pgTable('fuel_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  siteId: integer('site_id').notNull().references(() => sites.id),
  unitId: integer('unit_id').notNull().references(() => units.id, { onDelete: 'cascade' }),
  /** 'refuel' | 'drop' */
  kind: text('kind').notNull(),
  startAt: timestamp('start_at', { withTimezone: true, precision: 3 }).notNull(),
  endAt: timestamp('end_at', { withTimezone: true, precision: 3 }).notNull(),
  /** Litres before and after (a level in % is turned into litres with the unit's tank size). */
  beforeLitres: doublePrecision('before_litres').notNull(),
  afterLitres: doublePrecision('after_litres').notNull(),
  litres: doublePrecision('litres').notNull(),
  lat: doublePrecision('lat').notNull(),
  lon: doublePrecision('lon').notNull(),
  /** The fuel-drop alert it raised (drops only). */
  alertId: bigint('alert_id', { mode: 'number' }).references(() => alerts.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
}, (t) => [
  unique('fuel_events_once').on(t.unitId, t.kind, t.startAt),
  index('fuel_events_site_idx').on(t.siteId, t.startAt),
  check('fuel_events_kind_check', sql`${t.kind} IN ('refuel', 'drop')`),
]);

/** How far the fuel detection has read each unit's positions (device time), so it goes on from there. */
export const unitFuelState = pgTable('unit_fuel_state', {
  unitId: integer('unit_id').primaryKey().references(() => units.id, { onDelete: 'cascade' }),
  scannedTo: timestamp('scanned_to', { withTimezone: true, precision: 3 }).notNull(),
  state: jsonb('state').notNull().default(sql`'{}'::jsonb`),
});

/**
 * A driving event for the performance scores: harsh braking, acceleration and cornering (Teltonika
 * green driving IO), speeding, idling and over-revving (spans from the track), with the driver at the time.
 */
export const drivingEvents = pgTable('driving_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  siteId: integer('site_id').notNull().references(() => sites.id),
  unitId: integer('unit_id').notNull().references(() => units.id, { onDelete: 'cascade' }),
  driverId: integer('driver_id').references(() => drivers.id, { onDelete: 'set null' }),
  /** 'harshBrake' | 'harshAccel' | 'cornering' | 'speeding' | 'idling' | 'overRev' */
  kind: text('kind').notNull(),
  at: timestamp('at', { withTimezone: true, precision: 3 }).notNull(),
  /** Spans (speeding, idling, over-revving): when it ended; null for an instant. */
  endAt: timestamp('end_at', { withTimezone: true, precision: 3 }),
  /** The event's size: g for harsh events, km/h over the limit, seconds, rpm (see the scoring rules). */
  value: doublePrecision('value').notNull().default(0),
  lat: doublePrecision('lat').notNull(),
  lon: doublePrecision('lon').notNull(),
  positionId: bigint('position_id', { mode: 'number' }).notNull(),
}, (t) => [
  unique('driving_events_once').on(t.unitId, t.kind, t.at),
  index('driving_events_site_idx').on(t.siteId, t.at),
  index('driving_events_driver_idx').on(t.driverId, t.at),
]);

/** The driving events processor's memory per unit: spans still open (speeding, idling, over-revving). */
export const unitDrivingState = pgTable('unit_driving_state', {
  unitId: integer('unit_id').primaryKey().references(() => units.id, { onDelete: 'cascade' }),
  lastTime: timestamp('last_time', { withTimezone: true, precision: 3 }),
  state: jsonb('state').notNull().default(sql`'{}'::jsonb`),
});

/**
 * Ten-minute roll-ups of each unit's numeric IO values (explorer): per bucket and IO id
 * {"<id>": [min, max, first, last, sum, count]}, so a month is 4,320 rows, not millions of positions.
 */
export const ioRollups = pgTable('io_rollups', {
  unitId: integer('unit_id').notNull().references(() => units.id, { onDelete: 'cascade' }),
  bucket: timestamp('bucket', { withTimezone: true }).notNull(),
  vals: jsonb('vals').notNull(),
  /** Positions folded in. */
  n: integer('n').notNull().default(0),
}, (t) => [primaryKey({ name: 'io_rollups_pkey', columns: [t.unitId, t.bucket] })]);
