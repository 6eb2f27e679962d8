import { isSuperAdmin } from '@fleet/shared';
import { IconPalette } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { ConfigSectionCard } from '../../../shared/ui/config-section-card.tsx';

/** The configuration page's card for the brand editor (super administrators only). */
export function BrandsCard() {
  const { t } = useTranslation();
  if (!isSuperAdmin(useSessionUser()?.usertype)) return null;
  return <ConfigSectionCard icon={IconPalette} title={t('brands.title')} text={t('brands.cardText')} to="/tabs/tabs/config/brand" variant="light" />;
}
