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
 * Cached session lookups to drop (session.repository's LookupsForgotten): those of sessions, users,
 * cab devices, or all. Published by the api node that made the change, after its write.
 */
export interface SessionLookups { sessionIds?: number[]; userIds?: number[]; cabDeviceIds?: number[]; all?: boolean }

const node = z.string().regex(/^[a-z0-9-]{1,64}$/);
const ingestStats = z.object({
  connectionsOpen: z.number().int().nonnegative(), connectionsTotal: z.number().int().nonnegative(),
  recordsAccepted: z.number().int().nonnegative(), packetsAccepted: z.number().int().nonnegative(),
  recordsFlagged: z.number().int().nonnegative(), closedBecause: z.record(z.string(), z.number()),
});
const processorLag = z.record(z.string(), z.object({
  cursor: z.string(), horizon: z.string(), rowsBehind: z.number(), secondsBehind: z.number(), lastRunAt: z.string().nullable(),
}));

/** An ingest node's heartbeat: who it is, whether its listeners are bound, the units it holds a connection of, its counters. */
export interface IngestBeacon { node: string; at: number; listening: boolean; online: number[]; stats: z.infer<typeof ingestStats> }
/** A worker node's heartbeat: its processors' lag behind the log. */
export interface WorkerBeacon { node: string; at: number; processors: z.infer<typeof processorLag> }
/** A device connection opened or closed on an ingest node (the unit's address for commands). */
export interface UnitPresence { node: string; unitId: number; online: boolean }
/** The units an api node's debugger sockets watch now (sent on change and with every beacon). */
export interface FrameWatch { node: string; unitIds: number[] }
/** A command for a device, to the ingest node holding its connection (`target`). */
export interface CommandRequest { id: string; from: string; target: string; unitId: number; text: string; timeoutMs: number }
/** The device's answer, or why there is none ('offline' | 'timeout' | 'busy'), to the asking node. */
export interface CommandReply { id: string; to: string; node: string; ok: boolean; answer?: string; error?: string }
/** The recent frames of a unit, asked of every ingest node. */
export interface FramesRequest { id: string; from: string; unitId: number }
export interface FramesReply { id: string; to: string; node: string; frames: DebugFrameEvent[] }

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
  /** Session lookups an api node changed (sign-out, revocation, an account edited, sites added or removed): every api node drops its cached ones. */
  sessionLookups: defineTopic('session-lookups', z.object({
    sessionIds: z.array(id).optional(), userIds: z.array(id).optional(), cabDeviceIds: z.array(id).optional(), all: z.boolean().optional(),
  }) satisfies z.ZodType<SessionLookups>),
  /** A brand (white label: hosts, names, icons, map) was changed: every api node reads the brands again. */
  brandsChanged: defineTopic('brands-changed', z.object({}), { maxLen: 100 }),
  /** Units whose record changed (a driver signed on or off): every api node sends their update to its own sockets. */
  unitsChanged: defineTopic('units-changed', z.array(stateChange) satisfies z.ZodType<StateChange[]>),
  /** Places (or a site's unit system) changed: every api node's live location texts read them again. */
  placesChanged: defineTopic('places-changed', z.object({ siteId: id.optional() })),
  /** Geofences changed: the workers' events processors reload them (a worker in the publishing process, `node`, has already). */
  geofencesChanged: defineTopic('geofences-changed', z.object({ node }), { maxLen: 100 }),
  /** A device id to look up again (none: every one); with a unit, its open connection is closed. */
  deviceForget: defineTopic('device-forget', z.object({ deviceId: z.string().optional(), unitId: id.optional() }), { maxLen: 100 }),
  /** An ingest node committed positions: the workers' processors run now rather than at their next idle tick. */
  logAppended: defineTopic('log-appended', z.object({ node }), { maxLen: 100 }),
  /** A UDP device's Codec 12 reply that answered no command on the node that received it: the node that sent the command takes it. */
  udpReplies: defineTopic('udp-replies', z.object({ node, unitId: id, text: z.string() }), { maxLen: 200 }),
  /** A node that just started asks every ingest and worker node for its heartbeat now (not at the next tick). */
  heartbeatRequests: defineTopic('heartbeat-requests', z.object({ node }), { maxLen: 50 }),
  ingestBeacons: defineTopic('ingest-beacons', z.object({ node, at: finite, listening: z.boolean(), online: z.array(id), stats: ingestStats }) satisfies z.ZodType<IngestBeacon>, { maxLen: 50 }),
  workerBeacons: defineTopic('worker-beacons', z.object({ node, at: finite, processors: processorLag }) satisfies z.ZodType<WorkerBeacon>, { maxLen: 50 }),
  unitPresence: defineTopic('unit-presence', z.object({ node, unitId: id, online: z.boolean() }) satisfies z.ZodType<UnitPresence>),
  frameWatch: defineTopic('frame-watch', z.object({ node, unitIds: z.array(id) }) satisfies z.ZodType<FrameWatch>, { maxLen: 100 }),
  commandRequests: defineTopic('command-requests', z.object({
    id: z.string().min(1).max(64), from: node, target: node, unitId: id, text: z.string(), timeoutMs: z.number().int().positive(),
  }) satisfies z.ZodType<CommandRequest>, { maxLen: 200 }),
  commandReplies: defineTopic('command-replies', z.object({
    id: z.string().min(1).max(64), to: node, node, ok: z.boolean(), answer: z.string().optional(), error: z.string().optional(),
  }) satisfies z.ZodType<CommandReply>, { maxLen: 200 }),
  framesRequests: defineTopic('frames-requests', z.object({ id: z.string().min(1).max(64), from: node, unitId: id }) satisfies z.ZodType<FramesRequest>, { maxLen: 100 }),
  framesReplies: defineTopic('frames-replies', z.object({ id: z.string().min(1).max(64), to: node, node, frames: z.array(debugFrame) }) satisfies z.ZodType<FramesReply>, { maxLen: 100 }),
} as const;
