import type pg from 'pg';
import type { ClientToServerEvents, DebugFrameEvent, ServerToClientEvents, SocketAuth, VehicleUpdate } from '@fleet/shared';
import { id, SOCKET_PATH } from '@fleet/shared';
import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import type { Caller, SessionService } from '../modules/auth/session.service.ts';
import { handshakeHost, type ProxyTrust, type ResolveCaller } from '../plugins/auth.ts';
import type { DeviceLink, StateChange } from '../modules/units/device-link.ts';
import { vehicleUpdates } from './vehicle-updates.ts';
import { mergeNewestUpdates } from '@fleet/shared/realtime/newest-updates';
import { type UpdateReceiver, updateFanout } from './update-fanout.ts';
import { ALARM_KINDS, alertEvent, clearedEvent } from '../modules/alerts/alert-view.ts';
import type { AlertsRepository, ClearedRow } from '../modules/alerts/alerts.repository.ts';
import { DEFAULT_EVENT_LIMIT, eventLimiter, type EventLimit } from './event-limit.ts';

type FleetSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, { caller: Caller }>;

const siteRoom = (siteId: number) => `site:${siteId}`;
/** How long live positions gather before they go out to a site's browsers. */
const GATHER_MS = 200;
const debugRoom = (uid: number) => `debug:${uid}`;

/**
 * Socket.IO on the web server. A client authenticates in the handshake's auth field; the server
 * chooses its rooms from the session (its current site; a unit's debug room only when the unit is
 * on one of the session's sites). A session that ends closes its sockets.
 */
