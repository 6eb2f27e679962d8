import { Button, Group, TextInput } from '@mantine/core';
import { IconCalendarWeek, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { weekCommencingOf } from '@fleet/shared';
import { nextWeek, previousWeek } from '../model/week.ts';

interface WeekPickerProps {
  wc: string;
  /** The site's current week: 'This week' goes there, and nothing after it is offered. */
  current: string;
  onWeek(wc: string): void;
}

/** Previous and next week, this week, and any day's week (its Monday) from a date field. */
export function WeekPicker({ wc, current, onWeek }: WeekPickerProps) {
  const { t } = useTranslation();
  const [day, setDay] = useState(wc);
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <Button variant="default" mih={44} leftSection={<IconChevronLeft size={16} aria-hidden />} onClick={() => onWeek(previousWeek(wc))}>
        {t('timesheets.previousWeek')}
      </Button>
      <Button variant="default" mih={44} rightSection={<IconChevronRight size={16} aria-hidden />} onClick={() => onWeek(nextWeek(wc))} disabled={wc >= current}>
        {t('timesheets.nextWeek')}
      </Button>
      <Button variant="subtle" mih={44} leftSection={<IconCalendarWeek size={16} aria-hidden />} onClick={() => onWeek(current)} disabled={wc === current}>
        {t('timesheets.thisWeek')}
      </Button>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (/^\d{4}-\d{2}-\d{2}$/.test(day)) onWeek(weekCommencingOf(day));
        }}
      >
        <Group gap="xs" align="flex-end">
          <TextInput type="date" label={t('timesheets.weekOfDay')} value={day} onChange={(e) => setDay(e.currentTarget.value)} w={170} />
          <Button type="submit" variant="light" mih={36}>
            {t('timesheets.goToWeek')}
          </Button>
        </Group>
      </form>
    </Group>
  );
}
