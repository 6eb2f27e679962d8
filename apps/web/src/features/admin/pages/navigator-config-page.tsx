import { type NavigatorSettings, ROUTE_PROFILES } from '@fleet/shared';
import { Button, Card, Group, NumberInput, SegmentedControl, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { ErrorState } from '../../../shared/ui/error-state.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { siteSettingsQuery, useSaveNavigator } from '../api/site-settings-api.ts';
import { ConfigBackLink } from '../components/config-back-link.tsx';

function NavigatorForm({ saved }: { saved: NavigatorSettings }) {
  const { t } = useTranslation();
  const save = useSaveNavigator(() => notifications.show({ color: 'teal', message: t('navigatorConfig.saved') }));
  const [nav, setNav] = useState(saved);
  const [radius, setRadius] = useState<number | string>(saved.arrivalRadiusM);
  const [radiusError, setRadiusError] = useState<string | null>(null);
  const set = (patch: Partial<NavigatorSettings>) => {
    setNav((n) => ({ ...n, ...patch }));
    save.reset();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const r = typeof radius === 'number' ? radius : Number.NaN;
    if (!Number.isInteger(r) || r < 10 || r > 1000) return setRadiusError(t('navigatorConfig.radiusError'));
    setRadiusError(null);
    save.mutate({ ...nav, arrivalRadiusM: r });
  };
  return (
    <Card withBorder padding="md" maw={560}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <div>
            <Text size="sm" fw={500} id="profile-label">{t('navigatorConfig.profile')}</Text>
            <Text size="xs" c="dimmed" mb={4}>{t('navigatorConfig.profileHint')}</Text>
            <SegmentedControl aria-labelledby="profile-label" value={nav.profile} data={ROUTE_PROFILES.map((p) => ({ value: p, label: t(`navigatorConfig.profiles.${p}`) }))} onChange={(v) => set({ profile: ROUTE_PROFILES.find((p) => p === v) ?? 'van' })} />
          </div>
          <Switch label={t('navigatorConfig.avoidTolls')} checked={nav.avoidTolls} onChange={(e) => set({ avoidTolls: e.currentTarget.checked })} />
          <Switch label={t('navigatorConfig.avoidMotorways')} checked={nav.avoidMotorways} onChange={(e) => set({ avoidMotorways: e.currentTarget.checked })} />
          <Switch label={t('navigatorConfig.showTraffic')} checked={nav.showTraffic} onChange={(e) => set({ showTraffic: e.currentTarget.checked })} />
          <NumberInput label={t('navigatorConfig.radius')} description={t('navigatorConfig.radiusHint')} value={radius} onChange={(v) => { setRadius(v); save.reset(); }} min={10} max={1000} allowDecimal={false} rightSection={<Text size="sm" pr={8}>m</Text>} rightSectionWidth={40} error={radiusError} w={220} />
          {save.isError && <ErrorState error={save.error} />}
          <Group>
            <Button type="submit" loading={save.isPending}>{t('navigatorConfig.save')}</Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** navigatorconfig (administrators): how the site's drivers are routed (the navigator itself is issue 16's). */
export default function NavigatorConfigPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const siteId = user?.siteid ?? 0;
  const settings = useQuery({ ...siteSettingsQuery(siteId), enabled: siteId > 0 });
  return (
    <Stack gap="sm" maw={960}>
      <PageHeader title={t('navigatorConfig.title')} description={t('navigatorConfig.intro', { site: user?.sitename ?? '' })} />
      <ConfigBackLink />
      {settings.isPending && siteId > 0 && <Skeleton h={320} maw={560} radius="md" aria-label={t('siteSettings.loading')} />}
      {settings.isError && <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />}
      {settings.data && <NavigatorForm key={settings.dataUpdatedAt} saved={settings.data.settings.navigator} />}
    </Stack>
  );
}
