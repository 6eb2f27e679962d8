import { IconCalendarTime } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ConfigSectionCard } from '../../../shared/ui/config-section-card.tsx';

/** The configuration page's card for the shift patterns. */
export function ShiftPatternsCard() {
  const { t } = useTranslation();
  return <ConfigSectionCard icon={IconCalendarTime} title={t('timesheets.patterns.title')} text={t('timesheets.patterns.cardText')} to="/tabs/tabs/config/shiftpatterns" />;
}
