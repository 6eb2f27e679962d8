import type { DebugFrameEvent } from '@fleet/shared';
import { z } from 'zod';
import type { ClearedRow } from '../modules/alerts/index.ts';
import type { LivePosition, RaisedAlert, StateChange } from '../modules/units/index.ts';

/**
 * A named channel of the bus and the shape of what goes through it. The schema is checked on
 * receipt from a server (Redis): a node never hands its code an entry another version, a bug or a
 * hand-made XADD put there in another shape.
 */
export interface Topic<T> {
  readonly name: string;
  readonly schema: z.ZodType<T>;
  /** Entries kept in the topic's stream (Redis), when not the bus's default: a reader away longer than this misses some. */
  readonly maxLen?: number;
}

/** What a topic carries. */
export type PayloadOf<K> = K extends Topic<infer T> ? T : never;

const NAME = /^[a-z][a-z0-9-]{0,62}$/;

/**
 * A topic of its own (the built-in ones are in `topics`). The name becomes part of a Redis key, so
 * it is short lower-case words joined by '-'.
 */
export function defineTopic<T>(name: string, schema: z.ZodType<T>, opts: { maxLen?: number } = {}): Topic<T> {
  if (!NAME.test(name)) throw new Error(`A bus topic's name is lower-case letters, digits and '-', starting with a letter (at most 63): got '${name}'.`);
  if (opts.maxLen !== undefined && (!Number.isInteger(opts.maxLen) || opts.maxLen < 1)) throw new Error(`Topic '${name}': maxLen must be a whole number of at least 1, got ${opts.maxLen}.`);
  return { name, schema, ...opts };
}

const id = z.number().int().positive();
const finite = z.number().finite();

const livePosition = z.object({
  unitId: id, siteId: id, deviceTimeMs: finite, lat: finite, lon: finite, speed: finite, angle: finite,
  ignition: z.boolean().nullable(), panic: z.boolean(), pto1: z.boolean(), pto2: z.boolean(),
}) satisfies z.ZodType<LivePosition>;

const stateChange = z.object({ unitId: id, siteId: id, announced: z.boolean().optional() }) satisfies z.ZodType<StateChange>;

const raisedAlert = z.object({
  aid: id,
  kind: z.enum(['panic', 'geofence', 'spn', 'runover', 'device', 'fuel']),
  event: z.string(), siteId: id, unitId: id, poiId: id.nullable(), happenedAt: z.string(), lat: finite, lon: finite, detail: z.string(),
}) satisfies z.ZodType<RaisedAlert>;

const clearedRow = z.object({ id: z.string().regex(/^\d+$/), kind: z.string(), unit_id: id, site_id: id }) satisfies z.ZodType<ClearedRow>;

const debugFrame = z.object({
  uid: id, at: z.string(), direction: z.enum(['in', 'out']), kind: z.string(), hex: z.string(), decoded: z.unknown(),
}) satisfies z.ZodType<DebugFrameEvent>;

/** A site's message changed (gateway.siteMessage): its open browsers show the new one. */
export interface SiteMessage { siteId: number; message: string }
/** Sessions that ended (session.service 'ended'): their sockets, on whichever node, are closed. */
export interface SessionsEnded { ids: number[]; reason: string }

/**
 * What goes between the roles (issue 17): the ingest's committed positions, state changes and
 * raised alerts; the api's cleared alerts, site messages and ended sessions; the ingest's debugger
 * frames of watched units. Each is what the in-process EventEmitter carries today.
 */
export const topics = {
  positions: defineTopic('positions', z.array(livePosition) satisfies z.ZodType<LivePosition[]>),
  stateChanges: defineTopic('state-changes', z.array(stateChange) satisfies z.ZodType<StateChange[]>),
  alertsRaised: defineTopic('alerts-raised', z.array(raisedAlert) satisfies z.ZodType<RaisedAlert[]>),
  alertsCleared: defineTopic('alerts-cleared', z.array(clearedRow) satisfies z.ZodType<ClearedRow[]>),
  siteMessages: defineTopic('site-messages', z.object({ siteId: id, message: z.string() }) satisfies z.ZodType<SiteMessage>),
  sessionsEnded: defineTopic('sessions-ended', z.object({ ids: z.array(id), reason: z.string() }) satisfies z.ZodType<SessionsEnded>),
  debugFrames: defineTopic('debug-frames', debugFrame),
} as const;
