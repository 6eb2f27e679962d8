import { ActionIcon, Button, Group, Select, TextInput } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isDay, shiftDay } from '../../../shared/format/day.ts';
import { driversQuery } from '../../drivers/index.ts';
import { vehiclesQuery } from '../../fleet/index.ts';
import type { ActivitySubject } from '../model/activity-subject.ts';

const collator = new Intl.Collator('en-GB', { numeric: true, sensitivity: 'base' });

interface PickerProps {
  siteId: number | null;
  subject: ActivitySubject | null;
  /** The chosen one's name from the day's answer, while the lists load (or when not among them). */
  subjectName: string | null;
  day: string;
  today: string;
  onSubject(subject: ActivitySubject): void;
  onDay(day: string): void;
}

/** Whose day (the site's vehicles and drivers, searchable) and which day (previous / next, or any date). */
export function ActivityPicker({ siteId, subject, subjectName, day, today, onSubject, onDay }: PickerProps) {
  const { t } = useTranslation();
  const vehicles = useQuery({ ...vehiclesQuery(siteId ?? 0), enabled: siteId !== null });
  const drivers = useQuery({ ...driversQuery(siteId ?? 0), enabled: siteId !== null, refetchInterval: false });
  const data = useMemo(
    () => [
      {
        group: t('activity.pick.vehicles'),
        items: (vehicles.data ?? [])
          .map((v) => ({ value: `v:${v.unitid}`, label: v.registration.trim() || t('activity.pick.unnamed', { id: v.unitid }) }))
          .sort((a, b) => collator.compare(a.label, b.label)),
      },
      {
        group: t('activity.pick.drivers'),
        items: (drivers.data ?? []).map((d) => ({ value: `d:${d.id}`, label: d.name })).sort((a, b) => collator.compare(a.label, b.label)),
      },
    ],
    [vehicles.data, drivers.data, t],
  );
  const value = subject ? `${subject.kind === 'vehicle' ? 'v' : 'd'}:${subject.id}` : null;
  // A vehicle or driver named in the address but not (yet) in the lists still shows as chosen.
  const known = value === null || data.some((g) => g.items.some((i) => i.value === value));
  const shown = known ? data : [...data, { group: t('activity.pick.named'), items: [{ value: value, label: subjectName ?? t('activity.pick.numbered', { id: subject?.id }) }] }];

  return (
    <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label={t('activity.pick.region')}>
      <Select
        label={t('activity.pick.label')}
        placeholder={t('activity.pick.placeholder')}
        data={shown}
        value={value}
        onChange={(v) => {
          const m = v ? /^([vd]):(\d+)$/.exec(v) : null;
          if (m) onSubject({ kind: m[1] === 'v' ? 'vehicle' : 'driver', id: Number(m[2]) });
        }}
        searchable
        allowDeselect={false}
        nothingFoundMessage={t('activity.pick.nothing')}
        maxDropdownHeight={320}
        comboboxProps={{ withinPortal: true }}
        w={{ base: '100%', xs: 280 }}
        styles={{ input: { minHeight: 44 } }}
        data-testid="activity-subject"
      />
      <Group gap={6} align="flex-end" wrap="nowrap" style={{ flex: '0 1 auto' }}>
        <ActionIcon variant="default" size={44} onClick={() => onDay(shiftDay(day, -1))} aria-label={t('activity.day.previous')} title={t('activity.day.previous')}>
          <IconChevronLeft size={18} aria-hidden />
        </ActionIcon>
        <TextInput
          type="date"
          label={t('activity.day.label')}
          value={day}
          max={today}
          onChange={(e) => {
            const next = e.currentTarget.value;
            if (isDay(next)) onDay(next);
          }}
          w={160}
          styles={{ input: { minHeight: 44 } }}
        />
        <ActionIcon variant="default" size={44} onClick={() => onDay(shiftDay(day, 1))} disabled={day >= today} aria-label={t('activity.day.next')} title={t('activity.day.next')}>
          <IconChevronRight size={18} aria-hidden />
        </ActionIcon>
        <Button variant="default" mih={44} onClick={() => onDay(today)} disabled={day === today}>
          {t('activity.day.today')}
        </Button>
      </Group>
    </Group>
  );
}
