import { parseArgs } from 'node:util';
import { SIM_PROTOCOLS, type SimProtocol } from './protocols.ts';
import { DEFAULT_IMEI_BASE, imeiSequence } from './specs.ts';

const PROTOCOL_NAMES = Object.keys(SIM_PROTOCOLS) as SimProtocol[];

export const HELP = `Fleet simulator: trackers (Teltonika Codec 8E by default, or GT06/Concox) and Traccar
Client phones driving around Leeds, Bradford and Wakefield.

Usage: npm run simulate -- [options]

  --devices N            number of simulated devices (default 10; ignored with --demo)
  --interval S           seconds between records per device, decimals allowed (default 5)
  --host H               server host (default 127.0.0.1)
  --protocol NAME        what the trackers speak: ${PROTOCOL_NAMES.join(', ')} (default teltonika)
  --port P               the trackers' TCP port (default by protocol: $TELTONIKA_PORT or 5027,
                         $GT06_PORT or 5023, $QUECLINK_PORT or 5004)
  --udp                  Queclink only: the trackers send over UDP (report mode 4) to the same port
  --osmand-port P        OsmAnd HTTP port for phones (default $OSMAND_PORT or 5055)
  --imei-base IMEI       first IMEI, 14 or 15 digits (default ${DEFAULT_IMEI_BASE}); later
                         devices count up, each with a valid Luhn check digit
  --demo                 simulate the demo seed's 60 units (their IMEIs, types and sites;
                         Teltonika, phones speak OsmAnd; not with another --protocol)
  --duration S           stop after S seconds (default: run until Ctrl+C)
  --records-per-packet N most records per Codec 8E packet, 1-255 (default 20)
  --history-days N       Teltonika only: before going live, each device sends its working days of
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
         npm run simulate -- --devices 200 --interval 1 --duration 60 --imei-base 35620909000000
         npm run simulate -- --protocol gt06 --devices 5 --imei-base 35620909100000
         npm run simulate -- --protocol queclink --devices 5 --imei-base 86289402018055`;

export interface CliOptions {
  protocol: SimProtocol;
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
  /** Queclink trackers send over UDP instead of TCP. */
  udp: boolean;
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
  const protocol = protocolName(values.protocol);
  if (values.demo && protocol !== 'teltonika') {
    throw new UsageError(
      `--demo simulates the demo units as seeded (Teltonika and phones), not with --protocol ${protocol}`,
    );
  }
  const historyDays = integer('--history-days', values['history-days'], 0, 0, 14);
  if (protocol !== 'teltonika' && historyDays > 0) {
    throw new UsageError(`--history-days is for Teltonika devices only, not --protocol ${protocol}`);
  }
  if (values.udp && protocol !== 'queclink') {
    throw new UsageError(`--udp is for --protocol queclink only, not ${protocol}`);
  }
  const { portEnv, defaultPort } = SIM_PROTOCOLS[protocol];
  const duration =
    values.duration === undefined ? undefined : number('--duration', values.duration, 0, 0.001, 1e7);
  return {
    protocol,
    devices,
    intervalMs: Math.round(number('--interval', values.interval, 5, 0.05, 86_400) * 1000),
    host: nonEmpty('--host', values.host ?? '127.0.0.1'),
    port: integer('--port', values.port ?? env[portEnv], defaultPort, 1, 65_535),
    osmandPort: integer('--osmand-port', values['osmand-port'] ?? env.OSMAND_PORT, 5055, 1, 65_535),
    imeiBase,
    demo: values.demo ?? false,
    durationMs: duration === undefined ? undefined : Math.round(duration * 1000),
    recordsPerPacket: integer('--records-per-packet', values['records-per-packet'], 20, 1, 255),
    quiet: values.quiet ?? false,
    historyDays,
    historyRecordsPerSecond: integer('--history-rate', values['history-rate'], 2000, 1, 1_000_000),
    historyStateFile:
      values['history-state'] === undefined ? undefined : nonEmpty('--history-state', values['history-state']),
    udp: values.udp ?? false,
  };
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    strict: true,
    allowPositionals: false,
    options: {
      protocol: { type: 'string' },
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
      udp: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

function protocolName(raw: string | undefined): SimProtocol {
  if (raw === undefined) return 'teltonika';
  const name = raw.trim().toLowerCase();
  if (!(PROTOCOL_NAMES as string[]).includes(name)) {
    throw new UsageError(`--protocol must be one of ${PROTOCOL_NAMES.join(', ')}, got '${raw}'`);
  }
  return name as SimProtocol;
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
