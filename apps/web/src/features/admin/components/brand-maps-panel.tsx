import { type BrandMapSetting, isSuperAdmin } from '@fleet/shared';
import { Button, Group, Paper, Select, Skeleton, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { ErrorState } from '../../../shared/ui/error-state.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { brandMapsQuery, useSaveBrandMap } from '../api/brand-map-api.ts';
import { ConfigBackLink } from './config-back-link.tsx';


/** One brand's street and satellite styles and further map hosts; empty fields take the installation's. */
function BrandMapForm({ brand }: { brand: BrandMapSetting }) {
  const { t } = useTranslation();
  const save = useSaveBrandMap();
  const [style, setStyle] = useState(brand.style ?? '');
  const [satellite, setSatellite] = useState(brand.satellite ?? '');
  const [hosts, setHosts] = useState(brand.hosts.join('\n'));
  const edit = (set: (v: string) => void) => (e: { currentTarget: { value: string } }) => {
    set(e.currentTarget.value);
    save.reset();
  };
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const list = hosts.split(/[\s,]+/).filter(Boolean);
        save.mutate(
          { brand: brand.key, style: style.trim() || null, satellite: satellite.trim() || null, hosts: list },
          { onSuccess: (a) => notifications.show({ color: 'teal', message: a.message ?? t('brandMaps.saved') }) },
        );
      }}
    >
      <Stack gap="sm">
        <Text size="sm" c="gray.8">
          {t('brandMaps.inForce', {
            style: brand.effective.style ?? t('brandMaps.bundledOnly'),
            satellite: brand.effective.satellite ?? t('brandMaps.noSatellite'),
          })}
        </Text>
        <TextInput type="url" label={t('brandMaps.style')} description={t('brandMaps.styleHint')} value={style} onChange={edit(setStyle)} />
        <TextInput type="url" label={t('brandMaps.satellite')} value={satellite} onChange={edit(setSatellite)} />
        <Textarea label={t('brandMaps.hosts')} description={t('brandMaps.hostsHint')} value={hosts} onChange={edit(setHosts)} autosize minRows={2} />
        {save.isError && <ErrorState error={save.error} />}
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('brandMaps.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** config/maps (super administrators): each brand's basemap. */
export function BrandMapsPanel() {
  const { t } = useTranslation();
  const superAdmin = isSuperAdmin(useSessionUser()?.usertype);
  const query = useQuery({ ...brandMapsQuery, enabled: superAdmin });
  const [key, setKey] = useState<string | null>(null);
  const brands = query.data ?? [];
  const brand = brands.find((b) => b.key === key) ?? brands[0];
  return (
    <Stack gap="sm" maw={720}>
      <PageHeader title={t('brandMaps.title')} description={t('brandMaps.intro')} />
      <ConfigBackLink />
      <Paper withBorder radius="sm" p="md">
        {!superAdmin && <Text>{t('brandMaps.superOnly')}</Text>}
        {superAdmin && query.isPending && <Skeleton height={120} aria-label={t('brandMaps.loading')} role="status" />}
        {query.isError && <ErrorState error={query.error} onRetry={() => void query.refetch()} />}
        {brand && (
          <Stack gap="md">
            <Select
              label={t('brandMaps.brand')}
              data={brands.map((b) => ({ value: b.key, label: b.name }))}
              value={brand.key}
              onChange={setKey}
              allowDeselect={false}
              maw={320}
            />
            <BrandMapForm key={`${brand.key}|${brand.style}|${brand.satellite}|${brand.hosts.join()}`} brand={brand} />
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
