import { z } from 'zod';
import { success } from '../api/envelope.ts';
import { id, numParam, text } from '../api/primitives.ts';

export const reverseQuerySchema = z.strictObject({
  lat: numParam(-90, 90),
  lng: numParam(-180, 180),
  /** Heading in degrees, 0 = north; adds the direction of travel in words. */
  dir: numParam(0, 360).optional(),
});
/** loc: 'At {POI}' inside one of the site's POI, else the nearest town; heading in words when dir was given. */
export const reverseAnswerSchema = success({
  loc: z.string(), poi: z.string().nullable(), town: z.string().nullable(), distancekm: z.number().nullable(), heading: z.string().nullable(),
});
export const w3wQuerySchema = z.strictObject({ w3w: text(200).trim().regex(/^\/{0,3}[\p{L}]+\.[\p{L}]+\.[\p{L}]+$/u, "a what3words address is three words joined by dots, e.g. 'filled.count.soap'") });
export const w3wAnswerSchema = success({ lat: z.number(), lng: z.number(), words: z.string() });

/** vehicleaddress: the street address of a vehicle's latest position (asked for the selected vehicle only). */
export const vehicleAddressQuerySchema = z.strictObject({ unitid: id });
export const vehicleAddressAnswerSchema = success({
  /** False when no street geocoder is configured (GEOCODER_URL): `address` is then the nearest town. */
  configured: z.boolean(),
  /** The address (or the town when not configured); null when none is known or the vehicle has no position. */
  address: z.string().nullable(),
  /** Why there is no street address, in words (not configured, no position, nothing known there). */
  note: z.string().nullable(),
});
export type VehicleAddressAnswer = z.infer<typeof vehicleAddressAnswerSchema>;
