import type { FmsVehicle } from '@fleet/shared';
import type { DeviceLink, StateChange } from '../modules/units/index.ts';
import { type FleetServer, siteRoom, type Warn } from './rooms.ts';

/** How long changed units gather before their engine data goes out: FMS values change slowly, a table redraws once a second at most. */
export const FMS_GATHER_MS = 1000;

/**
 * Live engine data ('fms:update') to the site rooms: units the state processor changed are
 * gathered for a second, per site, then read once through the engine module (the fmsvvehicles
 * rules) and sent to the site's browsers. A site with no browser open costs no read.
 */
export function engineUpdateFeed(io: FleetServer, deps: {
  devices: DeviceLink;
  /** The engine module's read: the units' engine data by site. */
  updatesForUnits: (unitIds: readonly number[]) => Promise<Map<number, FmsVehicle[]>>;
  warn: Warn;
  gatherMs?: number;
}) {
  const pending = new Set<number>();
  let timer: NodeJS.Timeout | null = null;
  const watched = (siteId: number) => (io.sockets.adapter.rooms.get(siteRoom(siteId))?.size ?? 0) > 0;

  const flush = () => {
    timer = null;
    const ids = [...pending];
    pending.clear();
    if (ids.length === 0) return;
    void deps.updatesForUnits(ids).then((bySite) => {
      for (const [siteId, list] of bySite) if (list.length > 0) io.local.to(siteRoom(siteId)).emit('fms:update', list);
    }, deps.warn('engine updates not sent'));
  };

  const stop = deps.devices.onStateChanges((changes: StateChange[]) => {
    for (const c of changes) if (watched(c.siteId)) pending.add(c.unitId);
    if (pending.size > 0) timer ??= setTimeout(flush, deps.gatherMs ?? FMS_GATHER_MS);
  });

  return {
    close(): void {
      stop();
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
