import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown while the first page's code loads. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <Center mih="60dvh" role="status" aria-label={t('app.loading')}>
      <Loader size="md" />
    </Center>
  );
}
