import { ATTR, type DeviceAlarm, isDeviceAlarm } from './attributes.ts';

/** A named attribute in words: its name and its value as people read it. */
export interface NamedDescribed {
  name: string;
  text: string;
}

/**
 * The unit system a site reads in (packages/shared rules/units.ts, `UnitSystem`): 'imperial' reads
 * distances in miles and speeds in mph, 'metric' in km and km/h. Spelt here as well because
 * packages/protocols depends on no other package.
 */
export type ReadingUnits = 'imperial' | 'metric';

/** Kilometres in a statute mile (packages/shared KM_PER_MILE). */
const KM_PER_MILE = 1.609344;
/** Litres per 100 km times UK miles per gallon: mpg = 282.481 / (l/100 km). */
const UK_MPG_TIMES_L_PER_100KM = 282.480936;

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
/** A distance in km in the site's units: '111,584 mi' or '179,577.8 km'. */
export function distanceText(km: number, units: ReadingUnits, digits = 1): string {
  return units === 'imperial' ? fmt(km / KM_PER_MILE, digits, 'mi') : fmt(km, digits, 'km');
}
/** A speed in km/h in the site's units: '62 mph' or '100 km/h'. */
export function speedText(kmh: number, units: ReadingUnits, digits = 0): string {
  return units === 'imperial' ? fmt(kmh / KM_PER_MILE, digits, 'mph') : fmt(kmh, digits, 'km/h');
}
const distance = (toKm: number, digits = 1) => (v: number | string, units: ReadingUnits) => {
  const n = num(v);
  return n === null ? String(v) : distanceText(n * toKm, units, digits);
};
const speed = (toKmh: number, digits = 0) => (v: number | string, units: ReadingUnits) => {
  const n = num(v);
  return n === null ? String(v) : speedText(n * toKmh, units, digits);
};
/** Fuel consumption given in l/100 km: UK mpg on an imperial site (0 stays 0: nothing measured yet). */
const consumption = (v: number | string, units: ReadingUnits) => {
  const n = num(v);
  if (n === null) return String(v);
  return units === 'imperial' && n > 0 ? fmt(UK_MPG_TIMES_L_PER_100KM / n, 1, 'mpg') : fmt(n, 1, 'l/100 km');
};
const ofScale = (top: number) => (v: number | string) => (num(v) === null ? String(v) : `${num(v)} of ${top}`);
/** Seconds as hours and minutes: 18529200 → '5,147 h 00 min'. */
const hoursMinutes = (v: number | string) => {
  const n = num(v);
  if (n === null || n < 0) return String(v);
  const minutes = Math.floor(n / 60);
  return `${Math.floor(minutes / 60).toLocaleString('en-GB')} h ${String(minutes % 60).padStart(2, '0')} min`;
};
/** A bit mask as the numbers of the bits that are set, from 1: 5 → '1, 3 on'. */
const bitsOn = (v: number | string) => {
  const n = num(v);
  if (n === null || n < 0 || !Number.isInteger(n)) return String(v);
  const on = [...n.toString(2)].reverse().flatMap((b, i) => (b === '1' ? [i + 1] : []));
  return on.length === 0 ? 'All off' : `${on.join(', ')} on`;
};

/** GT06 'data upload mode' byte of a 0x22/0xA0 location: why the device sent it (Concox VL03 manual). */
const GT06_UPLOAD_MODES: Readonly<Record<number, string>> = {
  0x00: 'Time interval', 0x01: 'Distance interval', 0x02: 'Turn (inflection point)', 0x03: 'Ignition (ACC) change',
  0x04: 'Last point on stopping', 0x05: 'Network back', 0x06: 'Ephemeris update', 0x07: 'Side key pressed',
  0x08: 'Powered on', 0x0a: 'Still (time updated)', 0x0d: 'Still',
};
/** Queclink @Track report types in words (GV300 @Track protocol document). */
const QUECLINK_REPORTS: Readonly<Record<string, string>> = {
  GTFRI: 'Fixed report', GTIGN: 'Ignition on', GTIGF: 'Ignition off', GTSOS: 'SOS', GTHBD: 'Heartbeat',
  GTRTL: 'Real-time location', GTSPD: 'Speed alarm', GTGEO: 'Geofence', GTDIS: 'Digital input', GTIGL: 'Ignition location',
  GTTOW: 'Towing', GTHBM: 'Harsh driving', GTIOB: 'Input combination', GTEPS: 'External power', GTDOG: 'Watchdog restart',
  GTPNL: 'First fix after power on', GTPDP: 'Data connection up',
};
/** An event word: a Queclink report type with its name, a camelCase device word (GT06 alert names) in words. */
const eventText = (v: number | string) => {
  const s = String(v);
  const report = QUECLINK_REPORTS[s];
  if (report) return `${report} (${s})`;
  return /^[a-z]+(?:[A-Z0-9][a-z0-9]*)+$/.test(s) ? humanize(s) : s;
};

