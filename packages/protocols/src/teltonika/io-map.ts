import { alarmOf, ATTR, type DeviceAlarm, namedFlag, namedNumber } from '../attributes.ts';
import { compareNamed, describeNamed, distanceText, type ReadingUnits, speedText } from '../attributes-describe.ts';
import { DEFAULT_IO_CATALOGUE, type IoEntry, ioValueText, readIo } from './io-catalogue.ts';
import type { AvlRecord } from './types.ts';

/**
 * Which Teltonika IO element means what. Defaults follow the FMB/FMC parameter lists; a unit type
 * overrides any of them in `unit_types.io_map` (e.g. an FMB640 numbers CAN values differently, and
 * which digital input carries the panic button or a PTO is an installation choice).
 */
export interface IoMap {
  ignition: number;
  movement: number;
  gsmSignal: number;
  externalVoltage: number;
  odometer: number;
  panic: number;
  pto1: number;
  pto2: number;
  fuelLevelPercent: number;
  fuelLevelLitres: number;
  fuelUsed: number;
  engineHours: number;
  rpm: number;
  totalDistance: number;
  faultCodes: number;
}

export const DEFAULT_IO_MAP: IoMap = {
  ignition: 239, // 0/1
  movement: 240, // 0/1
  gsmSignal: 21, // 0-5
  externalVoltage: 66, // mV
  odometer: 16, // total odometer, m
  panic: 2, // DIN2: panic button
  pto1: 3, // DIN3: first PTO
  pto2: 4, // DIN4: second PTO
  fuelLevelPercent: 89, // CAN fuel level, %
  fuelLevelLitres: 84, // CAN fuel level, 0.1 l
  fuelUsed: 83, // CAN fuel consumed, 0.1 l
  engineHours: 102, // engine worktime, minutes
  rpm: 85, // CAN engine RPM
  totalDistance: 87, // CAN total mileage, m
  faultCodes: 281, // fault codes, text list
};

/** The unit type's map over the defaults; a malformed override (a key that is not a whole number) is ignored. */
export function resolveIoMap(override: unknown): IoMap {
  if (override === null || typeof override !== 'object' || Array.isArray(override)) return { ...DEFAULT_IO_MAP };
  const given = override as Record<string, unknown>;
  const keys = Object.keys(DEFAULT_IO_MAP) as (keyof IoMap)[];
  const bad = keys.some((k) => given[k] !== undefined && !Number.isInteger(given[k]));
  if (bad) return { ...DEFAULT_IO_MAP };
  const out = { ...DEFAULT_IO_MAP };
  for (const k of keys) if (given[k] !== undefined) out[k] = given[k] as number;
  return out;
}

/** IO elements as stored in positions.io: numbers, big 8-byte values as decimal strings, variable ones as 0x-hex. */
export function ioToJson(record: Pick<AvlRecord, 'io' | 'ioVariable'>): Record<string, number | string> {
  const out: Record<string, number | string> = {};
  for (const [id, v] of record.io) {
    out[id] = typeof v.value === 'bigint'
      ? v.value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v.value) : v.value.toString()
      : v.value;
  }
  for (const [id, bytes] of record.ioVariable) out[id] = `0x${bytes.toString('hex')}`;
  return out;
}

export interface Meaning {
  ignition: boolean | null;
  movement: boolean | null;
  gsmSignal: number | null;
  externalVoltage: number | null; // volts
  odometer: number | null; // km
  panic: boolean;
  pto1: boolean;
  pto2: boolean;
  fuelLevel: number | null; // % when the device reports it, else litres
  fuelUsed: number | null; // litres
  engineHours: number | null; // hours
  rpm: number | null;
  totalDistance: number | null; // km
  faultCodes: string[];
  /** A device alarm the report carries (named attribute `alarm`, protocols other than Teltonika); 'sos' also sets panic. */
  alarm: DeviceAlarm | null;
}

const num = (io: Record<string, number | string>, id: number): number | null => {
  const v = io[id];
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && /^\d+$/.test(v)) return Number(v);
  return null;
};
const flag = (io: Record<string, number | string>, id: number): boolean | null => {
  const v = num(io, id);
  return v === null ? null : v !== 0;
};

