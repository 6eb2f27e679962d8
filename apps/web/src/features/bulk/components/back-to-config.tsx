import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** "Back to configuration", above the bulk pages. */
export function BackToConfig() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to="/tabs/tabs/config" size="sm">
      <Group gap={4}>
        <IconArrowLeft size={14} aria-hidden />
        {t('bulk.back')}
      </Group>
    </Anchor>
  );
}
