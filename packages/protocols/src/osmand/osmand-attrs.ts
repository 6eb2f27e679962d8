import { ATTR, type DeviceAlarm } from '../attributes.ts';
import { ProtocolError } from '../errors.ts';
import { parseDecimal, parseFlag } from './osmand-values.ts';

/** What an OsmAnd request says beyond its position, as stored in `positions.io` (named attributes). */
export type OsmandIo = Record<string, number | string>;

/** Longest text value kept; a phone has no business sending more in one field. */
export const MAX_TEXT = 256;
/** Most fields one report may carry: a phone sends a few dozen; a request with more is not a phone's. */
export const MAX_FIELDS = 200;
/** Longest attribute key kept. */
const MAX_KEY = 64;

/**
 * Free text as the log can hold it: control characters (a NUL is text PostgreSQL refuses) and lone
 * UTF-16 surrogates become U+FFFD, and it is cut at MAX_TEXT. Refusing the report instead would
 * make the app send it again forever, for a field nobody reads.
 */
export function cleanText(text: string): string {
  // eslint-disable-next-line no-control-regex -- replacing control characters is the point
  return text.slice(0, MAX_TEXT).replace(/[\u0000-\u001f\u007f]|\p{Cs}/gu, '\uFFFD');
}

/** Named attributes that are 0/1 flags: a value that is not a flag is a bad request. */
const FLAG_KEYS = new Set<string>([ATTR.ignition, ATTR.motion, ATTR.charge, ATTR.mock]);
/** Named attributes that are numbers: a value that is not a number is a bad request. */
const NUMBER_KEYS = new Set<string>([
  ATTR.batteryLevel, ATTR.battery, ATTR.power, ATTR.rssi, ATTR.odometer, ATTR.hdop, ATTR.accuracy, ATTR.rpm, ATTR.fuel,
]);

/**
 * The io key for a wire name: snake_case and kebab-case become camelCase (`speed_accuracy` →
 * `speedAccuracy`); a name that would start with a digit gets a `param` prefix so that it can never
 * be read as a Teltonika IO element id (a free parameter `2=1` must not press the panic input).
 */
export function attrKey(wire: string): string {
  const parts = wire.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const camel = parts
    .map((p, i) => (i === 0 ? p : p.charAt(0).toUpperCase() + p.slice(1)))
    .join('');
  const key = /^[A-Za-z]/.test(camel) ? camel : `param${camel}`;
  return key.slice(0, MAX_KEY);
}

/**
 * A free value as stored: a decimal number stays a number, true/false become 1/0, anything else is
 * text (at most MAX_TEXT characters). Objects and arrays are kept as their JSON text: io is flat.
 */
export function freeValue(raw: unknown): number | string | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw === 'boolean') return raw ? 1 : 0;
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : undefined;
  if (typeof raw === 'object') return cleanText(JSON.stringify(raw));
  const text = String(raw).trim();
  if (text === '') return undefined;
  if (/^[+-]?(?:\d+\.?\d*|\.\d+)$/.test(text) && Number.isFinite(Number(text))) return Number(text);
  if (text === 'true' || text === 'false') return text === 'true' ? 1 : 0;
  return cleanText(text);
}

/**
 * Puts one value under its io key. Named flags and numbers are checked (a bad one is a clear
 * error, as for the position's own fields); `alarm` goes through alarmAttrs.
 */
export function putAttr(io: OsmandIo, key: string, raw: unknown): void {
  if (key === ATTR.alarm) {
    Object.assign(io, alarmAttrs(raw));
    return;
  }
  if (FLAG_KEYS.has(key)) {
    if (raw === undefined || raw === null || raw === '') return;
    io[key] = parseFlag(key, raw) ? 1 : 0;
    return;
  }
  if (NUMBER_KEYS.has(key)) {
    if (raw === undefined || raw === null || raw === '') return;
    io[key] = parseDecimal(key, raw);
    return;
  }
  const value = freeValue(raw);
  if (value !== undefined) io[key] = value;
}

/**
 * Alarm words the Traccar Client app and OsmAnd-protocol devices send (Traccar's alarm names, any
 * case), mapped to the product's device alarms. Words not here are kept as `alarmText`.
 */
const ALARM_WORDS: Readonly<Record<string, DeviceAlarm>> = {
  sos: 'sos', panic: 'sos', emergency: 'sos',
  powercut: 'powerCut', poweroff: 'powerCut',
  vibration: 'vibration', shock: 'vibration',
  overspeed: 'overspeed', speeding: 'overspeed',
  lowbattery: 'lowBattery',
  lowpower: 'lowPower',
  tampering: 'tampering', tamper: 'tampering', removing: 'tampering',
};

/**
 * `alarm` → the named attribute: a known word (or the first known word of a comma-separated list)
 * becomes `alarm`, the words not understood are kept as `alarmText` so nothing is lost.
 */
export function alarmAttrs(raw: unknown): OsmandIo {
  if (raw === undefined || raw === null) return {};
  const words = cleanText(String(raw)).split(',').map((w) => w.trim()).filter(Boolean);
  const out: OsmandIo = {};
  const rest: string[] = [];
  for (const word of words) {
    const known = ALARM_WORDS[word.toLowerCase().replace(/[^a-z]/g, '')];
    if (known && out.alarm === undefined) out.alarm = known;
    else if (!known) rest.push(word);
  }
  if (rest.length) out.alarmText = cleanText(rest.join(','));
  return out;
}

/** Refuses a report whose io holds more than MAX_FIELDS fields (a clear error, nothing stored). */
export function checkFieldCount(io: OsmandIo): void {
  const n = Object.keys(io).length;
  if (n > MAX_FIELDS) throw new ProtocolError('invalid_field', `too many fields: ${n}, at most ${MAX_FIELDS} are accepted`);
}

/** Whether a report carries an alarm (understood or not): it gets its own re-send key (eventIo 1). */
export function carriesAlarm(io: OsmandIo): boolean {
  return io.alarm !== undefined || io.alarmText !== undefined;
}

/**
 * The `cell` parameters (`mcc,mnc,lac,cid[,rssi]`, one per tower, the serving one first): the
 * first becomes the named `cell` "mcc:mnc:lac:cid", all of them are kept as text in `cells`.
 */
export function cellAttrs(values: readonly string[]): OsmandIo {
  if (values.length === 0) return {};
  const out: OsmandIo = { cells: cleanText(values.join(';')) };
  const first = (values[0] ?? '').split(',').map((s) => s.trim());
  if ((first.length === 4 || first.length === 5) && first.every((s) => /^-?\d+$/.test(s))) {
    out[ATTR.cell] = first.slice(0, 4).map(Number).join(':');
  }
  return out;
}

/** Wifi access points (`mac,rssi`, one per parameter) kept as text in `wifi`. */
export function wifiAttrs(values: readonly string[]): OsmandIo {
  return values.length ? { wifi: cleanText(values.join(';')) } : {};
}


/**
 * The re-send key's event part (CONTRACTS): 0 for a position, 1 for a report carrying an alarm, so
 * an SOS at the same device second as a position is kept and not dropped as a re-send.
 */
export function osmandEventIo(io: OsmandIo): number {
  return carriesAlarm(io) ? 1 : 0;
}
