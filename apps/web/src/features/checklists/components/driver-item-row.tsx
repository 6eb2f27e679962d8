import { Anchor, Group, Text } from '@mantine/core';
import { IconCamera, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Answer, DraftItem } from '../model/driver-checklist.ts';
import { driverPaths } from '../model/driver-paths.ts';
import { DriverAnswerButtons } from './driver-answer-buttons.tsx';
import classes from './driver.module.css';

interface Props {
  index: number;
  item: DraftItem;
  onAnswer(index: number, answer: Answer): void;
}

/** One check-list item: its name, what it is now (in words), Pass / Faulty, and a faulty item's photo and note. */
export function DriverItemRow({ index, item, onAnswer }: Props) {
  const { t } = useTranslation();
  const state = item.answer ?? 'none';
  return (
    <li className={classes.item} data-answer={item.answer ?? 'none'} aria-label={`${item.item}: ${t(`checklist.itemState_${state}`)}`}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <span className={classes.itemName}>{item.item}</span>
        <Text size="sm" fw={600} c={item.answer === 'faulty' ? 'red.9' : item.answer === 'pass' ? 'green.9' : 'dark.6'}>
          {t(`checklist.itemState_${state}`)}
        </Text>
      </Group>
      <DriverAnswerButtons item={item.item} answer={item.answer} onAnswer={(a) => onAnswer(index, a)} />
      {item.answer === 'faulty' && (
        <Group mt="sm" gap="md" wrap="wrap">
          <Anchor component={Link} to={driverPaths.editFault(index)} fw={700} size="lg" c="blue.9" style={{ minHeight: 48, display: 'inline-flex', alignItems: 'center', gap: 6 }}>
            <IconPencil aria-hidden size={22} />
            {t('checklist.editFault')}
          </Anchor>
          {item.photoKey && (
            <Text size="sm" fw={600} c="dark.7" style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
              <IconCamera aria-hidden size={18} />
              {t('checklist.hasPhoto')}
            </Text>
          )}
          {item.note && (
            <Text size="sm" c="dark.7" lineClamp={2} style={{ flexBasis: '100%' }}>
              {item.note}
            </Text>
          )}
        </Group>
      )}
    </li>
  );
}
