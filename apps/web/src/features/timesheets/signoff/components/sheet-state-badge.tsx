import { Badge } from '@mantine/core';
import { IconCircleDashed, IconLock, IconPencil, IconSignature } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SheetState } from '../model/signoff-state.ts';

/** A sheet's state by word and icon together (never colour alone). */
export function SheetStateBadge({ state }: { state: SheetState }) {
  const { t } = useTranslation();
  const look = {
    none: { color: 'gray', Icon: IconCircleDashed, text: t('timesheetSignoff.state.none') },
    open: { color: 'gray', Icon: IconPencil, text: t('timesheetSignoff.state.open') },
    driverSigned: { color: 'blue', Icon: IconSignature, text: t('timesheetSignoff.state.driverSigned') },
    signedOff: { color: 'teal', Icon: IconLock, text: t('timesheetSignoff.state.signedOff', { version: 'version' in state ? state.version : 1 }) },
  }[state.kind];
  return (
    <Badge variant="light" color={look.color} c={`${look.color}.9`} radius="sm" tt="none" fw={600} style={{ overflow: 'visible' }} styles={{ label: { overflow: 'visible' } }} leftSection={<look.Icon size={14} aria-hidden />}>
      {look.text}
    </Badge>
  );
}
