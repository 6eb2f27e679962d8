import { IconChecklist } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ConfigSectionCard } from '../../../shared/ui/config-section-card.tsx';
import { VCL_TEMPLATES_PATH } from '../model/office-paths.ts';

/** The configuration page's card for the check list templates. */
export function VclTemplatesCard() {
  const { t } = useTranslation();
  return <ConfigSectionCard icon={IconChecklist} title={t('vclOffice.templates.title')} text={t('vclOffice.templates.cardText')} to={VCL_TEMPLATES_PATH} />;
}
