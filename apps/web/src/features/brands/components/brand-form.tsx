import type { BrandRecord } from '@fleet/shared';
import { Button, ColorInput, Grid, Group, Paper, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../shared/ui/error-state.tsx';
import { useSaveBrand } from '../api/brands-api.ts';
import { bodyOf, type BrandFormValues, formOf } from '../model/brand-form.ts';
import { BrandPreview } from './brand-preview.tsx';
import { SvgField } from './svg-field.tsx';

/** One brand's white label (or a new brand's, with `adding`), with a live preview beside it. */
export function BrandForm({ brand, adding, onSaved }: { brand: BrandRecord | undefined; adding: boolean; onSaved(id: number, message: string): void }) {
  const { t } = useTranslation();
  const save = useSaveBrand();
  const [values, setValues] = useState<BrandFormValues>(() => (adding ? { ...formOf(brand), key: '', hosts: '', name: '', publicUrl: '' } : formOf(brand)));
  const set = (field: keyof BrandFormValues) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    save.reset();
  };
  const input = (field: keyof BrandFormValues) => ({ value: values[field], onChange: (e: { currentTarget: { value: string } }) => set(field)(e.currentTarget.value) });

  return (
    <Grid gap="md">
      {/* On a phone the preview comes first, where the changes can be seen while the fields are edited. */}
      <Grid.Col span={{ base: 12, md: 6 }} order={{ base: 2, md: 1 }}>
      <Paper withBorder radius="sm" p="md">
        <form
          noValidate
          aria-label={t('brands.formLabel')}
          onSubmit={(e) => {
            e.preventDefault();
            // mutateAsync: the saved brand's refetch makes this form anew, and a mutate() callback would die with the old one.
            void save.mutateAsync(bodyOf(adding ? 0 : (brand?.id ?? 0), values)).then((a) => onSaved(a.brand.id, a.message), () => {
              // Shown by the form from save.error while it stands.
            });
          }}
        >
          <Stack gap="sm">
            <Title order={2} fz="h5">{t('brands.identity')}</Title>
            {adding && <TextInput label={t('brands.key')} description={t('brands.keyHint')} required {...input('key')} />}
            <TextInput label={t('brands.name')} required {...input('name')} />
            <TextInput label={t('brands.strapline')} {...input('strapline')} />
            <Textarea label={t('brands.hosts')} description={t('brands.hostsHint')} required autosize minRows={2} {...input('hosts')} />
            <ColorInput label={t('brands.themeColor')} description={t('brands.themeColorHint')} format="hex" value={values.themeColor} onChange={set('themeColor')}
              eyeDropperButtonProps={{ 'aria-label': t('brands.pickColour') }} />
            <SvgField label={t('brands.logo')} description={t('brands.svgHint')} value={values.logoSvg} onChange={set('logoSvg')} />
            <SvgField label={t('brands.favicon')} description={t('brands.svgHint')} value={values.faviconSvg} onChange={set('faviconSvg')} />
            <Title order={2} fz="h5" mt="sm">{t('brands.mailAndLinks')}</Title>
            <TextInput label={t('brands.sender')} description={t('brands.senderHint')} {...input('senderAddress')} />
            <TextInput label={t('brands.publicUrl')} description={t('brands.publicUrlHint')} type="url" {...input('publicUrl')} />
            <TextInput label={t('brands.privacyUrl')} description={t('brands.privacyUrlHint')} {...input('privacyUrl')} />
            <Title order={2} fz="h5" mt="sm">{t('brands.basemap')}</Title>
            <TextInput label={t('brands.mapStyle')} description={t('brands.mapStyleHint', { style: brand?.effectiveMap.style ?? t('brands.bundledOnly') })} type="url" {...input('mapStyle')} />
            <TextInput label={t('brands.mapSatellite')} type="url" {...input('mapSatellite')} />
            <Textarea label={t('brands.mapHosts')} description={t('brands.mapHostsHint')} autosize minRows={1} {...input('mapHosts')} />
            {save.isError && <ErrorState error={save.error} title={t('brands.notSaved')} />}
            <Group>
              <Button type="submit" loading={save.isPending}>{adding ? t('brands.add') : t('brands.save')}</Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }} order={{ base: 1, md: 2 }}>
        {/* Stays in view beside the long form on a wide screen; on a phone its column is only as tall as itself. */}
        <div style={{ position: 'sticky', top: 72 }}>
          <BrandPreview values={values} />
        </div>
      </Grid.Col>
    </Grid>
  );
}
