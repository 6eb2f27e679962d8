import { Button, Group, Paper, Text } from '@mantine/core';
import { IconForms } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { finishPolygon } from '../model/poi-draft.ts';
import { updateDraft, usePoiState } from '../model/poi-store.ts';
import classes from './poi.module.css';

/** Whether a place is being drawn or edited (the page shows the map for it on a phone). */
export function usePoiDrafting(): boolean {
  return usePoiState().draft !== null;
}

/**
 * Over the map while a place is drawn, where the map and the list take turns (a phone): what to tap
 * next, Finish for an open outline, and the way back to the form to name and save it.
 */
export function PoiDraftBar({ onForm }: { onForm(): void }) {
  const { t } = useTranslation();
  const { draft } = usePoiState();
  if (!draft) return null;
  const hint = draft.mode === 1
    ? draft.centre ? t('poi.barCirclePlaced') : t('poi.barCircle')
    : draft.closed ? t('poi.barClosed') : t('poi.barPolygon', { count: draft.points.length });
  return (
    <Paper className={classes.draftBar} shadow="sm" withBorder p={8} role="status" aria-label={t('poi.barLabel')}>
      <Text size="sm">{hint}</Text>
      <Group gap={6} mt={6} justify="flex-end">
        {draft.mode === 2 && !draft.closed && (
          <Button size="compact-sm" variant="default" onClick={() => updateDraft(finishPolygon)} disabled={draft.points.length < 3}>
            {t('poi.finish')}
          </Button>
        )}
        <Button size="compact-sm" leftSection={<IconForms size={14} aria-hidden />} onClick={onForm}>
          {t('poi.barForm')}
        </Button>
      </Group>
    </Paper>
  );
}
