import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconTool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatFullDate } from '../../../shared/format/time.ts';
import { itemState, type ItemState, type ViewItem } from '../model/office-vcl-view.ts';
import { UploadImage } from './office-upload-image.tsx';
import classes from './office-vcl-viewer.module.css';

/** Pass, Faulty or Dealt with: words and an icon, not colour alone. */
export function ItemStateBadge({ state }: { state: ItemState }) {
  const { t } = useTranslation();
  const look = {
    pass: { color: 'teal', icon: <IconCircleCheck size={14} aria-hidden color="var(--mantine-color-teal-9)" /> },
    open: { color: 'orange', icon: <IconAlertTriangle size={14} aria-hidden color="var(--mantine-color-orange-9)" /> },
    dealt: { color: 'gray', icon: <IconTool size={14} aria-hidden color="var(--mantine-color-gray-8)" /> },
  }[state];
  return (
    <Badge color={look.color} variant="light" c="dark.8" radius="sm" tt="none" size="md" leftSection={look.icon}>
      {t(`vclOffice.viewer.state.${state}`)}
    </Badge>
  );
}

interface ItemsProps {
  items: ViewItem[];
  registration: string;
  /** Asks to mark a fault dealt with (null: the user may not). */
  onDeal: ((item: ViewItem) => void) | null;
}

/** Every item of the check list with its state; a faulty one with its note, photo and how it stands. */
export function VclItems({ items, registration, onDeal }: ItemsProps) {
  const { t } = useTranslation();
  return (
    <ul className={classes.items} aria-label={t('vclOffice.viewer.items')}>
      {items.map((item, index) => {
        const state = itemState(item);
        return (
          <li key={`${index}-${item.item}`} className={classes.item} data-state={state} data-testid="vcl-item">
            <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
              <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
                <Text fw={600} size="sm">
                  {item.item}
                </Text>
                {item.faulty && (
                  <Text size="sm" className={classes.note} c={item.note ? undefined : 'dark.6'}>
                    {item.note ? t('vclOffice.viewer.note', { note: item.note }) : t('vclOffice.viewer.noNote')}
                  </Text>
                )}
                {item.faulty && item.image !== null && (
                  <UploadImage
                    id={item.image}
                    alt={t('vclOffice.viewer.photoAlt', { item: item.item, vehicle: registration })}
                    zoomTitle={t('vclOffice.viewer.photoTitle', { item: item.item })}
                    width={160}
                    height={120}
                    testId="vcl-photo"
                  />
                )}
                {state === 'dealt' && item.fault?.dealt && (
                  <Text size="sm" c="dark.7" data-testid="vcl-dealt-by">
                    {t('vclOffice.viewer.dealtBy', { name: item.fault.dealt.by, when: formatFullDate(item.fault.dealt.at) })}
                  </Text>
                )}
              </Stack>
              <Stack gap={6} align="flex-end">
                <ItemStateBadge state={state} />
                {state === 'open' && item.fault && onDeal && (
                  <Button size="compact-sm" variant="default" mih={36} onClick={() => onDeal(item)}
                    aria-label={t('vclOffice.viewer.dealLabel', { item: item.item })}>
                    {t('vclOffice.viewer.deal')}
                  </Button>
                )}
              </Stack>
            </Group>
          </li>
        );
      })}
    </ul>
  );
}
