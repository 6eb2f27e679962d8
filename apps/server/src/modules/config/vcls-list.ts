import { vclRecSchema, type VclRec } from '@fleet/shared';
import { badRequest } from '../../lib/errors.ts';
import type { ChecklistsRepository } from '../checklists/index.ts';
import { defineConfigList } from './registry.ts';

/** 'vcls': the check list templates of the site (soft-deleted, so past check lists keep their items). */
export function vclsConfigList(repo: ChecklistsRepository) {
  const checkType = async (rec: VclRec) => {
    if (rec.unittype !== null && !(await repo.unitTypeExists(rec.unittype))) throw badRequest(`There is no vehicle type ${rec.unittype}.`);
  };
  const stored = (rec: VclRec) => ({ name: rec.name, unitTypeId: rec.unittype, items: rec.items.map((i) => ({ name: i.item })) });
  return defineConfigList({
    name: 'vcls',
    title: 'Vehicle check lists',
    noun: 'check list template',
    rec: vclRecSchema,
    who: 'admin',
    columns: [
      { key: 'name', label: 'Name' },
      { key: 'typename', label: 'Vehicle type' },
      { key: 'items', label: 'Items' },
      { key: 'updated', label: 'Updated' },
    ],
    async list({ siteId }) {
      return (await repo.templatesOfSite(siteId)).map((t) => ({
        id: t.id, name: t.name, unittype: t.unit_type_id, typename: t.type_name ?? 'Any vehicle', items: t.items.length, updated: t.updated_at.toISOString(),
      }));
    },
    async get({ siteId }, id) {
      const t = await repo.template(id, [siteId]);
      return t ? { id: t.id, name: t.name, unittype: t.unit_type_id, items: t.items.map((i) => ({ item: i.name })) } : null;
    },
    async add({ siteId, caller }, rec) {
      await checkType(rec);
      return repo.insertTemplate({ siteId, ...stored(rec), userId: caller.user.id });
    },
    async edit({ siteId, caller }, id, rec) {
      await checkType(rec);
      return repo.updateTemplate(id, [siteId], { ...stored(rec), userId: caller.user.id });
    },
    async remove({ siteId, caller }, id) {
      const r = await repo.deleteTemplate(id, [siteId], caller.user.id);
      if (!r.deleted) return null;
      return r.used > 0
        ? `The check list was removed. The ${r.used} check list${r.used === 1 ? '' : 's'} already signed off with it keep their items.`
        : 'The check list was removed.';
    },
  });
}
