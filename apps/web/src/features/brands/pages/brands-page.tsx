import { isSuperAdmin } from '@fleet/shared';
import { Alert, Anchor, Button, Group, Select, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconCircleCheck, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { ErrorState } from '../../../shared/ui/error-state.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { brandsQuery } from '../api/brands-api.ts';
import { BrandForm } from '../components/brand-form.tsx';
import { SmsPanel } from '../components/sms-panel.tsx';

const NEW = 'new';

/** config/brand (super administrators): the brand editor — white label, basemap — and the test text message. */
export default function BrandsPage() {
  const { t } = useTranslation();
  const superAdmin = isSuperAdmin(useSessionUser()?.usertype);
  const query = useQuery({ ...brandsQuery, enabled: superAdmin });
  const [chosen, setChosen] = useState<string | null>(null);
  // Said on the page (the form is made anew from the saved brand): what was saved and that it is in force.
  const [saved, setSaved] = useState<string | null>(null);
  const brands = query.data?.brands ?? [];
  const adding = chosen === NEW;
  const brand = brands.find((b) => String(b.id) === chosen) ?? brands[0];
  return (
    <Stack gap="md" maw={1200}>
      <PageHeader title={t('brands.title')} description={t('brands.intro')}
        actions={query.data?.canAdd && !adding && (
          <Button variant="default" size="compact-sm" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => { setChosen(NEW); setSaved(null); }}>{t('brands.addBrand')}</Button>
        )} />
      <Anchor component={Link} to="/tabs/tabs/config" size="sm">
        <Group gap={4}><IconArrowLeft size={14} aria-hidden />{t('brands.back')}</Group>
      </Anchor>
      {!superAdmin && <Text>{t('brands.superOnly')}</Text>}
      {superAdmin && query.isPending && <Skeleton height={320} aria-label={t('brands.loading')} role="status" />}
      {query.isError && <ErrorState error={query.error} onRetry={() => void query.refetch()} />}
      {brands.length > 1 || adding ? (
        <Select
          label={t('brands.brand')}
          data={[...brands.map((b) => ({ value: String(b.id), label: b.name })), ...(adding ? [{ value: NEW, label: t('brands.newBrand') }] : [])]}
          value={adding ? NEW : brand ? String(brand.id) : null}
          onChange={(v) => { setChosen(v); setSaved(null); }}
          allowDeselect={false}
          maw={360}
        />
      ) : null}
      {saved && (
        <Alert color="teal" variant="light" role="status" icon={<IconCircleCheck aria-hidden />} withCloseButton closeButtonLabel={t('brands.dismiss')} onClose={() => setSaved(null)}>
          {saved}
        </Alert>
      )}
      {brand && (
        <BrandForm
          key={adding ? NEW : `${brand.id}|${brand.updatedAt ?? ''}`}
          brand={brand}
          adding={adding}
          onSaved={(id, message) => { setChosen(String(id)); setSaved(message); }}
        />
      )}
      {superAdmin && <SmsPanel />}
    </Stack>
  );
}
