import { ActionIcon, Anchor, Group } from '@mantine/core';
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
  /** 'link': the word Replay (lists); 'icon': a 44 px icon button (banner, drawer); 'white' on the red panic banner. */
  look?: 'link' | 'icon' | 'white';
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
      <Anchor component={Link} to={to} size="sm" aria-label={label} title={label} onClick={onClick} data-testid="alert-replay">
        <Group gap={4} wrap="nowrap" component="span" mih={32} align="center">
          <IconPlayerPlay size={14} aria-hidden />
          {t('journeyLinks.replay')}
        </Group>
      </Anchor>
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
