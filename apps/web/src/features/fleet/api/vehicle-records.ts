import type { VehicleUpdate } from '@fleet/shared';
import { z } from 'zod';
import type { Vehicle } from '../hooks/vehicle-rows.ts';

// The vehicles answer and the live updates are read one record at a time, field by field: a field
// of the wrong kind (a number as text, null, NaN) takes a neutral value instead of failing the whole
// answer, so one bad device record can never empty the list. Values of the right kind pass as they
// are, however absurd (latitude 200, speed 1e308, the year 9999): what draws or prints them decides
// (shared/vehicles/position.ts and vehicle-text.ts). A record without a usable unit id is left out:
// nothing could select, update or link to it.

const unitId = z.number().int().positive();
const num = (fallback: number) => z.number().catch(fallback);
const text = z.string().catch('');
const maybeCoordinate = z.number().nullable().catch(null);
const maybeTime = z.string().nullable().catch(null);

const vehicleRecord = z.object({
  unitid: unitId,
  unittype: num(0),
  registration: text,
  drivername: text,
  speed: num(0),
  ign: num(0),
  updated: maybeTime,
  loc: text,
  lat: maybeCoordinate,
  lon: maybeCoordinate,
  direction: num(0),
  vicon: text,
  vehiclealarm: z.boolean().catch(false),
  ptotrigger1: num(0),
  ptotrigger2: num(0),
});

const updateRecord = z.object({
  unitid: unitId,
  // An unreadable coordinate stays unreadable (NaN): applying it takes the old position away.
  lat: num(Number.NaN),
  lon: num(Number.NaN),
  speed: num(0),
  ign: num(0),
  direction: num(0),
  updated: z.string().catch(''),
  vehiclealarm: z.boolean().catch(false),
  ptotrigger1: num(0),
  ptotrigger2: num(0),
  loc: z.string().optional().catch(undefined),
  drivername: z.string().optional().catch(undefined),
});

function readAll<T>(records: unknown, schema: z.ZodType<T>, what: string): T[] {
  if (!Array.isArray(records)) return [];
  const read: T[] = [];
  let dropped = 0;
  for (const record of records) {
    const parsed = schema.safeParse(record);
    if (parsed.success) read.push(parsed.data);
    else dropped += 1;
  }
  if (dropped > 0) console.warn(`${dropped} ${what} without a usable unit id left out.`);
  return read;
}

/** The vehicles of an answer, each made safe to hold (see above). */
export function readVehicles(records: unknown): Vehicle[] {
  return readAll(records, vehicleRecord, 'vehicle record(s)');
}

/** The updates of a 'vehicles:update' message, each made safe to hold; [] for anything else. */
export function readVehicleUpdates(updates: unknown): VehicleUpdate[] {
  return readAll(updates, updateRecord, 'live update(s)');
}
