import { parseArgs } from 'node:util';
import { DEFAULT_IMEI_BASE, imeiSequence } from './specs.ts';

export const HELP = `Fleet simulator: Teltonika Codec 8E devices (and Traccar Client phones) driving around
Leeds, Bradford and Wakefield.

Usage: npm run simulate -- [options]

  --devices N            number of simulated devices (default 10; ignored with --demo)
  --interval S           seconds between records per device, decimals allowed (default 5)
  --host H               server host (default 127.0.0.1)
  --port P               Teltonika TCP port (default $TELTONIKA_PORT or 5027)
  --osmand-port P        OsmAnd HTTP port for phones (default $OSMAND_PORT or 5055)
  --imei-base IMEI       first IMEI, 14 or 15 digits (default ${DEFAULT_IMEI_BASE}); later
                         devices count up, each with a valid Luhn check digit
  --demo                 simulate the demo seed's 60 units (their IMEIs, types and sites;
                         phones speak OsmAnd)
  --duration S           stop after S seconds (default: run until Ctrl+C)
  --records-per-packet N most records per Codec 8E packet, 1-255 (default 20)
  --history-days N       before going live, each Teltonika device sends its working days of
                         the previous N calendar days (depot in the morning, laps of its
                         route with work stops, back by evening; ignition off at night) as a
                         device sends what it buffered offline: oldest first, each packet
                         acknowledged; 0-14 (default 0). Phones send no history
  --history-rate N       history records per second for the whole fleet (default 2000)
  --history-state FILE   remembers which days were delivered, so a restart skips them
  --quiet                no status line every 10 s and no device errors (start and end only)
  -h, --help             show this help

The server refuses unregistered IMEIs: a refused device retries with backoff.
Example: npm run simulate -- --demo
         npm run simulate -- --devices 200 --interval 1 --duration 60 --imei-base 35620909000000`;

export interface CliOptions {
  devices: number;
  intervalMs: number;
  host: string;
  port: number;
  osmandPort: number;
  imeiBase: string;
  demo: boolean;
  durationMs: number | undefined;
  recordsPerPacket: number;
  quiet: boolean;
  historyDays: number;
  historyRecordsPerSecond: number;
  historyStateFile: string | undefined;
}

export class UsageError extends Error {}

/** Parses the simulator's arguments; throws UsageError with a clear message; null means --help. */
export function parseCli(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): CliOptions | null {
  let values: ReturnType<typeof parse>['values'];
  try {
    values = parse(argv).values;
  } catch (err) {
    throw new UsageError(
      (err as Error).message.replace(/\. To specify a positional.*$/s, '').replace(/\s*\n\s*/g, ' '),
    );
  }
  if (values.help) return null;
  const imeiBase = values['imei-base'] ?? DEFAULT_IMEI_BASE;
  const devices = integer('--devices', values.devices, 10, 1, 100_000);
  try {
    imeiSequence(imeiBase, devices);
  } catch (err) {
    throw new UsageError(`--imei-base: ${(err as Error).message}`);
  }
  const duration =
    values.duration === undefined ? undefined : number('--duration', values.duration, 0, 0.001, 1e7);
  return {
    devices,
    intervalMs: Math.round(number('--interval', values.interval, 5, 0.05, 86_400) * 1000),
    host: nonEmpty('--host', values.host ?? '127.0.0.1'),
    port: integer('--port', values.port ?? env.TELTONIKA_PORT, 5027, 1, 65_535),
    osmandPort: integer('--osmand-port', values['osmand-port'] ?? env.OSMAND_PORT, 5055, 1, 65_535),
    imeiBase,
    demo: values.demo ?? false,
    durationMs: duration === undefined ? undefined : Math.round(duration * 1000),
    recordsPerPacket: integer('--records-per-packet', values['records-per-packet'], 20, 1, 255),
    quiet: values.quiet ?? false,
    historyDays: integer('--history-days', values['history-days'], 0, 0, 14),
    historyRecordsPerSecond: integer('--history-rate', values['history-rate'], 2000, 1, 1_000_000),
    historyStateFile:
      values['history-state'] === undefined ? undefined : nonEmpty('--history-state', values['history-state']),
  };
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    strict: true,
    allowPositionals: false,
    options: {
      devices: { type: 'string' },
      interval: { type: 'string' },
      host: { type: 'string' },
      port: { type: 'string' },
      'osmand-port': { type: 'string' },
      'imei-base': { type: 'string' },
      demo: { type: 'boolean' },
      duration: { type: 'string' },
      'records-per-packet': { type: 'string' },
      quiet: { type: 'boolean' },
      'history-days': { type: 'string' },
      'history-rate': { type: 'string' },
      'history-state': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

function number(flag: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined) return fallback;
  const value = /^\s*[+]?(\d+\.?\d*|\.\d+)\s*$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isFinite(value)) throw new UsageError(`${flag} must be a number, got '${raw}'`);
  if (value < min || value > max)
    throw new UsageError(`${flag} must be between ${min} and ${max}, got ${raw}`);
  return value;
}

function integer(flag: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined) return fallback;
  if (!/^\s*\d+\s*$/.test(raw)) throw new UsageError(`${flag} must be a whole number, got '${raw}'`);
  const value = Number(raw);
  if (value < min || value > max)
    throw new UsageError(`${flag} must be between ${min} and ${max}, got ${raw}`);
  return value;
}

function nonEmpty(flag: string, raw: string): string {
  if (raw.trim() === '') throw new UsageError(`${flag} must not be empty`);
  return raw.trim();
}
