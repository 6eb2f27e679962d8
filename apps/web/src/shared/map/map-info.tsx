import { ActionIcon, Anchor, Paper, Stack, Text } from '@mantine/core';
import { IconInfoCircle, IconX } from '@tabler/icons-react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { creditParts, visibleAttributions } from './attribution.ts';
import classes from './map-view.module.css';

/** The credits of what the map shows now, kept up to date as styles and sources change. */
function useCredits(map: MapLibreMap | null): string[] {
  const [credits, setCredits] = useState<string[]>([]);
  useEffect(() => {
    if (!map) return;
    const update = () => {
      try {
        const next = visibleAttributions(map);
        setCredits((prev) => (prev.join('\n') === next.join('\n') ? prev : next));
      } catch {
        // The map is being closed.
      }
    };
    update();
    map.on('styledata', update);
    map.on('sourcedata', update);
    return () => {
      map.off('styledata', update);
      map.off('sourcedata', update);
    };
  }, [map]);
  return credits;
}

/**
 * On a phone: the map's legend and credits folded behind one "i" button (44 px), which opens a
 * small panel over the map; Escape or the button closes it again.
 */
export function MapInfo({ map, legend }: { map: MapLibreMap | null; legend?: ReactNode }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const credits = useCredits(map);
  return (
    <div className={classes.info} onKeyDown={(e) => e.key === 'Escape' && open && setOpen(false)}>
      {open && (
        <Paper id={panelId} className={classes.infoPanel} shadow="sm" withBorder p="xs" role="region" aria-label={t('map.info')}>
          <Stack gap="xs">
            {legend && <div className={classes.infoLegend}>{legend}</div>}
            <div>
              <Text size="xs" fw={600}>
                {t('map.credits')}
              </Text>
              {credits.map((credit) => (
                <Text key={credit} size="xs">
                  {creditParts(credit).map((part, i) =>
                    part.href ? (
                      <Anchor key={i} href={part.href} target="_blank" rel="noopener noreferrer" inherit>
                        {part.text}
                      </Anchor>
                    ) : (
                      <span key={i}>{part.text}</span>
                    ),
                  )}
                </Text>
              ))}
            </div>
          </Stack>
        </Paper>
      )}
      <ActionIcon
        size={44}
        radius="xl"
        variant="default"
        className={classes.infoButton}
        aria-label={open ? t('map.infoClose') : t('map.infoOpen')}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen(!open)}
      >
        {open ? <IconX size={20} aria-hidden /> : <IconInfoCircle size={22} aria-hidden />}
      </ActionIcon>
    </div>
  );
}
