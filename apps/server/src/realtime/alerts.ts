import type { UnitSystem } from '@fleet/shared';
import type { AlertsRepository, ClearedRow } from '../modules/alerts/index.ts';
import { alertEvent, clearedEvent, isAlarmKind } from '../modules/alerts/index.ts';
import type { DeviceLink, StateChange } from '../modules/units/index.ts';
import { type FleetServer, siteRoom, type Warn } from './rooms.ts';

/**
 * Alerts to the site rooms: 'alerts:new' for alerts the events processor raised, 'alerts:cleared'
 * for alerts a call cleared; after either, an alarm's vehicle state goes out again (its vehiclealarm)
 * through the vehicle update feed.
 */
export function alertFeed(io: FleetServer, deps: {
  devices: DeviceLink; alerts: AlertsRepository; sendAlarmState: (units: StateChange[]) => void; warn: Warn;
  /** A site's unit system, for the distances in the alerts' location texts. */
  systemOfSite: (siteId: number) => Promise<UnitSystem>;
}) {
  const alarmUnits = (rows: Array<{ kind: string; unitId: number; siteId: number }>): StateChange[] =>
    [...new Map(rows.filter((r) => isAlarmKind(r.kind)).map((r) => [r.unitId, { unitId: r.unitId, siteId: r.siteId }])).values()];

  const stopAlerts = deps.devices.onAlerts((raised) => {
    void deps.alerts.describe(raised.map((a) => a.aid)).then(async (rows) => {
      const bySite = new Map<number, typeof rows>();
      for (const r of rows) bySite.set(r.site_id, [...(bySite.get(r.site_id) ?? []), r]);
      for (const [siteId, list] of bySite) {
        const units = await deps.systemOfSite(siteId);
        io.local.to(siteRoom(siteId)).emit('alerts:new', list.map((r) => alertEvent(r, units)));
      }
    }).catch(deps.warn('alerts not sent'));
    // The state processor may have sent the position before this alert existed: send the alarm now.
    deps.sendAlarmState(alarmUnits(raised));
  });

  return {
    /**
     * Tells this node's open browsers of the sites that alerts were cleared (every api node hears of it over the bus): 'alerts:cleared' with their ids, and
     * for a cleared alarm (panic, geofence) the vehicle's state with its recomputed vehiclealarm,
     * stamped with its current report time so a browser holding that report still applies it.
     */
    alertsCleared(rows: ClearedRow[]): void {
      const bySite = new Map<number, ClearedRow[]>();
      for (const r of rows) bySite.set(r.site_id, [...(bySite.get(r.site_id) ?? []), r]);
      for (const [siteId, list] of bySite) io.local.to(siteRoom(siteId)).emit('alerts:cleared', list.map(clearedEvent));
      deps.sendAlarmState(alarmUnits(rows.map((r) => ({ kind: r.kind, unitId: r.unit_id, siteId: r.site_id }))));
    },
    close(): void {
      stopAlerts();
    },
  };
}