/**
 * What a stored position's IO elements mean for a unit type. Where the unit type's IO element is
 * absent, the named attribute of other protocols (attributes.ts) stands in: a GT06's `ignition`, a
 * phone's `alarm: 'sos'` (panic), `power` in volts, `odometer` in metres.
 */
export function interpret(io: Record<string, number | string>, map: IoMap): Meaning {
  const scaled = (id: number, factor: number) => {
    const v = num(io, id);
    return v === null ? null : Math.round(v * factor * 1000) / 1000;
  };
  const named = (key: string, factor = 1) => {
    const v = namedNumber(io, key);
    return v === null ? null : Math.round(v * factor * 1000) / 1000;
  };
  const percent = num(io, map.fuelLevelPercent) ?? named(ATTR.fuel);
  const alarm = alarmOf(io);
  return {
    ignition: flag(io, map.ignition) ?? namedFlag(io, ATTR.ignition),
    movement: flag(io, map.movement) ?? namedFlag(io, ATTR.motion),
    gsmSignal: num(io, map.gsmSignal) ?? named(ATTR.rssi),
    externalVoltage: scaled(map.externalVoltage, 0.001) ?? named(ATTR.power),
    odometer: scaled(map.odometer, 0.001) ?? named(ATTR.odometer, 0.001),
    panic: (flag(io, map.panic) ?? false) || alarm === 'sos',
    pto1: flag(io, map.pto1) ?? false,
    pto2: flag(io, map.pto2) ?? false,
    fuelLevel: percent ?? scaled(map.fuelLevelLitres, 0.1),
    fuelUsed: scaled(map.fuelUsed, 0.1),
    engineHours: scaled(map.engineHours, 1 / 60),
    rpm: num(io, map.rpm) ?? named(ATTR.rpm),
    totalDistance: scaled(map.totalDistance, 0.001),
    faultCodes: faultCodes(io[map.faultCodes]),
    alarm,
  };
}

/** Fault codes arrive as a variable-length element holding comma-separated text, e.g. "SPN 100 FMI 1,P0101". */
export function faultCodes(value: number | string | undefined): string[] {
  if (typeof value !== 'string' || !value.startsWith('0x')) return [];
  const text = Buffer.from(value.slice(2), 'hex').toString('latin1');
  if (!/^[\x20-\x7e]*$/.test(text)) return [value];
  return text.split(/[,;]/).map((s) => s.trim()).filter(Boolean);
}

/** An IO element in words: its name, its value as stored, and the value as people read it. */
export interface IoDescribed {
  id: string;
  name: string;
  value: number | string | boolean;
  text: string;
}

/**
 * Names of the FMB/FMC parameter list's common IO elements (the simulator's and the demo's among
 * them), from the one IO catalogue (io-catalogue.ts). What a unit type's map gives a role (panic on
 * DIN2, a PTO on DIN3) names the element after the role instead; an element in neither is 'IO <id>'.
 */
export const IO_NAMES: Readonly<Record<number, string>> = Object.freeze(
  Object.fromEntries([...DEFAULT_IO_CATALOGUE.values()].map((e) => [e.id, e.name])),
);

const ROLE_NAMES: Record<keyof IoMap, string> = {
  ignition: 'Ignition', movement: 'Movement', gsmSignal: 'GSM signal', externalVoltage: 'External voltage',
  odometer: 'Total odometer', panic: 'Panic button', pto1: 'PTO 1', pto2: 'PTO 2', fuelLevelPercent: 'Fuel level',
  fuelLevelLitres: 'Fuel level', fuelUsed: 'Fuel used', engineHours: 'Engine hours', rpm: 'Engine RPM',
  totalDistance: 'Total mileage (CAN)', faultCodes: 'Fault codes',
};

/** Ids read as a state, with the words for 1 and 0. */
const STATES: Readonly<Record<number, [string, string]>> = {
  1: ['On', 'Off'], 2: ['On', 'Off'], 3: ['On', 'Off'], 4: ['On', 'Off'], 179: ['On', 'Off'], 180: ['On', 'Off'],
  239: ['On', 'Off'], 240: ['Moving', 'Still'], 69: ['On with a fix', 'Off or no fix'], 200: ['Asleep', 'Awake'],
};

