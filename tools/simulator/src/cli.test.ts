import { describe, expect, it } from 'vitest';
import { parseCli, UsageError } from './cli.ts';
import { DEFAULT_IMEI_BASE } from './specs.ts';

describe('simulator CLI arguments', () => {
  it('has defaults, takes decimals for --interval and the ports from the environment', () => {
    expect(parseCli([], {})).toEqual({
      protocol: 'teltonika',
      devices: 10,
      intervalMs: 5000,
      host: '127.0.0.1',
      port: 5027,
      osmandPort: 5055,
      imeiBase: DEFAULT_IMEI_BASE,
      demo: false,
      durationMs: undefined,
      recordsPerPacket: 20,
      quiet: false,
      historyDays: 0,
      historyRecordsPerSecond: 2000,
      historyStateFile: undefined,
      udp: false,
    });
    expect(parseCli(['--interval', '0.5', '--devices', '200', '--duration', '30'], {})).toMatchObject({
      intervalMs: 500,
      devices: 200,
      durationMs: 30_000,
    });
    expect(parseCli([], { TELTONIKA_PORT: '6001', OSMAND_PORT: '6002' })).toMatchObject({
      port: 6001,
      osmandPort: 6002,
    });
    expect(
      parseCli(['--port=7000', '--demo', '--quiet', '--host', 'fleet.local'], { TELTONIKA_PORT: '6001' }),
    ).toMatchObject({
      port: 7000,
      demo: true,
      quiet: true,
      host: 'fleet.local',
    });
    expect(parseCli(['--imei-base', '35620908900001'], {})?.imeiBase).toBe('35620908900001');
    expect(
      parseCli(['--history-days', '2', '--history-rate=500', '--history-state', 'data/sim.json'], {}),
    ).toMatchObject({ historyDays: 2, historyRecordsPerSecond: 500, historyStateFile: 'data/sim.json' });
  });

  it('takes --protocol, with the port default and environment variable of that protocol', () => {
    expect(parseCli(['--protocol', 'gt06'], {})).toMatchObject({ protocol: 'gt06', port: 5023 });
    expect(parseCli(['--protocol=GT06'], { GT06_PORT: '7023', TELTONIKA_PORT: '6001' })).toMatchObject({
      protocol: 'gt06',
      port: 7023,
    });
    expect(parseCli(['--protocol', 'queclink'], {})).toMatchObject({ protocol: 'queclink', port: 5004 });
    expect(parseCli(['--protocol', 'gt06', '--port', '6000'], { GT06_PORT: '7023' })?.port).toBe(6000);
    expect(parseCli(['--protocol', 'teltonika', '--demo'], {})).toMatchObject({ protocol: 'teltonika', demo: true });
  });

  it('takes --udp for Queclink trackers only', () => {
    expect(parseCli(['--protocol', 'queclink', '--udp'], {})).toMatchObject({ protocol: 'queclink', udp: true, port: 5004 });
    expect(parseCli(['--protocol', 'queclink'], {})?.udp).toBe(false);
    expect(() => parseCli(['--udp'], {})).toThrow(/--udp is for --protocol queclink only/);
  });

  it('returns null for --help', () => {
    expect(parseCli(['--help'], {})).toBeNull();
    expect(parseCli(['-h'], {})).toBeNull();
  });

  it.each([
    [['--devices', 'ten'], "--devices must be a whole number, got 'ten'"],
    [['--devices', '0'], '--devices must be between 1 and 100000, got 0'],
    [['--devices', '2.5'], "--devices must be a whole number, got '2.5'"],
    [['--interval=-1'], "--interval must be a number, got '-1'"],
    [['--interval', '0'], '--interval must be between 0.05 and 86400, got 0'],
    [['--interval', '5s'], "--interval must be a number, got '5s'"],
    [['--port', '70000'], '--port must be between 1 and 65535, got 70000'],
    [['--osmand-port', 'http'], "--osmand-port must be a whole number, got 'http'"],
    [['--records-per-packet', '300'], '--records-per-packet must be between 1 and 255, got 300'],
    [['--duration', 'forever'], "--duration must be a number, got 'forever'"],
    [['--imei-base', '12ab'], "--imei-base: IMEI base must be 14 or 15 digits, got '12ab'"],
    [
      ['--imei-base', '356209089000000'],
      '--imei-base: IMEI base 356209089000000 has a wrong check digit: expected 1',
    ],
    [['--host', ' '], '--host must not be empty'],
    [['--history-days', '15'], '--history-days must be between 0 and 14, got 15'],
    [['--history-days', 'two'], "--history-days must be a whole number, got 'two'"],
    [['--history-rate', '0'], '--history-rate must be between 1 and 1000000, got 0'],
    [['--history-state', ''], '--history-state must not be empty'],
    [['--protocol', 'tk103'], "--protocol must be one of teltonika, gt06, queclink, got 'tk103'"],
    [['--protocol', ''], "--protocol must be one of teltonika, gt06, queclink, got ''"],
    [
      ['--protocol', 'gt06', '--demo'],
      '--demo simulates the demo units as seeded (Teltonika and phones), not with --protocol gt06',
    ],
    [['--protocol', 'gt06', '--history-days', '1'], '--history-days is for Teltonika devices only, not --protocol gt06'],
  ])('rejects %j', (argv, message) => {
    expect(() => parseCli(argv, {})).toThrow(new UsageError(message));
  });

  it('rejects unknown options, positionals and missing values with the parser message', () => {
    expect(() => parseCli(['--speed', '3'], {})).toThrow(/Unknown option '--speed'/);
    expect(() => parseCli(['10'], {})).toThrow(UsageError);
    expect(() => parseCli(['--devices'], {})).toThrow(/--devices/);
    expect(() => parseCli(['--interval', '-1'], {})).toThrow(/'--interval' argument is ambiguous/);
  });

  it('rejects a bad TELTONIKA_PORT from the environment', () => {
    expect(() => parseCli([], { TELTONIKA_PORT: 'abc' })).toThrow("--port must be a whole number, got 'abc'");
  });
});
