import { Alert, Button, Group, Modal, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TimesheetSheet } from '@fleet/shared';
import { IconCircleCheck, IconClockHour4, IconLock, IconSignature } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../../shared/format/day.ts';
import { SignaturePad } from '../../../../shared/media/signature-pad.tsx';
import { useErrorMessage } from '../../../../shared/ui/error-state.tsx';
import { driverWeekQuery, signDriverWeek } from '../api/driver-week-api.ts';
import { signoffKeys } from '../api/signoff-keys.ts';
import { driverDays, driverWeekState } from '../model/driver-week.ts';
import { hoursMinutes } from '../../model/week.ts';
import { otherWeek } from '../model/signoff-state.ts';
import { uuidV4 } from '../../../../shared/device/uuid.ts';

/** The week read on the cab: one line per day worked, the totals, the office's corrections, then the signature. */
function WeekSheet({ sheet, unitId, onDone }: { sheet: TimesheetSheet; unitId: number; onDone: () => void }) {
  const { t } = useTranslation();
  const message = useErrorMessage();
  const client = useQueryClient();
  const [png, setPng] = useState<Blob | null>(null);
  const state = driverWeekState(sheet);
  const sign = useMutation({
    mutationFn: (signature: Blob) => signDriverWeek({ unitId, key: uuidV4(), png: signature, id: sheet.id, version: sheet.version }),
    onSuccess: () => {
      notifications.show({ color: 'teal', message: t('timesheetSignoff.driver.thanks') });
      onDone();
    },
    onSettled: () => void client.invalidateQueries({ queryKey: signoffKeys.driverWeeks() }),
  });
  const days = driverDays(sheet);
  const corrections = sheet.audit.filter((e) => !['driversignoff', 'signoff', 'reopen'].includes(e.action)).length;
  return (
    <Stack gap="md">
      <Text fz="lg">{t('timesheetSignoff.driver.weekOf', { day: formatDay(sheet.wc) })}</Text>
      {days.length === 0 && <Text fz="lg">{t('timesheetSignoff.driver.noShifts')}</Text>}
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {days.map((d) => (
          <Paper key={d.day} component="li" withBorder p="sm">
            <Group justify="space-between" wrap="nowrap">
              <div>
                <Text fw={700} fz="lg">{formatDay(d.day)}</Text>
                <Text fz="md">{d.start}–{d.end}</Text>
              </div>
              <Text fw={700} fz="xl">{hoursMinutes(d.workedS)} h</Text>
            </Group>
          </Paper>
        ))}
      </Stack>
      <Paper withBorder p="sm" bg="gray.0">
        <Group justify="space-between"><Text fz="lg" fw={700}>{t('timesheetSignoff.driver.total')}</Text><Text fz="xl" fw={700}>{hoursMinutes(sheet.week.totals.workedS)} h</Text></Group>
        <Text fz="md">{t('timesheetSignoff.driver.detail', { driving: hoursMinutes(sheet.week.totals.drivingS), overtime: hoursMinutes(sheet.week.totals.overtimeS), night: hoursMinutes(sheet.week.totals.nightS) })}</Text>
        <Text fz="md">{t('timesheetSignoff.driver.corrections', { count: corrections })}</Text>
      </Paper>
      {state === 'signedOff' && <Alert color="teal" icon={<IconLock aria-hidden />} fz="lg">{t('timesheetSignoff.driver.signedOff', { version: sheet.version })}</Alert>}
      {state !== 'signedOff' && (
        <>
          {state === 'signed' && <Alert color="blue" icon={<IconCircleCheck aria-hidden />}>{t('timesheetSignoff.driver.signedAlready')}</Alert>}
          <SignaturePad label={t('timesheetSignoff.driver.signature')} onChange={setPng} height={240} />
          {sign.isError && <Alert color="red" role="alert">{message(sign.error)}</Alert>}
          <Button size="xl" mih={64} color="dark" disabled={!png} loading={sign.isPending} leftSection={<IconSignature size={26} aria-hidden />}
            onClick={() => png && sign.mutate(png)} data-testid="driver-week-sign">
            {t('timesheetSignoff.driver.sign')}
          </Button>
        </>
      )}
    </Stack>
  );
}

/** One week's line on the card: its hours, where it stands, and the way in to read (and sign) it. */
function WeekLine({ sheet, label, unitId, testId }: { sheet: TimesheetSheet; label: string; unitId: number | null; testId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const state = driverWeekState(sheet);
  const status = {
    signedOff: t('timesheetSignoff.driver.statusSignedOff'),
    signed: t('timesheetSignoff.driver.statusSigned'),
    toSign: t('timesheetSignoff.driver.statusToSign'),
  }[state];
  const canSign = state !== 'toSign' || unitId !== null;
  const action = state === 'toSign' ? t('timesheetSignoff.driver.readAndSign') : t('timesheetSignoff.driver.read');
  return (
    <Paper withBorder p="sm" radius="md" data-testid={testId}>
      <Stack gap={6}>
        <Text fz="lg" fw={700}>{label}</Text>
        <Text fz="lg">{t('timesheetSignoff.driver.summary', { worked: hoursMinutes(sheet.week.totals.workedS), count: sheet.week.totals.shifts })}</Text>
        <Text fz="md" fw={600}>{status}</Text>
        <Button size="xl" mih={56} variant={state === 'toSign' ? 'filled' : 'outline'} color="dark" onClick={() => setOpen(true)} disabled={!canSign}
          aria-label={`${action}, ${label}`}>
          {action}
        </Button>
      </Stack>
      <Modal opened={open} onClose={() => setOpen(false)} fullScreen title={`${t('timesheetSignoff.driver.title')}: ${label}`}
        closeButtonProps={{ size: 'xl', 'aria-label': t('timesheetSignoff.driver.close') }}>
        {canSign ? <WeekSheet sheet={sheet} unitId={unitId ?? 0} onDone={() => setOpen(false)} /> : null}
      </Modal>
    </Paper>
  );
}

/** The cab home's piece: last week (the one to sign once it is over) and this week, each with a big way in to read and sign it. */
export function DriverWeekCard({ unitId }: { unitId: number | null }) {
  const { t } = useTranslation();
  const current = useQuery(driverWeekQuery(null));
  const lastWc = current.data ? otherWeek(current.data.wc, -1) : null;
  const last = useQuery({ ...driverWeekQuery(lastWc), enabled: lastWc !== null });
  if (current.isPending) return <Skeleton h={120} radius="md" />;
  if (!current.data) return null; // No timesheet for this driver (or no signal): the rest of the home page stands.
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="driver-week-title" data-testid="driver-week-card">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconClockHour4 size={26} aria-hidden />
          <Title order={2} fz="h3" id="driver-week-title">{t('timesheetSignoff.driver.title')}</Title>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {last.data && <WeekLine sheet={last.data} label={t('timesheetSignoff.driver.lastWeek')} unitId={unitId} testId="driver-week-last" />}
          <WeekLine sheet={current.data} label={t('timesheetSignoff.driver.thisWeek')} unitId={unitId} testId="driver-week-this" />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