export function realtimeGateway(app: FastifyInstance, deps: {
  sessions: SessionService; resolveCaller: ResolveCaller; proxyTrust: ProxyTrust; devices: DeviceLink; pool: pg.Pool; alerts: AlertsRepository;
  /** Events one socket may send (DEFAULT_EVENT_LIMIT when not given). */
  eventLimit?: EventLimit;
}) {
  const limit = deps.eventLimit ?? DEFAULT_EVENT_LIMIT;
  const io = new Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, { caller: Caller }>(app.server, {
    path: SOCKET_PATH,
    serveClient: false,
    maxHttpBufferSize: 64 * 1024,
  });
  const bySession = new Map<number, Set<FleetSocket>>();
  const watching = new WeakMap<FleetSocket, Set<number>>();
  const unwatch = (socket: FleetSocket, uid: number) => {
    const set = watching.get(socket);
    if (!set?.delete(uid)) return;
    deps.devices.unwatchFrames(uid);
    void socket.leave(debugRoom(uid));
  };
  const updates = vehicleUpdates(deps.pool);
  const fanout = updateFanout();
  const receivers = new WeakMap<FleetSocket, UpdateReceiver>();
  const receiverOf = (socket: FleetSocket): UpdateReceiver => {
    let r = receivers.get(socket);
    if (!r) {
      // engine.io's queue of packets not yet handed to the transport (not in its typings).
      const conn = socket.conn as unknown as { writeBuffer: unknown[]; once(event: 'drain', fn: () => void): void };
      r = {
        queued: () => conn.writeBuffer.length,
        send: (list) => socket.emit('vehicles:update', list),
        onceDrained: (fn) => conn.once('drain', fn),
      };
      receivers.set(socket, r);
    }
    return r;
  };
  /** A site's vehicle updates to each of its browsers, holding them for one that has fallen behind. */
  const sendVehicleUpdates = (siteId: number, list: VehicleUpdate[]) => {
    const ids = io.sockets.adapter.rooms.get(siteRoom(siteId));
    if (!ids) return;
    const targets: UpdateReceiver[] = [];
    for (const id of ids) {
      const socket = io.sockets.sockets.get(id);
      if (socket) targets.push(receiverOf(socket));
    }
    fanout.send(targets, list);
  };

  io.use(async (socket, next) => {
    const auth = (socket.handshake.auth ?? {}) as Partial<SocketAuth>;
    if (typeof auth.token !== 'string' || auth.token === '') return next(new Error('tokenerror'));
    try {
      const caller = await deps.resolveCaller(auth.token, typeof auth.instanceuuid === 'string' ? auth.instanceuuid : undefined, handshakeHost(socket.handshake.headers, socket.conn.remoteAddress, deps.proxyTrust));
      if (caller.user.mustChangePassword) return next(new Error('password change required'));
      socket.data.caller = caller;
      next();
    } catch {
      next(new Error('tokenerror'));
    }
  });

  async function unitSite(uid: number): Promise<number | undefined> {
    const res = await deps.pool.query<{ site_id: number }>('SELECT site_id FROM units WHERE id = $1', [uid]);
    return res.rows[0]?.site_id;
  }

  async function subscribeDebug(socket: FleetSocket, uid: number): Promise<DebugFrameEvent[] | string> {
    if (!id.safeParse(uid).success) return 'No such unit.';
    const site = await unitSite(uid);
    if (site === undefined || !socket.data.caller.siteIds.includes(site)) return 'No such unit.';
    if (!watching.get(socket)?.has(uid)) {
      await socket.join(debugRoom(uid));
      const set = watching.get(socket) ?? new Set<number>();
      set.add(uid);
      watching.set(socket, set);
      deps.devices.watchFrames(uid);
    }
    return deps.devices.recentFrames(uid);
  }

  io.on('connection', (socket: FleetSocket) => {
    const { session } = socket.data.caller;
    // Every event the client sends passes this socket's limit first (event-limit.ts).
    const next = eventLimiter(limit);
    let lastNotice = 0;
    socket.use((packet, pass) => {
      const verdict = next();
      if (verdict === 'ok') return pass();
      const message = 'Too many messages from this page: some were dropped. Slow down, or reload the page.';
      const ack = packet[packet.length - 1];
      if (typeof ack === 'function') (ack as (a: { ok: 0; message: string }) => void)({ ok: 0, message });
      if (verdict === 'close') {
        app.log.warn({ session: session.id }, 'socket closed: over its event limit');
        socket.emit('rate:limited', { message: 'Too many messages from this page: the live connection was closed.', closing: true });
        socket.disconnect(true);
        return;
      }
      const now = Date.now();
      if (now - lastNotice >= 1000) {
        lastNotice = now;
        socket.emit('rate:limited', { message, closing: false });
      }
    });
    const set = bySession.get(session.id) ?? new Set();
    set.add(socket);
    bySession.set(session.id, set);
    if (session.siteId) void socket.join(siteRoom(session.siteId));
    socket.on('disconnect', () => {
      for (const uid of [...(watching.get(socket) ?? [])]) unwatch(socket, uid);
      set.delete(socket);
      if (set.size === 0) bySession.delete(session.id);
    });
    socket.on('debug:subscribe', (uid, ack) => {
      if (typeof ack !== 'function') return;
      void subscribeDebug(socket, Number(uid)).then(
        (r) => ack(typeof r === 'string' ? { ok: 0, message: r } : { ok: 1, frames: r }),
        () => ack({ ok: 0, message: 'The debugger could not subscribe; try again.' }),
      );
    });
    socket.on('debug:unsubscribe', (uid) => unwatch(socket, Number(uid)));
    // The spec's debugger connects with query parameter uid.
    const queryUid = Number(socket.handshake.query.uid);
    if (queryUid) {
      void subscribeDebug(socket, queryUid).then((r) => {
        if (typeof r === 'string') return;
        for (const f of r) socket.emit('debug:frame', f);
      });
    }
  });

  deps.sessions.events.on('ended', (ids, reason) => {
    for (const id of ids) {
      for (const socket of bySession.get(id) ?? []) {
        socket.emit('session:ended', reason);
        socket.disconnect(true);
      }
    }
  });
  const stopFrames = deps.devices.onFrame((frame) => io.to(debugRoom(frame.uid)).emit('debug:frame', frame));
  // Positions as soon as they are committed; the state processor's updates follow (with asset
  // trackers' location codes, and anything the fast path could not know).
  // Gathered per site for a moment (newest per vehicle), so a busy fleet makes a few large
  // messages a second rather than one per committed batch.
  const gathered = new Map<number, Map<number, VehicleUpdate>>();
  let gathering: NodeJS.Timeout | null = null;
  const sendGathered = () => {
    gathering = null;
    for (const [siteId, byUnit] of gathered) sendVehicleUpdates(siteId, [...byUnit.values()]);
    gathered.clear();
  };
  const stopPositions = deps.devices.onPositions((positions) => {
    void updates.forPositions(positions).then((bySite) => {
      for (const [siteId, list] of bySite) {
        const byUnit = gathered.get(siteId) ?? new Map<number, VehicleUpdate>();
        mergeNewestUpdates(byUnit, list);
        gathered.set(siteId, byUnit);
      }
      gathering ??= setTimeout(sendGathered, GATHER_MS);
    }, (err: unknown) => app.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'live positions not sent'));
  });
  const stopState = deps.devices.onStateChanges((all: StateChange[]) => {
    // Positions already sent when committed are not sent again (that would double the traffic).
    const changes = all.filter((c) => !c.announced);
    if (changes.length === 0) return;
    void updates.forChanges(changes).then((bySite) => {
      for (const [siteId, list] of bySite) sendVehicleUpdates(siteId, list);
    }, (err: unknown) => app.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'vehicle updates not sent'));
  });

  /** Sends the units' current state to their sites: after an alarm was raised or cleared, its vehiclealarm. */
  const sendAlarmState = (units: StateChange[]) => {
    if (units.length === 0) return;
    void updates.forChanges(units).then((sites) => {
      // Through the same fan-out as positions: an update held for a slow browser must not overtake it.
      for (const [siteId, list] of sites) sendVehicleUpdates(siteId, list);
    }, (err: unknown) => app.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'vehicle alarm updates not sent'));
  };
  const alarmUnits = (rows: Array<{ kind: string; unitId: number; siteId: number }>): StateChange[] =>
    [...new Map(rows.filter((r) => ALARM_KINDS.includes(r.kind)).map((r) => [r.unitId, { unitId: r.unitId, siteId: r.siteId }])).values()];

  const stopAlerts = deps.devices.onAlerts((raised) => {
    void deps.alerts.describe(raised.map((a) => a.aid)).then((rows) => {
      const bySite = new Map<number, ReturnType<typeof alertEvent>[]>();
      for (const r of rows) bySite.set(r.site_id, [...(bySite.get(r.site_id) ?? []), alertEvent(r)]);
      for (const [siteId, list] of bySite) io.to(siteRoom(siteId)).emit('alerts:new', list);
    }, (err: unknown) => app.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'alerts not sent'));
    // The state processor may have sent the position before this alert existed: send the alarm now.
    sendAlarmState(alarmUnits(raised));
  });

  return {
    io,
    /**
     * Tells the sites' open browsers that alerts were cleared: 'alerts:cleared' with their ids, and
     * for a cleared alarm (panic, geofence) the vehicle's state with its recomputed vehiclealarm,
     * stamped with its current report time so a browser holding that report still applies it.
     */
    alertsCleared(rows: ClearedRow[]): void {
      const bySite = new Map<number, ClearedRow[]>();
      for (const r of rows) bySite.set(r.site_id, [...(bySite.get(r.site_id) ?? []), r]);
      for (const [siteId, list] of bySite) io.to(siteRoom(siteId)).emit('alerts:cleared', list.map(clearedEvent));
      sendAlarmState(alarmUnits(rows.map((r) => ({ kind: r.kind, unitId: r.unit_id, siteId: r.site_id }))));
    },
    /** Places changed: live location text reads them again. */
    placesChanged(): void {
      updates.placesChanged();
    },
    /** Tells a site's open browsers its message changed. */
    siteMessage(siteId: number, message: string): void {
      io.to(siteRoom(siteId)).emit('site:message', message);
    },
    async close(): Promise<void> {
      stopAlerts();
      stopFrames();
      stopState();
      stopPositions();
      if (gathering) clearTimeout(gathering);
      await io.close();
    },
  };
}
