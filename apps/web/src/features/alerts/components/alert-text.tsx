import { Badge, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatFullDate, formatHHmm, formatRelative } from '../../../shared/format/time.ts';
import { type AlertFacts, alertState, describeAlert, isSameDay } from '../hooks/alert-rows.ts';

/** 'Entered Depot yard', 'Panic button pressed', 'Fault codes: 520192.4' ... */
export function useAlertWhat(): (a: AlertFacts) => string {
  const { t } = useTranslation();
  return (a) => {
    const what = describeAlert(a);
    switch (what.key) {
      case 'panic':
      case 'movement':
      case 'enterUnknown':
      case 'exitUnknown':
      case 'spnUnknown':
        return t(`alertList.what.${what.key}`);
      case 'enter':
      case 'exit':
        return t(`alertList.what.${what.key}`, what.values);
      case 'spn':
        return t('alertList.what.spn', what.values);
      case 'other':
        return t('alertList.what.other', what.values);
    }
  };
}

/** HH:mm (the spec's alert format) with the full date on hover; older than today also says how long ago. */
export function AlertTime({ value, now }: { value: string; now: Date }) {
  return (
    <>
      <time dateTime={value} title={formatFullDate(value)}>
        {formatHHmm(value)}
      </time>
      {!isSameDay(value, now) && (
        <Text span size="xs" c="dimmed" ml={6}>
          {formatRelative(value, now)}
        </Text>
      )}
    </>
  );
}

/** Open (in the category's colour, with an icon) or cleared by whom (grey, with a tick); the clearing time on hover. */
export function AlertStateBadge({ alert, color }: { alert: { cleared: string | null; clearedby: string | null }; color: string }) {
  const { t } = useTranslation();
  const state = alertState(alert);
  if (state.open) {
    return (
      <Badge color={color} variant="light" radius="sm" tt="none" leftSection={<IconAlertCircle size={12} aria-hidden />}>
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
      {state.by ? t('alertList.clearedBy', { name: state.by }) : t('alertList.cleared')}
    </Badge>
  );
}
