import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { httpOrigin, httpUrl } from '@fleet/shared';
import { parseNetworks } from './ingest/source-allow.ts';
import { busUrl } from './bus/index.ts';
import { parseRoles, ROLES } from './cluster/roles.ts';
import { parseIngestProcesses } from './cluster/ingest-processes.ts';

const flag = z.enum(['0', '1']).transform((v) => v === '1');
const port = z.coerce.number().int().min(1).max(65535);
/** Source networks a device family may report from (comma-separated CIDR); unset: any. */
const networks = z.string().transform((v, ctx) => {
  try {
    return parseNetworks(v);
  } catch (err) {
    ctx.addIssue({ code: 'custom', message: (err as Error).message });
    return z.NEVER;
  }
}).optional();

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY besides addresses and CIDR ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: which proxies are believed about the client's address and host. Unset: none (the
 * connection's own address is the client). Otherwise a comma-separated list of the proxies'
 * addresses or CIDR ranges. 'true' (believe every hop) and a hop count are refused on purpose:
 * both believe the X-Forwarded-For of a client that reaches the server without the proxy.
 */
const trustProxy = z.string().trim().transform((value, ctx): false | string[] => {
  if (value === '' || value.toLowerCase() === 'false') return false;
  if (value.toLowerCase() === 'true' || /^\d+$/.test(value)) {
    ctx.addIssue({
      code: 'custom',
      message: `TRUST_PROXY=${value} would believe the X-Forwarded-For of any client that reaches the server directly: give the proxies' addresses (e.g. 10.0.0.5 or 10.0.0.0/24)`,
    });
    return z.NEVER;
  }
  const entries = value.split(',').map((e) => e.trim()).filter(Boolean);
  const bad = entries.filter((e) => !isProxyAddress(e));
  if (bad.length > 0) {
    ctx.addIssue({ code: 'custom', message: `TRUST_PROXY must be a comma-separated list of the proxies' IP addresses or CIDR ranges; not ${bad.map((b) => `'${b}'`).join(', ')}` });
    return z.NEVER;
  }
  return entries;
});

/** A setting holding a full http(s) address; `none` also accepts the word 'none'. */
const urlSetting = (name: string, opts: { none?: boolean } = {}) =>
  z.string().trim().transform((value, ctx) => {
    if (opts.none && value.toLowerCase() === 'none') return 'none';
    const parsed = httpUrl.safeParse(value);
    if (parsed.success) return parsed.data;
    const also = opts.none ? " (or 'none' for the bundled map only)" : '';
    ctx.addIssue({ code: 'custom', message: `${name} ${parsed.error.issues[0]?.message ?? 'is not valid'}${also}` });
    return z.NEVER;
  });

/** MAP_HOSTS: comma-separated origins the map styles load tiles, glyphs or sprites from. */
const mapHosts = z.string().transform((value, ctx) => {
  const out: string[] = [];
  for (const entry of value.split(',').map((e) => e.trim()).filter(Boolean)) {
    const parsed = httpOrigin.safeParse(entry);
    if (parsed.success) out.push(parsed.data);
    else ctx.addIssue({ code: 'custom', message: `MAP_HOSTS: '${entry}' must be an origin such as https://tiles.example.com (scheme, host and port only)` });
  }
  return out;
});

