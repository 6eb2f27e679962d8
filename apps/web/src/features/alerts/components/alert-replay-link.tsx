import { ActionIcon, Anchor, Button, Group } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatHHmm } from '../../../shared/format/time.ts';
import { replayAt } from '../../../shared/routing/journey-links.ts';
import { useSiteTimeZone } from '../../../shared/site/site-time-zone.ts';

interface AlertReplayProps {
  unitid: number;
  /** The alert's time (ISO). */
  time: string;
  vehicle: string;
  /**
   * 'link': the word Replay (table rows); 'button': a 44 px tall button with the word (phone cards);
   * 'icon': a 44 px icon button (drawer lines); 'white': the same on the red panic banner.
   */
  look?: 'link' | 'button' | 'icon' | 'white';
  onClick?: () => void;
}

/** The vehicle's replay on the map at the alert's moment (activitymap?v&d&t, the day in the site's zone). */
export function AlertReplayLink({ unitid, time, vehicle, look = 'link', onClick }: AlertReplayProps) {
  const { t } = useTranslation();
  const { timeZone } = useSiteTimeZone();
  const to = replayAt(unitid, time, timeZone);
  if (!to) return null;
  const label = t('journeyLinks.replayAlert', { vehicle, time: formatHHmm(time, timeZone) });
  if (look === 'link') {
    return (
      // Dark text, as the row's other link: the selected row's tint takes the primary colour below 4.5:1.
      <Anchor component={Link} to={to} size="sm" c="dark.8" fw={600} aria-label={label} title={label} onClick={onClick} data-testid="alert-replay">
        <Group gap={4} wrap="nowrap" component="span" mih={32} align="center">
          <IconPlayerPlay size={14} aria-hidden />
          {t('journeyLinks.replay')}
        </Group>
      </Anchor>
    );
  }
  if (look === 'button') {
    return (
      <Button component={Link} to={to} variant="default" size="compact-sm" mih={44} aria-label={label} title={label} onClick={onClick}
        leftSection={<IconPlayerPlay size={14} aria-hidden />} data-testid="alert-replay">
        {t('journeyLinks.replay')}
      </Button>
    );
  }
  return (
    <ActionIcon
      component={Link}
      to={to}
      variant={look === 'white' ? 'white' : 'subtle'}
      color={look === 'white' ? 'red.9' : 'dark'}
      size={44}
      aria-label={label}
      title={label}
      onClick={onClick}
      data-testid="alert-replay"
    >
      <IconPlayerPlay size={16} aria-hidden />
    </ActionIcon>
  );
}
