import type { DrivingEventOut } from '@fleet/shared';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatHHmm } from '../../../shared/format/time.ts';
import { useUnits } from '../../../shared/format/use-units.ts';

/** 'Tue 24 Nov' in the site's zone. */
export const dayText = (at: string, timeZone: string) =>
  new Date(at).toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone });
import classes from './performance.module.css';

/** The value of an event in its own unit: g, minutes standing, RPM; speeds (sent in km/h) in the site's unit. */
export function useEventText() {
  const { t } = useTranslation();
  const units = useUnits();
  return (e: DrivingEventOut, timeZone: string, withDay = false) => {
    const kind = t(`performance.event.${e.kind}`);
    const value = ['acceleration', 'braking', 'cornering'].includes(e.kind) ? `${e.value.toFixed(2)} g`
      : e.kind === 'idling' ? t('performance.minutes', { n: Math.round(e.value / 60) })
        : e.kind === 'revving' ? `${Math.round(e.value)} rpm` : units.speedKmh(e.value);
    return `${withDay ? `${dayText(e.at, timeZone)} ` : ''}${formatHHmm(e.at, timeZone)} ${kind} ${value}`;
  };
}

/** A trip's events as small tags ('08:14 Harsh braking 0.42 g'). */
export function EventList({ events, timeZone }: { events: DrivingEventOut[]; timeZone: string }) {
  const { t } = useTranslation();
  const text = useEventText();
  if (events.length === 0) return <span>{t('performance.noEvents')}</span>;
  return (
    <span className={classes.events}>
      {events.map((e) => (
        <Badge key={`${e.kind}-${e.at}`} variant="light" color="gray" c="dark.7" tt="none" fw={500} radius="sm">
          {text(e, timeZone)}
        </Badge>
      ))}
    </span>
  );
}
