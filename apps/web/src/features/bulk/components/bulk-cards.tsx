import { IconFileImport, IconHistory } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ConfigSectionCard } from '../../../shared/ui/config-section-card.tsx';

/** The config index's cards: the audit log, and import and export. */
export function AuditLogCard() {
  const { t } = useTranslation();
  return <ConfigSectionCard icon={IconHistory} title={t('bulk.audit.title')} text={t('bulk.audit.cardText')} to="/tabs/tabs/config/audit" />;
}
export function BulkImportCard() {
  const { t } = useTranslation();
  return <ConfigSectionCard icon={IconFileImport} title={t('bulk.title')} text={t('bulk.cardText')} to="/tabs/tabs/config/import" />;
}
