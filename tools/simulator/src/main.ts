import { HELP, parseCli, UsageError } from './cli.ts';
import { formatStatus, runFleet } from './fleet.ts';
import { deviceFactory, SIM_PROTOCOLS } from './protocols.ts';
import { demoSpecs, syntheticSpecs } from './specs.ts';

// `npm run simulate -- --devices N --interval S --host H --port P` (see --help).
async function main(): Promise<number> {
  let options: ReturnType<typeof parseCli>;
  try {
    options = parseCli(process.argv.slice(2));
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    console.error(`simulate: ${err.message}\nRun 'npm run simulate -- --help' for the options.`);
    return 2;
  }
  if (!options) {
    console.log(HELP);
    return 0;
  }
  try {
    deviceFactory(options.protocol);
  } catch (err) {
    console.error(`simulate: ${(err as Error).message}`);
    return 2;
  }
  const devices = options.demo ? demoSpecs() : syntheticSpecs(options.devices, options.imeiBase);
  const phones = devices.filter((d) => d.protocol === 'osmand').length;
  console.log(
    `simulate: ${devices.length} devices (${devices.length - phones} ${SIM_PROTOCOLS[options.protocol].label} → ${options.host}:${options.port}` +
      (phones > 0 ? `, ${phones} OsmAnd → ${options.host}:${options.osmandPort}` : '') +
      `), a record every ${options.intervalMs / 1000} s${options.durationMs ? ` for ${options.durationMs / 1000} s` : ''}` +
      (options.historyDays > 0 ? `, after their previous ${options.historyDays} days` : '') +
      '. Ctrl+C stops.',
  );
  const fleet = runFleet({
    devices,
    protocol: options.protocol,
    host: options.host,
    port: options.port,
    osmandPort: options.osmandPort,
    intervalMs: options.intervalMs,
    recordsPerPacket: options.recordsPerPacket,
    durationMs: options.durationMs,
    quiet: options.quiet,
    historyDays: options.historyDays,
    historyRecordsPerSecond: options.historyRecordsPerSecond,
    historyStateFile: options.historyStateFile,
    statusEveryMs: options.quiet ? 0 : 10_000,
    handleSignals: true,
    ...(options.udp ? { transport: 'udp' as const } : {}),
  });
  const final = await fleet.done;
  console.log(`${formatStatus(final)} · stopped`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
