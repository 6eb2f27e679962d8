import { ATTR, type DeviceAlarm, isDeviceAlarm } from './attributes.ts';

/** A named attribute in words: its name and its value as people read it. */
export interface NamedDescribed {
  name: string;
  text: string;
}

/** Device alarms in words. */
export const ALARM_NAMES: Readonly<Record<DeviceAlarm, string>> = {
  sos: 'SOS', powerCut: 'Power cut', vibration: 'Vibration', overspeed: 'Over speed',
  lowBattery: 'Low battery', lowPower: 'Low power', tampering: 'Tampering',
};

const num = (v: number | string): number | null =>
  typeof v === 'number' ? v : /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : null;
const fmt = (v: number, digits: number, unit: string) =>
  `${v.toLocaleString('en-GB', { maximumFractionDigits: digits })}${unit ? ` ${unit}` : ''}`;
const yesNo = (v: number | string) => (num(v) === null ? String(v) : num(v) !== 0 ? 'Yes' : 'No');
const onOff = (v: number | string) => (num(v) === null ? String(v) : num(v) !== 0 ? 'On' : 'Off');
const unitOf = (digits: number, unit: string, factor = 1) => (v: number | string) => {
  const n = num(v);
  return n === null ? String(v) : fmt(n * factor, digits, unit);
};

/** How each known key is named and read; the order here is the order they are listed in. */
const KNOWN: Readonly<Record<string, [string, (v: number | string) => string]>> = {
  [ATTR.alarm]: ['Alarm', (v) => (isDeviceAlarm(v) ? ALARM_NAMES[v] : String(v))],
  alarmText: ['Alarm (device word)', String],
  [ATTR.mock]: ['Faked location', yesNo],
  [ATTR.fix]: ['Satellite fix', (v) => (num(v) === 0 ? 'No (cell towers or wifi only)' : yesNo(v))],
  [ATTR.ignition]: ['Ignition', onOff],
  [ATTR.motion]: ['Movement', (v) => (num(v) === null ? String(v) : num(v) !== 0 ? 'Moving' : 'Still')],
  [ATTR.batteryLevel]: ['Battery', unitOf(1, '%')],
  [ATTR.charge]: ['Charging', yesNo],
  [ATTR.battery]: ['Battery voltage', unitOf(2, 'V')],
  [ATTR.power]: ['External voltage', unitOf(2, 'V')],
  [ATTR.rssi]: ['GSM signal', (v) => (num(v) === null ? String(v) : `${num(v)} of 5`)],
  [ATTR.odometer]: ['Total odometer', unitOf(1, 'km', 0.001)],
  [ATTR.rpm]: ['Engine RPM', unitOf(0, 'rpm')],
  [ATTR.fuel]: ['Fuel level', unitOf(1, '%')],
  [ATTR.accuracy]: ['Accuracy', unitOf(1, 'm')],
  [ATTR.hdop]: ['HDOP', unitOf(1, '')],
  [ATTR.event]: ['Event', String],
  activity: ['Activity', (v) => String(v).replace(/_/g, ' ')],
  activityConfidence: ['Activity confidence', unitOf(0, '%')],
  driverUniqueId: ['Driver id', String],
  [ATTR.cell]: ['Serving cell (MCC:MNC:LAC:CID)', String],
  cells: ['Cell towers', String],
  wifi: ['Wifi access points', String],
  valid: ['Valid fix', yesNo],
  speedAccuracy: ['Speed accuracy', unitOf(1, 'm/s')],
  headingAccuracy: ['Heading accuracy', unitOf(1, '°')],
  altitudeAccuracy: ['Altitude accuracy', unitOf(1, 'm')],
  ellipsoidalAltitude: ['Ellipsoidal altitude', unitOf(1, 'm')],
  age: ['Location age', unitOf(0, 'ms')],
  uuid: ['Location id', String],
};

const ORDER = new Map(Object.keys(KNOWN).map((k, i) => [k, i]));

/** `deviceStringTest` → 'Device string test', `param239` → 'Parameter 239'. */
function humanize(key: string): string {
  const words = key.replace(/^param(?=\d)/, 'parameter ').replace(/([a-z])([A-Z0-9])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A named attribute (attributes.ts) or another word key in words: "Battery" "87 %", "Faked location" "Yes", "Alarm" "SOS". */
export function describeNamed(key: string, value: number | string): NamedDescribed {
  const known = KNOWN[key];
  if (known) return { name: known[0], text: known[1](value) };
  return { name: humanize(key), text: String(value) };
}

/** Sort order of word keys: the known ones in the table's order, then the rest alphabetically. */
export function compareNamed(a: string, b: string): number {
  const ia = ORDER.get(a) ?? Number.MAX_SAFE_INTEGER;
  const ib = ORDER.get(b) ?? Number.MAX_SAFE_INTEGER;
  return ia - ib || a.localeCompare(b);
}
