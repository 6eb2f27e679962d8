import { inTransaction } from '@fleet/db';
import type { UnitSystem } from '@fleet/shared';
import type { Caller } from '../../lib/caller.ts';
import { notFound } from '../../lib/errors.ts';
import type { AuditLog } from '../audit/index.ts';
import type { SiteSettingsRepository, SiteSettingsRow } from './site-settings.repository.ts';

/** The audit line's view of a row: the image as whether there is one (a data: URL is no reading matter). */
const audited = (r: SiteSettingsRow) => ({ timezone: r.timezone, unitsystem: r.unitSystem, image: r.image ? 'set' : 'none', settings: r.settings });

/**
 * Reads and changes a site's settings: a change is read-modify-write under the row's lock in one
 * transaction with its audit line (before and after), so two administrators saving different
 * settings at once both keep theirs. A change that changes nothing writes nothing.
 */
export function siteSettingsService(repo: SiteSettingsRepository, audit: AuditLog, unitSystemChanged: (siteId: number, system: UnitSystem) => Promise<void>) {
  return {
    async read(siteId: number): Promise<SiteSettingsRow> {
      const row = await repo.read(siteId);
      if (!row) throw notFound('site');
      return row;
    },

    async change(siteId: number, actor: { caller: Caller; address: string }, action: string, next: (row: SiteSettingsRow) => SiteSettingsRow): Promise<void> {
      const systemChanged = await inTransaction(repo.pool, async (client): Promise<UnitSystem | null> => {
        const before = await repo.lock(client, siteId);
        if (!before) throw notFound('site');
        const after = next(before);
        if (JSON.stringify(audited(after)) === JSON.stringify(audited(before)) && after.image === before.image) return null;
        await repo.write(client, after);
        await audit.change(actor, {
          action, targetKind: 'site', targetId: siteId, targetName: before.name, siteId, customerId: before.customerId,
          before: audited(before), after: audited(after),
        }, client);
        return after.unitSystem !== before.unitSystem ? after.unitSystem : null;
      });
      if (systemChanged) await unitSystemChanged(siteId, systemChanged);
    },
  };
}
