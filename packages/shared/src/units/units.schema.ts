import { z } from 'zod';
import { success } from '../api/envelope.ts';
import { id, text } from '../api/primitives.ts';

/** A device id: IMEI (15 digits) for Teltonika, the phone's id for the Traccar Client app. */
export const deviceIdSchema = text(64).trim().regex(/^[A-Za-z0-9._:-]{1,64}$/, 'a device id is 1 to 64 letters, digits, dots, dashes, colons or underscores');

export const addSiteUnitBodySchema = z.strictObject({
  siteid: id,
  uid: deviceIdSchema,
  unittype: id,
  registration: text(40).trim().min(1).optional(),
});
export const addSiteUnitAnswerSchema = success({ unitid: z.number() });

export const removeSiteUnitBodySchema = z.strictObject({ siteid: id, uid: id });

export const unknownDeviceSchema = z.object({
  deviceid: z.string(), protocol: z.string(), first: z.string(), last: z.string(), attempts: z.number(), address: z.string(),
});
export const unknownDevicesAnswerSchema = success({ devices: z.array(unknownDeviceSchema) });

export const uidQuerySchema = z.strictObject({ uid: id });

export const lastUnitInfoSchema = z.object({
  unitid: z.number(), registration: z.string(), updated: z.string().nullable(), lat: z.number().nullable(), lon: z.number().nullable(),
  speed: z.number(), direction: z.number(), satellites: z.number(), ign: z.number(), movement: z.number(),
  externalvoltage: z.number().nullable(), odometer: z.number().nullable(), gsm: z.number().nullable(),
  ptotrigger1: z.number(), ptotrigger2: z.number(), panic: z.number(), online: z.boolean(),
  io: z.record(z.string(), z.union([z.number(), z.string()])),
  /** 1: the latest position was faked (a phone's mock location app, Traccar Client `mock`). */
  mock: z.number(),
  /** The latest position's IO values in words (the same as getdatapoint's io). */
  attributes: z.array(z.object({ id: z.string(), name: z.string(), value: z.union([z.number(), z.string(), z.boolean()]), text: z.string() })),
  /**
   * The protocol the latest position came in by ('teltonika', 'gt06', 'queclink', 'osmand'…); null
   * without a position or when it has left the log. Queclink and phones report no satellite count
   * (rules/satellites.ts): their `satellites` 0 means "not reported".
   */
  protocol: z.string().nullable(),
});
export const lastUnitInfoAnswerSchema = success({ unit: lastUnitInfoSchema });

export const fmsDataSchema = z.object({
  unitid: z.number(), updated: z.string().nullable(), fuellevel: z.number().nullable(), fuelused: z.number().nullable(),
  enginehours: z.number().nullable(), rpm: z.number().nullable(), totaldistance: z.number().nullable(), faultcodes: z.array(z.string()),
});
export const lastFmsAnswerSchema = success({ fms: fmsDataSchema });

const commandText = text(200).trim().min(1).regex(/^[\x20-\x7e]+$/, 'a command is plain ASCII text');
export const fmsCommandQuerySchema = z.strictObject({ uid: id, cmd: commandText, cmddesc: text(200).optional() });
export const ioCommandQuerySchema = z.strictObject({ uid: id, cmd: commandText, notifyemail: text(254).optional() });
export const commandAnswerSchema = success({ reply: z.string() });

export const ingestStatsAnswerSchema = success({
  stats: z.object({
    connectionsOpen: z.number(), connectionsTotal: z.number(), recordsAccepted: z.number(), packetsAccepted: z.number(),
    recordsFlagged: z.number(), closedBecause: z.record(z.string(), z.number()),
    /** Each log processor's lag: log ids between its cursor and the horizon, and seconds behind. */
    processors: z.record(z.string(), z.object({
      cursor: z.string(), horizon: z.string(), rowsBehind: z.number(), secondsBehind: z.number(), lastRunAt: z.string().nullable(),
    })),
  }),
});

/**
 * A record a device sent that the plausibility rule refused (packages/protocols plausibility.ts):
 * stored and acknowledged, never the unit's state. `time` is the device's time as stored (it may be
 * far outside what a date can show, so it is text); `reasons` are the rule's reason codes.
 */
export const flaggedRecordSchema = z.object({
  id: z.number(), time: z.string(), received: z.string(), lat: z.number(), lon: z.number(), speed: z.number(),
  altitude: z.number(), protocol: z.string(), reasons: z.array(z.string()),
});
export type FlaggedRecord = z.infer<typeof flaggedRecordSchema>;
export const flaggedRecordsAnswerSchema = success({ records: z.array(flaggedRecordSchema) });

export const resetUnitStateBodySchema = z.strictObject({ uid: id });
/** The unit's state after the reset: its newest plausible position, or null when it has none. */
export const resetUnitStateAnswerSchema = success({
  state: z.object({ updated: z.string(), lat: z.number(), lon: z.number() }).nullable(),
});

// Which commands need an administrator: packages/shared/src/commands (isReadOnlyCommand, the catalogue).
