import { z } from 'zod';

/** A vehicle geofence alert as the shell's banner shows it (spec 3: registration, updated, vehiclealarm). */
export const geofenceAlertSchema = z.object({
  unitid: z.number(),
  registration: z.string(),
  updated: z.string(),
  vehiclealarm: z.boolean(),
});
export type GeofenceAlert = z.infer<typeof geofenceAlertSchema>;

/** A panic alert (spec 3: vehicle, loc, updated, uid, aid); aid is the alert id, uid the unit id. */
export const panicAlertSchema = z.object({
  aid: z.number(),
  uid: z.number(),
  vehicle: z.string(),
  loc: z.string(),
  updated: z.string(),
});
export type PanicAlert = z.infer<typeof panicAlertSchema>;
