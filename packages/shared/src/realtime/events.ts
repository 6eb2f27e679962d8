import type { Message, MessagesReadEvent } from '../messages/messages.schema.ts';
import type { FmsUpdateEvent } from '../engine/engine.schema.ts';

/** One frame of a device conversation, for the protocol debugger. */
export interface DebugFrameEvent {
  uid: number;
  at: string;
  direction: 'in' | 'out';
  kind: string;
  hex: string;
  decoded: unknown;
}

/** A vehicle's live state, as the vehicles list answers it. */
export interface VehicleUpdate {
  unitid: number;
  lat: number;
  lon: number;
  speed: number;
  ign: number;
  direction: number;
  updated: string;
  vehiclealarm: boolean;
  ptotrigger1: number;
  ptotrigger2: number;
  /**
   * The vehicle's location text as the vehicles answer has it ('At {POI}' or the nearest town;
   * an asset tracker's code prefix included). Left out only when it could not be worked out.
   */
  loc?: string;
  /** The driver now on the vehicle ('' for none); sent only when it changed (a driver signed on or off, issue 11). */
  drivername?: string;
}

/** A new alert for the site's open browsers. */
export interface AlertEvent {
  aid: number;
  kind: 'panic' | 'geofence' | 'spn' | 'runover' | 'device' | 'fuel';
  event: string;
  uid: number;
  vehicle: string;
  poi: string;
  loc: string;
  updated: string;
}

/** An alert that was cleared (acknowledged) by someone, for the site's open browsers. */
export interface ClearedAlert {
  aid: number;
  kind: AlertEvent['kind'];
  uid: number;
}

export type Answer<T> = ({ ok: 1 } & T) | { ok: 0; message: string };

/** Events the server sends. */
export interface ServerToClientEvents {
  'debug:frame': (frame: DebugFrameEvent) => void;
  'vehicles:update': (updates: VehicleUpdate[]) => void;
  'alerts:new': (alerts: AlertEvent[]) => void;
  /** Alerts cleared by a user: every open browser of the site drops them. */
  'alerts:cleared': (alerts: ClearedAlert[]) => void;
  /** The site's message changed (empty: removed). */
  'site:message': (message: string) => void;
  /** A check list was signed off on one of the site's vehicles (issue 11). */
  'vcl:new': (event: { id: number; uid: number; registration: string; ic: number }) => void;
  /** A check list's fault was marked dealt with; `open` faults remain on that check list. */
  'vcl:dealt': (event: { id: number; faultid: number; open: number }) => void;
  /** Sent just before the server closes a socket whose session ended. */
  'session:ended': (reason: string) => void;
  /**
   * The client sent events faster than the server takes them: those events were dropped (an
   * event with an acknowledgement gets ok 0 there too). Sent at most once a second; a client that
   * keeps on is then disconnected, with `closing` set on this last one.
   */
  'rate:limited': (notice: { message: string; closing: boolean }) => void;
  /** A new message of a vehicle's conversation (to the office's site room and the vehicle's driver's cab). */
  'messages:new': (event: { message: Message }) => void;
  /** One side's messages of a vehicle's conversation were read (ticks). */
  'messages:read': (event: MessagesReadEvent) => void;
  /** Issue 16: the latest engine data of the site's vehicles whose state changed (gathered, at most one a second). */
  'fms:update': (vehicles: FmsUpdateEvent) => void;
}

/** Events the client sends; each answers through its acknowledgement callback. */
export interface ClientToServerEvents {
  'debug:subscribe': (uid: number, ack: (answer: Answer<{ frames: DebugFrameEvent[] }>) => void) => void;
  'debug:unsubscribe': (uid: number) => void;
}

/** The handshake's auth field: the session token and the client's instance uuid. */
export interface SocketAuth {
  token: string;
  instanceuuid?: string;
}

export const SOCKET_PATH = '/socket.io';
