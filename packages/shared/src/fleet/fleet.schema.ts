import { z } from 'zod';
import { success } from '../api/envelope.ts';

export const unitSchema = z.object({
  unitid: z.number(),
  deviceid: z.string(),
  registration: z.string(),
  unittype: z.number(),
  unittypename: z.string(),
  siteid: z.number(),
  vicon: z.string(),
});
export const unitsAnswerSchema = success({ units: z.array(unitSchema) });

export const unitTypeSchema = z.object({ id: z.number(), name: z.string(), icon: z.string() });
export const unitTypesAnswerSchema = success({ unittypes: z.array(unitTypeSchema) });

export const vehicleSchema = z.object({
  unitid: z.number(),
  unittype: z.number(),
  registration: z.string(),
  drivername: z.string(),
  speed: z.number(),
  ign: z.number(),
  updated: z.string().nullable(),
  loc: z.string(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  direction: z.number(),
  vicon: z.string(),
  vehiclealarm: z.boolean(),
  ptotrigger1: z.number(),
  ptotrigger2: z.number(),
});
export const vehiclesAnswerSchema = success({ vehicles: z.array(vehicleSchema) });

/** outofdate: more than 24 hours since the driver's last update (spec 4). */
export const driverSchema = z.object({ id: z.number(), name: z.string(), updated: z.string().nullable(), outofdate: z.boolean() });
export const driversAnswerSchema = success({ drivers: z.array(driverSchema) });

export const groupSchema = z.object({ id: z.number(), name: z.string(), vc: z.number(), units: z.array(z.number()) });
export const groupsAnswerSchema = success({ groups: z.array(groupSchema) });

// poiSchema and poiAnswerSchema (poi?siteid) live in ../poi/poi.schema.ts with the other POI calls.
