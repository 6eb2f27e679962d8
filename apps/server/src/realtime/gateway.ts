import { type FmsVehicle, SOCKET_PATH, type UnitSystem } from '@fleet/shared';
import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import { type AdapterConstructor, type Bus, topics } from '../bus/index.ts';
import type { ResolveCaller } from '../lib/caller.ts';
import type { AlertsRepository } from '../modules/alerts/index.ts';
import type { SessionService } from '../modules/auth/index.ts';
import type { VehicleReadModel } from '../modules/fleet/index.ts';
import type { DeviceLink, StateChange } from '../modules/units/index.ts';
import type { ProxyTrust } from '../plugins/auth.ts';
import { alertFeed } from './alerts.ts';
import { checklistFeed } from './checklists.ts';
import { socketDebugger } from './debugger.ts';
import { DEFAULT_EVENT_LIMIT, type EventLimit } from './event-limit.ts';
import { messageFeed } from './messages.ts';
import { type FleetServer, type FleetSocket, siteRoom } from './rooms.ts';
import { socketSessions } from './sessions.ts';
import { vehicleUpdateFeed } from './vehicle-updates.ts';
import { engineUpdateFeed } from './engine-updates.ts';

/**
 * Socket.IO on the web server, put together from its concerns: who holds a socket and in which
 * site room (sessions.ts), the protocol debugger (debugger.ts), live vehicle updates
 * (vehicle-updates.ts) and alerts (alerts.ts). Each reads the database only through a module's door.
 */
export function realtimeGateway(app: FastifyInstance, deps: {
  sessions: SessionService; resolveCaller: ResolveCaller; proxyTrust: ProxyTrust; devices: DeviceLink;
  /** The fleet module's vehicle read model (the live updates are built as the vehicles call builds its list). */
  vehicles: VehicleReadModel;
  alerts: AlertsRepository;
  /** A site's unit system (the site module's settings), for the distances in alert texts. */
  systemOfSite: (siteId: number) => Promise<UnitSystem>;
  /** The site a unit is on (the debugger's check), from the units module. */
  siteOfUnit: (unitId: number) => Promise<number | undefined>;
  /** Events one socket may send (DEFAULT_EVENT_LIMIT when not given). */
  eventLimit?: EventLimit;
  /** Issue 16: the engine module's read of units' engine data by site, for 'fms:update'. */
  engineUpdates?: (unitIds: readonly number[]) => Promise<Map<number, FmsVehicle[]>>;
  /**
   * The bus between processes (issue 17). What the device side sends (positions, state changes,
   * alerts, frames) reaches every api node through it, and each sends it to its own sockets; what a
   * call on one api node changes (alerts cleared, drivers, places, ended sessions) goes out on it too.
   */
  bus: Bus;
  /** Socket.IO's adapter across api nodes (the Redis Streams one); none: one process's rooms. */
  adapter?: AdapterConstructor;
}) {
  const io: FleetServer = new Server(app.server, {
    path: SOCKET_PATH,
    serveClient: false,
    maxHttpBufferSize: 64 * 1024,
    ...(deps.adapter ? { adapter: deps.adapter } : {}),
  });
  const { bus } = deps;
  const published = (what: string) => (err: unknown) => app.log.warn({ err: err instanceof Error ? err.message : String(err) }, `bus: ${what} not published`);
  const warn = (what: string) => (err: unknown) => app.log.warn({ err: err instanceof Error ? err.message : String(err) }, what);
  // A session that ends on any node (sign-out, idle, an administrator's action) closes its sockets on every node.
  const onSessionEnded = (ids: number[], reason: string) => void bus.publish(topics.sessionsEnded, { ids, reason }).catch(published('ended sessions'));
  deps.sessions.events.on('ended', onSessionEnded);
  const sessions = socketSessions(io, {
    sessions: deps.sessions, resolveCaller: deps.resolveCaller, proxyTrust: deps.proxyTrust, eventLimit: deps.eventLimit ?? DEFAULT_EVENT_LIMIT, log: app.log,
    onEnded: (listener) => bus.subscribe(topics.sessionsEnded, ({ ids, reason }) => listener(ids, reason)),
  });
  const debug = socketDebugger(io, { devices: deps.devices, siteOfUnit: deps.siteOfUnit });
  const updates = vehicleUpdateFeed(io, { devices: deps.devices, vehicles: deps.vehicles, warn });
  const engine = deps.engineUpdates ? engineUpdateFeed(io, { devices: deps.devices, updatesForUnits: deps.engineUpdates, warn }) : null;
  const alerts = alertFeed(io, { devices: deps.devices, alerts: deps.alerts, sendAlarmState: updates.sendAlarmState, warn, systemOfSite: deps.systemOfSite });

  const stopBus = [
    bus.subscribe(topics.alertsCleared, (rows) => alerts.alertsCleared(rows)),
    bus.subscribe(topics.unitsChanged, (units) => updates.sendDriverChanges(units)),
    bus.subscribe(topics.placesChanged, ({ siteId }) => updates.placesChanged(siteId)),
  ];

  io.on('connection', (socket: FleetSocket) => {
    sessions.connected(socket);
    debug.connected(socket);
  });

  return {
    io,
    /** Alerts a call cleared: every api node's browsers of their sites are told. */
    alertsCleared(rows: Parameters<typeof alerts.alertsCleared>[0]): void {
      void bus.publish(topics.alertsCleared, rows).catch(published('cleared alerts'));
    },
    /** Check list events ('vcl:new', 'vcl:dealt') to the site rooms. */
    checklists: checklistFeed(io),
    /** New messages and reads, to the office's site room and the vehicle's cab sockets. */
    messages: messageFeed(io),
    /** Places (or a site's unit system) changed: live location text reads them again, on every api node. */
    placesChanged(siteId?: number): void {
      // Here at once as well, so this node's next call reads the new places (invalidating twice is harmless).
      updates.placesChanged(siteId);
      void bus.publish(topics.placesChanged, siteId === undefined ? {} : { siteId }).catch(published('places changed'));
    },
    /** Units whose record changed (a driver signed on or off, issue 11): their sites' browsers get their update now, on every api node. */
    unitsChanged(units: StateChange[]): void {
      void bus.publish(topics.unitsChanged, units).catch(published('units changed'));
    },
    /** Tells a site's open browsers its message changed (through the adapter: on every api node). */
    siteMessage(siteId: number, message: string): void {
      io.to(siteRoom(siteId)).emit('site:message', message);
    },
    async close(): Promise<void> {
      for (const stop of stopBus) stop();
      deps.sessions.events.off('ended', onSessionEnded);
      sessions.close();
      alerts.close();
      debug.close();
      updates.close();
      engine?.close();
      await io.close();
    },
  };
}
