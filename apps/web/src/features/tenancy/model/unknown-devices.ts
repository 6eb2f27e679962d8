/** What the unknown-devices list needs of a device (the API's unknownDeviceSchema). */
interface RankedDevice {
  protocol: string;
  attempts: number;
  last: string;
}

/** The device families behind the server's `protocol` words, as people know them. */
const PROTOCOL_NAMES: Readonly<Record<string, string>> = {
  teltonika: 'Teltonika',
  osmand: 'Traccar Client / OsmAnd',
  gt06: 'GT06 / Concox',
  queclink: 'Queclink @Track',
};

/** 'gt06' → 'GT06 / Concox'; a word we do not know is shown as it came. */
export function protocolName(protocol: string): string {
  return PROTOCOL_NAMES[protocol] ?? protocol;
}

/**
 * The most attempts first, then the latest (the server's order, which the list's intro promises):
 * a real device keeps retrying, while a flood of made-up ids tries each once and sinks.
 */
export function rankUnknownDevices<T extends RankedDevice>(devices: readonly T[]): T[] {
  return [...devices].sort((a, b) => b.attempts - a.attempts || Date.parse(b.last) - Date.parse(a.last));
}
