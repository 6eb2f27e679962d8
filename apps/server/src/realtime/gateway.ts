import { type FmsVehicle, SOCKET_PATH, type UnitSystem } from '@fleet/shared';
import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
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
}) {
  const io: FleetServer = new Server(app.server, {
    path: SOCKET_PATH,
    serveClient: false,
    maxHttpBufferSize: 64 * 1024,
  });
  const warn = (what: string) => (err: unknown) => app.log.warn({ err: err instanceof Error ? err.message : String(err) }, what);
  const sessions = socketSessions(io, {
    sessions: deps.sessions, resolveCaller: deps.resolveCaller, proxyTrust: deps.proxyTrust, eventLimit: deps.eventLimit ?? DEFAULT_EVENT_LIMIT, log: app.log,
  });
  const debug = socketDebugger(io, { devices: deps.devices, siteOfUnit: deps.siteOfUnit });
  const updates = vehicleUpdateFeed(io, { devices: deps.devices, vehicles: deps.vehicles, warn });
  const engine = deps.engineUpdates ? engineUpdateFeed(io, { devices: deps.devices, updatesForUnits: deps.engineUpdates, warn }) : null;
  const alerts = alertFeed(io, { devices: deps.devices, alerts: deps.alerts, sendAlarmState: updates.sendAlarmState, warn, systemOfSite: deps.systemOfSite });

  io.on('connection', (socket: FleetSocket) => {
    sessions.connected(socket);
    debug.connected(socket);
  });

  return {
    io,
    alertsCleared: alerts.alertsCleared,
    /** Check list events ('vcl:new', 'vcl:dealt') to the site rooms. */
    checklists: checklistFeed(io),
    /** New messages and reads, to the office's site room and the vehicle's cab sockets. */
    messages: messageFeed(io),
    /** Places changed: live location text reads them again. */
    placesChanged(): void {
      updates.placesChanged();
    },
    /** Units whose record changed (a driver signed on or off, issue 11): their sites' browsers get their update now. */
    unitsChanged(units: StateChange[]): void {
      updates.sendDriverChanges(units);
    },
    /** Tells a site's open browsers its message changed. */
    siteMessage(siteId: number, message: string): void {
      io.to(siteRoom(siteId)).emit('site:message', message);
    },
    async close(): Promise<void> {
      alerts.close();
      debug.close();
      updates.close();
      engine?.close();
      await io.close();
    },
  };
}
