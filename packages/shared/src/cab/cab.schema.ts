import { z } from 'zod';
import { success } from '../api/envelope.ts';
import { id, text } from '../api/primitives.ts';

/**
 * Cab devices, driver sign-in and the driver's vehicle (issue 11, CONTRACTS.md A). A cab device is a
 * browser a site administrator registered for a site: it holds a CabKey (local storage
 * 'fleet.cabDevice') and runs the app in driver mode only.
 */

/** A device key as the server hands it out: newSecret() (43 URL-safe characters). */
const deviceKey = text(100).min(1, 'The device key is missing.');

export const cabKeySchema = z.object({
  deviceid: z.number(),
  name: z.string(),
  siteid: z.number(),
  sitename: z.string(),
  devicekey: z.string(),
});
export type CabKey = z.infer<typeof cabKeySchema>;

export const registerCabDeviceBodySchema = z.strictObject({
  siteid: id,
  name: text(60).trim().min(1, 'Give the cab device a name.'),
});
export const cabDeviceIdBodySchema = z.strictObject({ deviceid: id });
export const cabKeyAnswerSchema = success({ device: cabKeySchema });

export const cabDeviceRowSchema = z.object({
  deviceid: z.number(),
  name: z.string(),
  /** When a browser took the registration; null while no browser holds it (a demo device). */
  registered: z.string().nullable(),
  lastseen: z.string().nullable(),
  /** The driver signed in on it now, and the vehicle they are assigned to. */
  driver: z.string().nullable(),
  registration: z.string().nullable(),
});
export type CabDeviceRow = z.infer<typeof cabDeviceRowSchema>;
export const cabDevicesAnswerSchema = success({ devices: z.array(cabDeviceRowSchema) });

export const cabDeviceKeyBodySchema = z.strictObject({ deviceid: id, devicekey: deviceKey });
export const cabDriversAnswerSchema = success({
  site: z.object({ siteid: z.number(), sitename: z.string() }),
  drivers: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type CabDriversAnswer = z.infer<typeof cabDriversAnswerSchema>;

export const driverLoginBodySchema = z.strictObject({
  deviceid: id,
  devicekey: deviceKey,
  driverid: id,
  pass: text(1024).min(1, 'Enter your password'),
});

export const cabVehicleSchema = z.object({
  uid: z.number(),
  registration: z.string(),
  unittype: z.number(),
  typename: z.string(),
  /** The driver assigned to it now (any cab device of the site), else null. */
  driver: z.string().nullable(),
});
export type CabVehicle = z.infer<typeof cabVehicleSchema>;
export const cabVehiclesAnswerSchema = success({ vehicles: z.array(cabVehicleSchema) });

/** Where the driver's vehicle last reported (the driver's map); null when it never has. */
export const cabPositionSchema = z.object({ lat: z.number(), lon: z.number(), updated: z.string() }).nullable();

/**
 * The device driver record (spec 3): empty, name, registration, site, deviceid, uid, vcl, driver.
 * cabassignment adds `position` (the vehicle's last report, for the driver's map).
 */
export const driverRecordSchema = z.union([
  z.object({ ok: z.literal(1), empty: z.literal(true) }),
  z.object({
    ok: z.literal(1),
    empty: z.literal(false),
    name: z.string(),
    registration: z.string(),
    site: z.string(),
    deviceid: z.number(),
    uid: z.number(),
    vcl: z.number(),
    driver: z.number(),
    position: cabPositionSchema.optional(),
  }),
]);
export type DriverRecordAnswer = z.infer<typeof driverRecordSchema>;
export type DriverRecord = Extract<DriverRecordAnswer, { empty: false }>;

export const assignDriverBodySchema = z.strictObject({ uid: id });