/** How each known key is named and read; the order here is the order they are listed in. */
const KNOWN: Readonly<Record<string, [string, (v: number | string, units: ReadingUnits) => string]>> = {
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
  // Odometers read whole, as the site's other odometer texts (packages/shared wholeDistanceText).
  [ATTR.odometer]: ['Total odometer', distance(0.001, 0)],
  [ATTR.rpm]: ['Engine RPM', unitOf(0, 'rpm')],
  [ATTR.fuel]: ['Fuel level', unitOf(1, '%')],
  [ATTR.accuracy]: ['Accuracy', unitOf(1, 'm')],
  [ATTR.hdop]: ['HDOP', unitOf(1, '')],
  [ATTR.event]: ['Event', eventText],
  activity: ['Activity', (v) => String(v).replace(/_/g, ' ')],
  activityConfidence: ['Activity confidence', unitOf(0, '%')],
  driverUniqueId: ['Driver id', String],
  [ATTR.cell]: ['Serving cell (MCC:MNC:LAC:CID)', String],
  cells: ['Cell towers', String],
  wifi: ['Wifi access points', String],
  valid: ['Valid fix', yesNo],
  speedAccuracy: ['Speed accuracy', speed(3.6, 1)],
  headingAccuracy: ['Heading accuracy', unitOf(1, '°')],
  altitudeAccuracy: ['Altitude accuracy', unitOf(1, 'm')],
  ellipsoidalAltitude: ['Ellipsoidal altitude', unitOf(1, 'm')],
  age: ['Location age', unitOf(0, 'ms')],
  uuid: ['Location id', String],
  isMoving: ['Moving (phone)', yesNo],
  // GT06 / Concox (docs/protocols/gt06.md).
  gt06UploadMode: ['Sent because', (v) => (num(v) === null ? String(v) : GT06_UPLOAD_MODES[num(v) ?? -1] ?? `Mode ${num(v)}`)],
  gt06Reupload: ['Sent from memory', yesNo],
  gt06Alert: ['Alert code', (v) => (num(v) === null ? String(v) : `0x${(num(v) ?? 0).toString(16).padStart(2, '0').toUpperCase()}`)],
  gt06Fence: ['Geofence number', String],
  gt06Voltage: ['Battery level (device scale)', ofScale(6)],
  gt06Gsm: ['GSM level (device scale)', ofScale(4)],
  gt06GpsFixed: ['GPS positioned', yesNo],
  gt06Defence: ['Armed (defence)', yesNo],
  gt06CutOff: ['Fuel/power cut off', yesNo],
  gt06Mileage: ['Device mileage counter', String],
  // Queclink @Track (docs/protocols/queclink.md).
  buffered: ['Sent from memory', yesNo],
  ignitionOnSeconds: ['Ignition was on for', hoursMinutes],
  ignitionOffSeconds: ['Ignition was off for', hoursMinutes],
  hourMeter: ['Engine hours', hoursMinutes],
  fuelConsumption: ['Fuel consumption', consumption],
  adc1: ['Analog input 1', unitOf(2, 'V', 0.001)],
  adc2: ['Analog input 2', unitOf(2, 'V', 0.001)],
  inputs: ['Digital inputs', bitsOn],
  outputs: ['Digital outputs', bitsOn],
  deviceStatus: ['Device status (hex)', String],
  vin: ['VIN', String],
  reportId: ['Report id', String],
  reportType: ['Report type', String],
  countNumber: ['Message count', String],
};

const ORDER = new Map(Object.keys(KNOWN).map((k, i) => [k, i]));

/** `deviceStringTest` → 'Device string test', `param239` → 'Parameter 239', `input1` → 'Input 1', `gt06FooBar` → 'Gt 06 foo bar'. */
function humanize(key: string): string {
  const words = key.replace(/^param(?=\d)/, 'parameter ').replace(/([a-z])(?=[A-Z])|([a-z])(?=\d)|(\d)(?=[A-Z])/g, '$1$2$3 ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A named attribute (attributes.ts) or another word key in words: "Battery" "87 %", "Faked location"
 * "Yes", "Alarm" "SOS"; distances and speeds in the site's units ("Total odometer" "111,584 mi").
 */
export function describeNamed(key: string, value: number | string, units: ReadingUnits): NamedDescribed {
  const known = KNOWN[key];
  if (known) return { name: known[0], text: known[1](value, units) };
  return { name: humanize(key), text: String(value) };
}

/** Sort order of word keys: the known ones in the table's order, then the rest alphabetically. */
export function compareNamed(a: string, b: string): number {
  const ia = ORDER.get(a) ?? Number.MAX_SAFE_INTEGER;
  const ib = ORDER.get(b) ?? Number.MAX_SAFE_INTEGER;
  return ia - ib || a.localeCompare(b);
}
