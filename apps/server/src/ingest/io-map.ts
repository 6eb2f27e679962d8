import type { AvlRecord } from '@fleet/protocols';
import { z } from 'zod';

/**
 * Which Teltonika IO element means what. Defaults follow the FMB/FMC parameter lists; a unit type
 * overrides any of them in `unit_types.io_map` (e.g. an FMB640 numbers CAN values differently, and
 * which digital input carries the panic button or a PTO is an installation choice).
 */
export const ioMapSchema = z.object({
  ignition: z.number().int(),
  movement: z.number().int(),
  gsmSignal: z.number().int(),
  externalVoltage: z.number().int(),
  odometer: z.number().int(),
  panic: z.number().int(),
  pto1: z.number().int(),
  pto2: z.number().int(),
  fuelLevelPercent: z.number().int(),
  fuelLevelLitres: z.number().int(),
  fuelUsed: z.number().int(),
  engineHours: z.number().int(),
  rpm: z.number().int(),
  totalDistance: z.number().int(),
  faultCodes: z.number().int(),
});
export type IoMap = z.infer<typeof ioMapSchema>;

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

/** The unit type's map over the defaults; a malformed override is ignored key by key. */
export function resolveIoMap(override: unknown): IoMap {
  const parsed = ioMapSchema.partial().safeParse(override ?? {});
  return { ...DEFAULT_IO_MAP, ...(parsed.success ? parsed.data : {}) };
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

/** What a stored position's IO elements mean for a unit type. */
export function interpret(io: Record<string, number | string>, map: IoMap): Meaning {
  const scaled = (id: number, factor: number) => {
    const v = num(io, id);
    return v === null ? null : Math.round(v * factor * 1000) / 1000;
  };
  const percent = num(io, map.fuelLevelPercent);
  return {
    ignition: flag(io, map.ignition),
    movement: flag(io, map.movement),
    gsmSignal: num(io, map.gsmSignal),
    externalVoltage: scaled(map.externalVoltage, 0.001),
    odometer: scaled(map.odometer, 0.001),
    panic: flag(io, map.panic) ?? false,
    pto1: flag(io, map.pto1) ?? false,
    pto2: flag(io, map.pto2) ?? false,
    fuelLevel: percent ?? scaled(map.fuelLevelLitres, 0.1),
    fuelUsed: scaled(map.fuelUsed, 0.1),
    engineHours: scaled(map.engineHours, 1 / 60),
    rpm: num(io, map.rpm),
    totalDistance: scaled(map.totalDistance, 0.001),
    faultCodes: faultCodes(io[map.faultCodes]),
  };
}

/** Fault codes arrive as a variable-length element holding comma-separated text, e.g. "SPN 100 FMI 1,P0101". */
export function faultCodes(value: number | string | undefined): string[] {
  if (typeof value !== 'string' || !value.startsWith('0x')) return [];
  const text = Buffer.from(value.slice(2), 'hex').toString('latin1');
  if (!/^[\x20-\x7e]*$/.test(text)) return [value];
  return text.split(/[,;]/).map((s) => s.trim()).filter(Boolean);
}
