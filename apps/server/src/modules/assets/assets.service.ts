import { inTransaction } from '@fleet/db';
import { ASSET_UNIT_TYPE, type Asset, assetBattery, type AssetsAnswer, type SaveAssetRulesBody, toLocationCode, type UnitSystem, type WorkingHours } from '@fleet/shared';
import type { Caller } from '../../lib/caller.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { placeHasArea } from '../../ingest/processors/asset-rules.ts';
import type { AuditLog } from '../audit/index.ts';
import { placeFinder } from '../places/index.ts';
import { type PoiRepository, poiView } from '../poi/index.ts';
import { type AssetRow, type AssetsRepository, storedHours } from './assets.repository.ts';

type Where = (lat: number, lon: number) => string;

/** One row as the assets answer has it; `where` names its last position. */
export function assetOut(r: AssetRow, where: Where): Asset {
  const hours = storedHours(r.asset_hours);
  const battery = assetBattery(r.io ?? {});
  const located = r.lat !== null && r.lon !== null;
  return {
    unitid: r.id, registration: r.registration, vicon: r.vicon,
    updated: r.status_ms === null ? null : new Date(r.status_ms).toISOString(),
    batteryvolts: battery.volts, batterypercent: battery.percent, batterylow: battery.low,
    moving: r.movement, loccode: toLocationCode(r.loc_code),
    loc: located ? where(r.lat as number, r.lon as number) : '',
    lat: r.lat, lon: r.lon,
    hours, poiid: r.asset_poi_id, poiname: r.poi_name,
    guarded: hours !== null || r.asset_poi_id !== null,
    alert: r.alert_id === null ? null : { aid: Number(r.alert_id), happened: new Date(r.alert_ms ?? 0).toISOString(), detail: r.alert_detail ?? '' },
  };
}

/** The audit line's view of an asset's rules. */
const audited = (hours: WorkingHours | null, poiId: number | null) => ({ hours, poiid: poiId });

/**
 * The assets page's rules (issue 16): the site's asset trackers with their state, and an asset's
 * allowed hours and place, changed under the unit's row lock with its audit line in one transaction.
 */
export function assetsService(repo: AssetsRepository, places: PoiRepository, audit: AuditLog, systemOfSite: (siteId: number) => Promise<UnitSystem>) {
  return {
    async list(siteId: number): Promise<Omit<AssetsAnswer, 'ok'>> {
      const [rows, site, poi, system] = await Promise.all([repo.assetsOfSite(siteId), repo.siteHours(siteId), places.ofSite(siteId), systemOfSite(siteId)]);
      const where = placeFinder(poi, system);
      return {
        timezone: site.tz, sitehours: site.hours,
        places: poi.filter((p) => placeHasArea({ mode: p.mode, lat: p.lat, lon: p.lon, radius: p.radius, points: p.points })).map(poiView),
        assets: rows.map((r) => assetOut(r, where)),
      };
    },

    async saveRules(body: SaveAssetRulesBody, actor: { caller: Caller; address: string }): Promise<void> {
      await inTransaction(repo.pool, async (client) => {
        const unit = await repo.lockRules(client, body.uid);
        if (!unit) throw notFound('unit');
        if (unit.unit_type_id !== ASSET_UNIT_TYPE) throw badRequest(`${unit.registration} is not an asset tracker: only asset trackers have allowed hours and places.`);
        if (body.poiid !== null) {
          const place = await repo.placeOfSite(client, unit.site_id, body.poiid);
          if (!place) throw badRequest(`Place ${body.poiid} is not one of this site's places. Pick a place of the asset's site.`);
          if (!placeHasArea(place)) throw badRequest(`${place.name} has no area (a circle needs a radius, a polygon 3 points): an asset cannot be inside it.`);
        }
        const hours = body.hours === null ? null : { days: [...body.hours.days].sort((a, b) => a - b), start: body.hours.start, end: body.hours.end };
        const before = audited(storedHours(unit.asset_hours), unit.asset_poi_id);
        const after = audited(hours, body.poiid);
        if (JSON.stringify(before) === JSON.stringify(after)) return;
        await repo.writeRules(client, unit.id, hours, body.poiid);
        await audit.change(actor, {
          action: 'asset.rules', targetKind: 'unit', targetId: unit.id, targetName: unit.registration, siteId: unit.site_id, customerId: unit.customer_id,
          before, after,
        }, client);
      });
    },
  };
}
export type AssetsService = ReturnType<typeof assetsService>;
