/**
 * Named attributes: how protocols other than Teltonika (OsmAnd / Traccar Client, GT06 / Concox,
 * Queclink @Track) write what a report says into `positions.io`. Teltonika keys are IO element ids
 * (digit strings, read through the unit type's IoMap); these keys are words, so the two never meet.
 * `interpret` (teltonika/io-map.ts) reads a named attribute wherever the unit type's IO element is
 * absent, so ignition, movement, battery and panic mean the same to the processors whatever the
 * device speaks. Values are numbers (flags 0/1) or short text.
 */
export const ATTR = {
  /** A device alarm in this report: one of DEVICE_ALARMS. */
  alarm: 'alarm',
  /** 0/1. */
  ignition: 'ignition',
  /** 0/1: moving, as the device judges it. */
  motion: 'motion',
  /** 0/1: external power connected / battery charging. */
  charge: 'charge',
  /** Internal battery, percent 0–100. */
  batteryLevel: 'batteryLevel',
  /** Internal battery, volts. */
  battery: 'battery',
  /** External (vehicle) power, volts. */
  power: 'power',
  /** GSM signal, 0–5 bars (protocols with another scale convert). */
  rssi: 'rssi',
  /** Total odometer, metres. */
  odometer: 'odometer',
  /** Horizontal dilution of precision. */
  hdop: 'hdop',
  /** Horizontal accuracy, metres. */
  accuracy: 'accuracy',
  /** 1: the phone says the location is faked (a mock-location app). */
  mock: 'mock',
  /** 0: the report carries no satellite fix (cell towers or wifi only); stored at 0,0 and flagged no-fix. */
  fix: 'fix',
  /** Serving cell "mcc:mnc:lac:cid" of a report without a fix. */
  cell: 'cell',
  /** Engine RPM. */
  rpm: 'rpm',
  /** Fuel level, percent. */
  fuel: 'fuel',
  /** The device's own event name or number (Traccar Client `event`, a Queclink report type). */
  event: 'event',
} as const;

/**
 * Device alarms a protocol can report. `sos` raises the panic alert (the same as a Teltonika panic
 * input); the others raise device alarms.
 */
export const DEVICE_ALARMS = ['sos', 'powerCut', 'vibration', 'overspeed', 'lowBattery', 'lowPower', 'tampering'] as const;
export type DeviceAlarm = (typeof DEVICE_ALARMS)[number];

export function isDeviceAlarm(v: unknown): v is DeviceAlarm {
  return typeof v === 'string' && (DEVICE_ALARMS as readonly string[]).includes(v);
}

/** A named attribute as a number (a digit string counts), else null. */
export function namedNumber(io: Record<string, number | string>, key: string): number | null {
  const v = io[key];
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v)) return Number(v);
  return null;
}

/** A named 0/1 attribute as a flag, else null. */
export function namedFlag(io: Record<string, number | string>, key: string): boolean | null {
  const v = namedNumber(io, key);
  return v === null ? null : v !== 0;
}

/** The alarm a report carries, if any. */
export function alarmOf(io: Record<string, number | string>): DeviceAlarm | null {
  const v = io[ATTR.alarm];
  return isDeviceAlarm(v) ? v : null;
}

/**
 * Word keys that describe one report, not the device's standing state (a faked location, an alarm,
 * the report's kind, "sent from memory", a message counter). A unit's state keeps the last value of
 * every other key, but drops these when the next report comes: one faked location or one SOS must
 * not mark every later report.
 */
export const REPORT_ONLY_KEYS: readonly string[] = [
  ATTR.mock, ATTR.alarm, 'alarmText', ATTR.event, ATTR.fix, 'buffered', 'countNumber', 'reportId', 'reportType',
  'gt06Alert', 'gt06Fence', 'gt06Reupload', 'gt06UploadMode',
];
