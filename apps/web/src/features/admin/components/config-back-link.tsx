import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

const CONFIG = '/tabs/tabs/config';

/** "Back to configuration": the way back from a configuration section to the list of sections. */
export function ConfigBackLink() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to={CONFIG} size="sm">
      <Group gap={4}>
        <IconArrowLeft size={14} aria-hidden />
        {t('workingHours.back')}
      </Group>
    </Anchor>
  );
}
