import { Badge, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_TIME_ZONE, formatFullDate, formatHHmm } from '../../../shared/format/time.ts';
import { alertCauseText } from '../hooks/alert-cause.ts';
import { dayOf } from '../hooks/alert-filters.ts';
import { type AlertFacts, alertState, isSameDay } from '../hooks/alert-rows.ts';

/** 'Entered Depot yard', 'Panic button pressed', 'Ignition on outside working hours (Mon–Fri 06:00–18:00)' ... */
export function useAlertWhat(): (a: AlertFacts) => string {
  const { t } = useTranslation();
  return (a) => alertCauseText(a, t);
}

const shortDate = new Intl.DateTimeFormat('en-GB', { timeZone: DEFAULT_TIME_ZONE, day: 'numeric', month: 'short' });
const shortDateYear = new Intl.DateTimeFormat('en-GB', { timeZone: DEFAULT_TIME_ZONE, day: 'numeric', month: 'short', year: 'numeric' });

/** '23 Nov' (or '23 Nov 2025' in another year), for an alert not of today. */
export function formatAlertDate(value: string, now: Date): string {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return (dayOf(d).slice(0, 4) === dayOf(now).slice(0, 4) ? shortDate : shortDateYear).format(d);
}

/** HH:mm (the spec's alert format) with the full date on hover; anything not of today also shows its date. */
export function AlertTime({ value, now }: { value: string; now: Date }) {
  const today = isSameDay(value, now);
  return (
    <time dateTime={value} title={formatFullDate(value)}>
      {formatHHmm(value)}
      {!today && (
        <>
          {' '}
          <Text span size="xs" c="dark.6" ml={2}>
            {formatAlertDate(value, now)}
          </Text>
        </>
      )}
    </time>
  );
}

/** Open (in the category's colour, with an icon) or cleared by whom (grey, with a tick); the clearing time on hover. */
export function AlertStateBadge({ alert, color }: { alert: { cleared: string | null; clearedby: string | null; late?: boolean }; color: string }) {
  const { t } = useTranslation();
  const state = alertState(alert);
  if (state.open) {
    return (
      // Dark text on the category's tint: readable (4.5:1) whatever the colour; the icon carries the colour.
      <Badge color={color} variant="light" c="dark.8" radius="sm" tt="none"
        leftSection={<IconAlertCircle size={12} aria-hidden color={`var(--mantine-color-${color}-8)`} />}>
        {t('alertList.open')}
      </Badge>
    );
  }
  return (
    <Badge
      color="gray"
      variant="light"
      c="dark.6"
      radius="sm"
      tt="none"
      fw={500}
      title={formatFullDate(state.at)}
      leftSection={<IconCircleCheck size={12} aria-hidden />}
    >
      {state.late ? t('alertList.recordedLate') : state.by ? t('alertList.clearedBy', { name: state.by }) : t('alertList.cleared')}
    </Badge>
  );
}