/** Every setting the server reads from the environment, validated once at start. */
export const configSchema = z.object({
  PORT: port.default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  FLEET_DEMO: flag.default(false),
  FLEET_ADMIN_USER: z.string().email('FLEET_ADMIN_USER must be an e-mail address').optional(),
  FLEET_ADMIN_PASSWORD: z.string().min(1).optional(),
  FLEET_DEMO_PASSWORD: z.string().min(1).optional(),
  PUBLIC_URL: z.string().url('PUBLIC_URL must be a full address such as https://fleet.example.com').optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://').optional(),
  /** An SMS gateway over HTTP (issue 15): POST JSON {to, from, text}; unset: text messages are kept in the SMS outbox only. */
  SMS_URL: urlSetting('SMS_URL').optional(),
  /** Sent as `Authorization: Bearer <token>` to SMS_URL when set. */
  SMS_TOKEN: z.string().min(1).optional(),
  /** The sender of text messages; unset: the brand's name as an alphanumeric sender ID (11 characters at most). */
  SMS_FROM: z.string().trim().min(1).max(20, 'SMS_FROM must be at most 20 characters').optional(),
  /** Run the scheduled reports' scheduler in this process (the worker part, issue 14); 0 in a process that only serves. */
  REPORT_SCHEDULER: flag.default(true),
  /** Prometheus metrics (issue 17) on a listener of their own, never the public port; unset: no metrics listener. */
  METRICS_PORT: z.coerce.number({ message: 'METRICS_PORT must be a port number (1-65535)' })
    .int('METRICS_PORT must be a whole port number (1-65535)').min(1, 'METRICS_PORT must be a port number (1-65535)')
    .max(65535, 'METRICS_PORT must be a port number (1-65535)').optional(),
  /** The metrics listener's address: the machine itself unless a scraper elsewhere must reach it. */
  METRICS_HOST: z.string().trim().refine((v) => net.isIP(v) !== 0 || v === 'localhost', 'METRICS_HOST must be an IP address to listen on (e.g. 127.0.0.1, 0.0.0.0 or ::)').default('127.0.0.1'),
  /** The roles this process takes (issue 17), comma-separated: api, ingest, worker; default all three. `--roles` on the command line wins. */
  FLEET_ROLES: z.string().transform((value, ctx) => {
    try {
      return parseRoles(value);
    } catch (err) {
      ctx.addIssue({ code: 'custom', message: `FLEET_ROLES: ${(err as Error).message}` });
      return z.NEVER;
    }
  }).default([...ROLES]),
  /**
   * The ingest role in this many processes (issue 17, cluster/ingest-processes.ts): 1 to 64, or
   * `auto` for one per core; default 1. More than one needs BUS_URL. `--ingest-processes` wins.
   */
  INGEST_PROCESSES: z.string().transform((value, ctx) => {
    try {
      return parseIngestProcesses(value);
    } catch (err) {
      ctx.addIssue({ code: 'custom', message: `INGEST_PROCESSES: ${(err as Error).message}` });
      return z.NEVER;
    }
  }).default(1),
  /** The bus between processes (issue 17): redis://host:port; unset: in-process (one process, no server). */
  BUS_URL: z.string().trim().superRefine((value, ctx) => {
    try {
      busUrl(value);
    } catch (err) {
      ctx.addIssue({ code: 'custom', message: (err as Error).message });
    }
  }).optional(),
  /**
   * Milliseconds between readiness turning 503 and the listeners closing at shutdown, so a load
   * balancer's next probe sees it and sends nothing new (issue 17); 0 (one process, no balancer): at once.
   */
  DRAIN_DELAY_MS: z.coerce.number().int('DRAIN_DELAY_MS must be a whole number of milliseconds').min(0, 'DRAIN_DELAY_MS must be 0 or more')
    .max(60_000, 'DRAIN_DELAY_MS must be at most 60000 (a minute)').default(0),
  /** Put before every Redis key of the bus and the socket adapter: one Redis can serve several installations. */
  BUS_PREFIX: z.string().trim().regex(/^[A-Za-z0-9:_-]{1,64}$/, 'BUS_PREFIX must be 1-64 letters, digits, ":", "_" or "-"').default('fleet:'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TELTONIKA_PORT: port.default(5027),
  OSMAND_PORT: port.default(5055),
  /** GT06 / Concox trackers, TCP (issue 13). */
  GT06_PORT: port.default(5023),
  /** Queclink @Track trackers, TCP and UDP on the same number (issue 13). */
  QUECLINK_PORT: port.default(5004),
  TELTONIKA_ALLOW: networks,
  OSMAND_ALLOW: networks,
  GT06_ALLOW: networks,
  QUECLINK_ALLOW: networks,
  W3W_API_KEY: z.string().min(1).optional(),
  TRUST_PROXY: trustProxy.default(false),
  /** The default brand's basemap (and any brand's that names none): a MapLibre style URL, or 'none' for the bundled map only. */
  MAP_STYLE_URL: urlSetting('MAP_STYLE_URL', { none: true }).optional(),
  MAP_SATELLITE_STYLE_URL: urlSetting('MAP_SATELLITE_STYLE_URL').optional(),
  MAP_HOSTS: mapHosts.default([]),
  /** A Nominatim-compatible reverse geocoder for street addresses (GET {url}/reverse?format=jsonv2&lat=&lon=). */
  GEOCODER_URL: urlSetting('GEOCODER_URL').optional(),
  /** Uploaded images in an S3-compatible bucket instead of <DATA_DIR>/uploads (issue 11): S3_BUCKET turns it on. */
  S3_ENDPOINT: urlSetting('S3_ENDPOINT').optional(),
  S3_BUCKET: z.string().trim().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'S3_BUCKET must be a bucket name (3-63 lower-case letters, digits, dots and hyphens)').optional(),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: flag.default(false),
  /** Hours a prepared data request (issue 14) is kept for download before its file is deleted. */
  DATA_REQUEST_KEEP_HOURS: z.coerce.number().int('DATA_REQUEST_KEEP_HOURS must be a whole number of hours')
    .min(1, 'DATA_REQUEST_KEEP_HOURS must be at least 1').max(24 * 90, 'DATA_REQUEST_KEEP_HOURS must be at most 2160 (90 days)').default(72),
  /** The generic reporting service's token (issue 14, /reporting/v1/); unset: generated on the first start and printed once. */
  REPORTING_TOKEN: z.string().trim().min(24, 'REPORTING_TOKEN must be at least 24 characters (a long random secret)').max(256).optional(),
});

