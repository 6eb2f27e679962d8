import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ConfigListEditor } from '../../../shared/config-lists/config-list-editor.tsx';
import { unitTypesQuery } from '../../../shared/units/unit-types-query.ts';
import { VCL_TEMPLATES_PATH } from '../model/office-paths.ts';
import { vclsSpec } from '../model/office-vcls-spec.ts';

const CONFIG = '/tabs/tabs/config';

/** config/vcls[/:id|/new] (administrators): the site's check list templates, per vehicle type. */
export default function VclTemplatesPage() {
  const { t } = useTranslation();
  const { id, mode } = useParams();
  const spec = useMemo(() => vclsSpec(t), [t]);
  const unitTypes = useQuery(unitTypesQuery);
  const options = useMemo(
    () => ({ unittype: (unitTypes.data ?? []).map((u) => ({ value: String(u.id), label: u.name })) }),
    [unitTypes.data],
  );
  return (
    <ConfigListEditor
      spec={spec}
      base={VCL_TEMPLATES_PATH}
      back={CONFIG}
      title={t('vclOffice.templates.title')}
      description={t('vclOffice.templates.about')}
      noun={t('vclOffice.templates.noun')}
      countText={(count) => t('vclOffice.templates.count', { count })}
      options={options}
      idParam={id}
      modeParam={mode}
      deleteText={t('vclOffice.editor.deleteMessage', { noun: t('vclOffice.templates.noun') })}
    />
  );
}
