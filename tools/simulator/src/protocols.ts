import type { DeviceOptions, DeviceStats } from './device.ts';
import { TeltonikaDevice } from './device.ts';
import { Gt06Device } from './gt06-device.ts';
import { QueclinkDevice } from './queclink-device.ts';

/**
 * The simulator's plug point for tracker protocols: `--protocol NAME` picks the factory here.
 * Adding a protocol is its device file plus one line in DEVICE_FACTORIES (and its name and port
 * default in SIM_PROTOCOLS, which the CLI reads without loading any device code).
 */
export const SIM_PROTOCOLS = {
  teltonika: { portEnv: 'TELTONIKA_PORT', defaultPort: 5027, label: 'Teltonika Codec 8E' },
  gt06: { portEnv: 'GT06_PORT', defaultPort: 5023, label: 'GT06/Concox' },
  queclink: { portEnv: 'QUECLINK_PORT', defaultPort: 5004, label: 'Queclink @Track' },
} as const;

export type SimProtocol = keyof typeof SIM_PROTOCOLS;

/** A simulated tracker over its own protocol, as the fleet drives it. */
export interface SimDevice {
  readonly imei: string;
  start(): void;
  /** Stops generating and closes the connection; resolves once it is closed. */
  stop(): Promise<unknown>;
  /** Stops generating new records but keeps sending what is buffered. */
  pauseGeneration(): void;
  stats(): DeviceStats;
}

/**
 * Builds one device. Options a protocol has no use for (history, recordsPerPacket) are ignored
 * by its factory.
 */
export type DeviceFactory = (options: DeviceOptions & { transport?: 'tcp' | 'udp' }) => SimDevice;

export const DEVICE_FACTORIES: Partial<Record<SimProtocol, DeviceFactory>> = {
  teltonika: (o) => new TeltonikaDevice(o),
  gt06: (o) => new Gt06Device(o),
  queclink: (o) => new QueclinkDevice(o),
};

/** The factory for a protocol, or a clear error when that protocol has no simulated device yet. */
export function deviceFactory(protocol: SimProtocol): DeviceFactory {
  const factory = DEVICE_FACTORIES[protocol];
  if (!factory) {
    throw new Error(
      `the simulator has no ${SIM_PROTOCOLS[protocol].label} device yet (--protocol ${protocol})`,
    );
  }
  return factory;
}