export type Config = z.infer<typeof configSchema> & { publicUrl: string; dataDir: string };

export class ConfigError extends Error {}

/** Reads the environment; throws ConfigError listing every bad setting in plain words. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`The server's settings are not valid:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.FLEET_ADMIN_PASSWORD && !c.FLEET_ADMIN_USER) {
    throw new ConfigError('FLEET_ADMIN_PASSWORD is set but FLEET_ADMIN_USER is not: set both, or neither.');
  }
  const s3Keys = [c.S3_ACCESS_KEY_ID, c.S3_SECRET_ACCESS_KEY].filter(Boolean).length;
  if (c.S3_BUCKET && s3Keys !== 2) {
    throw new ConfigError('S3_BUCKET is set: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY too.');
  }
  if (!c.S3_BUCKET && (s3Keys > 0 || c.S3_ENDPOINT)) {
    throw new ConfigError('S3_ENDPOINT or S3 keys are set but S3_BUCKET is not: set S3_BUCKET to store uploads in a bucket, or remove them.');
  }
  if (c.METRICS_PORT !== undefined) {
    // Never the public port: the metrics must not be served to whoever reaches the web app.
    const taken = (['PORT', 'TELTONIKA_PORT', 'OSMAND_PORT', 'GT06_PORT', 'QUECLINK_PORT'] as const).find((k) => c[k] === c.METRICS_PORT);
    if (taken) throw new ConfigError(`METRICS_PORT=${c.METRICS_PORT} is ${taken}'s port too: give the metrics a port of their own.`);
  }
  if (c.FLEET_ROLES.length < ROLES.length) {
    // One role alone is one part of several processes: they share the database and talk over the bus.
    const only = `Running only ${c.FLEET_ROLES.join(', ')} (FLEET_ROLES or --roles) is part of the product`;
    if (!c.BUS_URL) throw new ConfigError(`${only}: set BUS_URL (redis://host:port) so it can reach the processes running the other roles.`);
    if (!c.DATABASE_URL) throw new ConfigError(`${only}: set DATABASE_URL to the PostgreSQL every process shares (the embedded database serves one process only).`);
  }
  if (c.INGEST_PROCESSES > 1 && c.FLEET_ROLES.includes('ingest') && !c.BUS_URL) {
    // The workers are processes of their own: commands, presence and frames reach the api over the bus only.
    throw new ConfigError(`INGEST_PROCESSES=${c.INGEST_PROCESSES} runs the ingest in ${c.INGEST_PROCESSES} processes: set BUS_URL (redis://host:port) so they can reach the api and the workers, or set INGEST_PROCESSES=1.`);
  }
  const publicUrl = (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, '');
  return { ...c, publicUrl, dataDir: path.resolve(c.DATA_DIR) };
}
