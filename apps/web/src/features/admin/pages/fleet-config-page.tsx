import { type SiteSettingsAnswer, UNIT_SYSTEMS, VOLUME_UNITS } from '@fleet/shared';
import { Button, Card, Checkbox, Group, NumberInput, Select, SegmentedControl, SimpleGrid, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { ErrorState } from '../../../shared/ui/error-state.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { siteSettingsQuery, useSaveSiteSettings } from '../api/site-settings-api.ts';
import { ConfigBackLink } from '../components/config-back-link.tsx';
import { SiteImageCard } from '../components/site-image-card.tsx';
import { bodyOf, formOf, type SiteSettingsErrors, type SiteSettingsForm, speedInSiteUnit, speedKmh } from '../model/site-settings-form.ts';

const ZONES: string[] = (() => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['Europe/London'];
  }
})();

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} fz="md" id={id}>{title}</Title>
        {children}
      </Stack>
    </Card>
  );
}

function SettingsForm({ answer }: { answer: SiteSettingsAnswer }) {
  const { t } = useTranslation();
  const save = useSaveSiteSettings(() => notifications.show({ color: 'teal', message: t('siteSettings.saved') }));
  const [form, setForm] = useState<SiteSettingsForm>(() => formOf(answer));
  const [errors, setErrors] = useState<SiteSettingsErrors>({});
  const zones = useMemo(() => (ZONES.includes(form.timezone) ? ZONES : [form.timezone, ...ZONES]), [form.timezone]);
  const set = (patch: Partial<SiteSettingsForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    save.reset();
  };
  const err = (key: keyof SiteSettingsErrors) => {
    const e = errors[key];
    return e ? t(`siteSettings.errors.${e}`) : undefined;
  };
  const speedUnit = form.unitsystem === 'imperial' ? 'mph' : 'km/h';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const out = bodyOf(form, answer.menuchoices.map((c) => c.link));
    setErrors(out.errors ?? {});
    if (out.body) save.mutate(out.body);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          <Section id="site-where" title={t('siteSettings.whereTitle')}>
            <Select label={t('siteSettings.timezone')} data={zones} value={form.timezone} searchable onChange={(v) => set({ timezone: v ?? '' })} error={err('timezone')} allowDeselect={false} />
            <div>
              <Text size="sm" fw={500} id="units-label">{t('siteSettings.units')}</Text>
              <SegmentedControl
                aria-labelledby="units-label"
                value={form.unitsystem}
                data={UNIT_SYSTEMS.map((s) => ({ value: s, label: t(`siteSettings.system.${s}`) }))}
                onChange={(v) => {
                  const system = v === 'metric' ? 'metric' : 'imperial';
                  const kmh = typeof form.speeding === 'number' ? speedKmh(form.speeding, form.unitsystem) : null;
                  set({ unitsystem: system, ...(kmh === null ? {} : { speeding: speedInSiteUnit(kmh, system) }) });
                }}
              />
            </div>
            <div>
              <Text size="sm" fw={500} id="volume-label">{t('siteSettings.volume')}</Text>
              <SegmentedControl aria-labelledby="volume-label" value={form.volumeUnit} data={VOLUME_UNITS.map((v) => ({ value: v, label: t(`siteSettings.volumeUnit.${v}`) }))} onChange={(v) => set({ volumeUnit: v === 'gallons' ? 'gallons' : 'litres' })} />
            </div>
          </Section>
          <Section id="site-thresholds" title={t('siteSettings.thresholdsTitle')}>
            <Text size="sm" c="dimmed">{t('siteSettings.thresholdsText')}</Text>
            <NumberInput label={t('siteSettings.idle')} value={form.idleMinutes} onChange={(v) => set({ idleMinutes: v })} min={0} max={1440} allowDecimal={false} rightSection={<Text size="sm" pr={8}>min</Text>} rightSectionWidth={48} error={err('idleMinutes')} />
            <NumberInput label={t('siteSettings.speeding')} value={form.speeding} onChange={(v) => set({ speeding: v })} min={1} allowDecimal={false} rightSection={<Text size="sm" pr={8}>{speedUnit}</Text>} rightSectionWidth={56} error={err('speeding')} />
          </Section>
          <Section id="site-map" title={t('siteSettings.mapTitle')}>
            <div>
              <Text size="sm" fw={500} id="basemap-label">{t('siteSettings.basemap')}</Text>
              <SegmentedControl aria-labelledby="basemap-label" value={form.basemap} data={[{ value: 'streets', label: t('siteSettings.streets') }, { value: 'satellite', label: t('siteSettings.satellite') }]} onChange={(v) => set({ basemap: v === 'satellite' ? 'satellite' : 'streets' })} />
            </div>
            <Switch label={t('siteSettings.fixedView')} description={t('siteSettings.fixedViewHint')} checked={form.fixedView} onChange={(e) => set({ fixedView: e.currentTarget.checked })} />
            {form.fixedView && (
              <Group grow align="flex-start">
                <NumberInput label={t('siteSettings.lat')} value={form.lat} onChange={(v) => set({ lat: v })} decimalScale={5} min={-85} max={85} error={err('lat')} />
                <NumberInput label={t('siteSettings.lon')} value={form.lon} onChange={(v) => set({ lon: v })} decimalScale={5} min={-180} max={180} error={err('lon')} />
                <NumberInput label={t('siteSettings.zoom')} value={form.zoom} onChange={(v) => set({ zoom: v })} min={1} max={18} error={err('zoom')} />
              </Group>
            )}
          </Section>
          <Section id="site-menu" title={t('siteSettings.menuTitle')}>
            <Checkbox.Group label={t('siteSettings.menuLabel')} description={t('siteSettings.menuHint')} value={form.operatorMenu} onChange={(v) => set({ operatorMenu: v })} error={err('operatorMenu')}>
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={6} mt={6}>
                {answer.menuchoices.map((c) => <Checkbox key={c.link} value={c.link} label={c.name} />)}
              </SimpleGrid>
            </Checkbox.Group>
          </Section>
        </SimpleGrid>
        {save.isError && <ErrorState error={save.error} />}
        <Group>
          <Button type="submit" loading={save.isPending}>{t('siteSettings.save')}</Button>
        </Group>
      </Stack>
    </form>
  );
}

/** fleetconfig (administrators): the current site's settings in one place. */
export default function FleetConfigPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const siteId = user?.siteid ?? 0;
  const settings = useQuery({ ...siteSettingsQuery(siteId), enabled: siteId > 0 });
  return (
    <Stack gap="sm" maw={1100}>
      <PageHeader title={t('siteSettings.title')} description={t('siteSettings.intro', { site: user?.sitename ?? '' })} />
      <Group gap="md">
        <ConfigBackLink />
        <Text size="sm" component={Link} to="/tabs/tabs/navigatorconfig" c="blue.8" td="underline">{t('siteSettings.toNavigator')}</Text>
        <Text size="sm" component={Link} to="/tabs/tabs/mobileconfig" c="blue.8" td="underline">{t('siteSettings.toMobile')}</Text>
      </Group>
      {siteId === 0 && <Text>{t('siteSettings.noSite')}</Text>}
      {settings.isPending && siteId > 0 && <Skeleton h={420} radius="md" aria-label={t('siteSettings.loading')} />}
      {settings.isError && <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />}
      {settings.data && (
        <>
          <SettingsForm key={settings.dataUpdatedAt} answer={settings.data} />
          <SiteImageCard image={settings.data.image} siteName={settings.data.sitename} />
        </>
      )}
    </Stack>
  );
}
