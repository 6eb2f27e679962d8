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
}

/** A new alert for the site's open browsers. */
export interface AlertEvent {
  aid: number;
  kind: 'panic' | 'geofence' | 'spn' | 'runover';
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
  /** Sent just before the server closes a socket whose session ended. */
  'session:ended': (reason: string) => void;
  /**
   * The client sent events faster than the server takes them: those events were dropped (an
   * event with an acknowledgement gets ok 0 there too). Sent at most once a second; a client that
   * keeps on is then disconnected, with `closing` set on this last one.
   */
  'rate:limited': (notice: { message: string; closing: boolean }) => void;
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
