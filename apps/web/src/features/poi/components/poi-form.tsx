import { Alert, Button, Checkbox, Group, NumberInput, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatRadius } from '../../../shared/format/units.ts';
import { useUnitSystem } from '../../../shared/format/use-units.ts';
import { ErrorState } from '../../../shared/ui/error-state.tsx';
import { useSavePoi } from '../api/poi-mutations.ts';
import { draftBody, draftProblems, finishPolygon, type PoiDraft, RADIUS_LIMITS } from '../model/poi-draft.ts';
import { cornerToRemove, removeVertex } from '../model/poi-handles.ts';
import { setPoiState, updateDraft } from '../model/poi-store.ts';

/** The place being drawn or edited: name, radius, flags, and what to click on the map next. */
export function PoiForm({ siteId, draft }: { siteId: number; draft: PoiDraft }) {
  const { t } = useTranslation();
  const save = useSavePoi(siteId);
  const system = useUnitSystem();
  const problems = draftProblems(draft);
  const set = (change: Partial<PoiDraft>) => updateDraft((d) => ({ ...d, ...change }));
  const close = () => setPoiState({ draft: null });
  const hint = draft.mode === 1 ? t('poi.hintCircle') : draft.closed ? t('poi.hintClosed') : t('poi.hintPolygon', { count: draft.points.length });
  const corner = cornerToRemove(draft);

  return (
    <Stack
      gap="xs"
      p="xs"
      component="form"
      aria-label={t('poi.formLabel')}
      onSubmit={(e) => {
        e.preventDefault();
        if (problems.length > 0) return;
        save.mutate({ body: draftBody(draft), geofence: draft.geofence }, { onSuccess: close });
      }}
    >
      <Title order={3} size="sm">
        {draft.id ? t('poi.editTitle') : draft.mode === 1 ? t('poi.newCircle') : t('poi.newPolygon')}
      </Title>
      <Alert color="violet" variant="light" p={6} role="status">
        <Text size="xs">{hint}</Text>
      </Alert>
      <TextInput label={t('poi.name')} size="xs" value={draft.name} onChange={(e) => set({ name: e.currentTarget.value })} maxLength={120} required data-autofocus />
      {draft.mode === 1 && (
        <NumberInput
          label={t('poi.radius')}
          size="xs"
          value={draft.radius}
          min={RADIUS_LIMITS.min}
          max={RADIUS_LIMITS.max}
          step={50}
          onChange={(v) => set({ radius: typeof v === 'number' ? v : Number.NaN })}
          error={problems.includes('radius') ? t('poi.radiusRange') : undefined}
          // Radii are typed in metres everywhere; an imperial site also reads them in its own unit.
          description={system === 'imperial' && !problems.includes('radius') ? t('poi.radiusIs', { radius: formatRadius(draft.radius, system) }) : undefined}
        />
      )}
      {draft.mode === 2 && (
        <Group gap={6}>
          {!draft.closed && (
            <Button size="compact-xs" variant="default" onClick={() => updateDraft(finishPolygon)} disabled={draft.points.length < 3}>
              {t('poi.finish')}
            </Button>
          )}
          <Button
            size="compact-xs"
            variant="default"
            onClick={() => corner !== null && updateDraft((d) => removeVertex(d, corner))}
            disabled={corner === null}
            title={draft.closed && corner === null ? t('poi.removeCornerHint') : undefined}
          >
            {draft.closed ? t('poi.removeCorner') : t('poi.removeLastCorner')}
          </Button>
          <Button size="compact-xs" variant="subtle" onClick={() => set({ points: [], closed: false, selected: null })} disabled={draft.points.length === 0}>
            {t('poi.clearPoints')}
          </Button>
        </Group>
      )}
      <Checkbox size="xs" label={t('poi.isGeofence')} checked={draft.geofence} onChange={(e) => set({ geofence: e.currentTarget.checked })} />
      <Switch size="xs" label={t('poi.showOnMap')} checked={draft.showonmap} onChange={(e) => set({ showonmap: e.currentTarget.checked })} />
      {problems.length > 0 && (
        <Text size="xs" c="gray.7">
          {problems.map((p) => t(`poi.problem.${p}`)).join(' ')}
        </Text>
      )}
      {save.isError && <ErrorState error={save.error} />}
      <Group gap={6} justify="flex-end">
        <Button size="xs" variant="default" onClick={close}>
          {t('poi.cancel')}
        </Button>
        <Button size="xs" type="submit" disabled={problems.length > 0} loading={save.isPending}>
          {t('poi.save')}
        </Button>
      </Group>
    </Stack>
  );
}