/** Ids without a role that are a distance in metres or a speed in km/h: read in the site's units. */
const METRES: ReadonlySet<number> = new Set([199]);
const KMH: ReadonlySet<number> = new Set([24, 81]);

const fmt = (v: number, digits: number, unit: string) => `${v.toLocaleString('en-GB', { maximumFractionDigits: digits })} ${unit}`;

function roleText(role: keyof IoMap, v: number, units: ReadingUnits): string {
  switch (role) {
    case 'ignition': case 'panic': case 'pto1': case 'pto2': return v !== 0 ? 'On' : 'Off';
    case 'movement': return v !== 0 ? 'Moving' : 'Still';
    case 'gsmSignal': return `${v} of 5`;
    case 'externalVoltage': return fmt(v / 1000, 2, 'V');
    case 'odometer': case 'totalDistance': return distanceText(v / 1000, units, 0); // whole, as the site's odometers
    case 'fuelLevelPercent': return `${v} %`;
    case 'fuelLevelLitres': case 'fuelUsed': return fmt(v / 10, 1, 'l');
    case 'engineHours': return fmt(v / 60, 1, 'h');
    case 'rpm': return fmt(v, 0, 'rpm');
    case 'faultCodes': return String(v);
  }
}

/**
 * A stored position's IO elements in words (getdatapoint), by id: the unit type's map names the
 * elements it gives a role ('Ignition', 'On'; 'External voltage', '27.61 V'), the IO catalogue
 * (the unit type's, when given) names the rest and reads those with a unit ('87.5 °C'); fault codes
 * read as their text; distances and speeds in the site's `units`. Word keys (the named attributes of other
 * protocols: a phone's battery, charging, faked location, alarm) read as attributes-describe.ts says.
 */
export function describeIo(
  io: Record<string, number | string>, map: IoMap, units: ReadingUnits, catalogue: ReadonlyMap<number, IoEntry> = DEFAULT_IO_CATALOGUE,
): IoDescribed[] {
  const roleOf = new Map<number, keyof IoMap>();
  // A unit type may give two roles one id: the first role names it.
  for (const role of Object.keys(map) as (keyof IoMap)[]) if (!roleOf.has(map[role])) roleOf.set(map[role], role);
  const isId = (k: string) => /^\d+$/.test(k);
  return Object.entries(io)
    // Teltonika ids by number, then the named attributes of other protocols (attributes-describe.ts).
    .sort(([a], [b]) => (isId(a) && isId(b) ? Number(a) - Number(b) : isId(a) ? -1 : isId(b) ? 1 : compareNamed(a, b)))
    .map(([id, value]) => {
      if (!isId(id)) return { id, value, ...describeNamed(id, value, units) };
      const n = Number(id);
      const role = roleOf.get(n);
      const entry = catalogue.get(n);
      const name = role ? ROLE_NAMES[role] : entry?.name ?? `IO ${id}`;
      if (role === 'faultCodes' || (typeof value === 'string' && value.startsWith('0x'))) {
        const codes = faultCodes(value);
        return { id, name, value, text: role === 'faultCodes' ? (codes.join(', ') || 'None') : String(value) };
      }
      const num = typeof value === 'number' ? value : /^\d+$/.test(value) ? Number(value) : null;
      if (num === null) return { id, name, value, text: String(value) };
      const state = STATES[n];
      const text = role ? roleText(role, num, units)
        : state ? (num !== 0 ? state[0] : state[1])
        : METRES.has(n) ? distanceText(num / 1000, units)
        : KMH.has(n) ? speedText(num, units)
        : entry && entry.unit !== '' ? catalogueText(entry, value)
        : String(value);
      return { id, name, value, text };
    });
}

/** An element with a unit in the catalogue's words ('87.5 °C'); the raw value when it does not read as a number. */
function catalogueText(entry: IoEntry, value: number | string): string {
  const v = readIo(entry, value);
  return v === null ? String(value) : ioValueText(entry, v);
}
