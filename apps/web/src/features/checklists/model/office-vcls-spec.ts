import { MAX_CHECKLIST_ITEMS, vclRecSchema, type VclRec } from '@fleet/shared';
import type { TFunction } from 'i18next';
import type { ConfigListSpec } from '../../../shared/config-lists/config-list-form.ts';

/** config/vcls: the check list templates as a configuration list (the editor's first user). */
export function vclsSpec(t: TFunction): ConfigListSpec<VclRec> {
  return {
    list: 'vcls',
    schema: vclRecSchema,
    fields: [
      { key: 'name', kind: 'text', label: t('vclOffice.templates.name'), max: 80 },
      { key: 'unittype', kind: 'select', label: t('vclOffice.templates.unittype'), noneLabel: t('vclOffice.templates.anyType') },
      {
        key: 'items', kind: 'lines', label: t('vclOffice.templates.items'), itemKey: 'item', itemLabel: t('vclOffice.templates.item'), addLabel: t('vclOffice.templates.addItem'),
        max: MAX_CHECKLIST_ITEMS, itemMax: 120,
      },
    ],
  };
}
