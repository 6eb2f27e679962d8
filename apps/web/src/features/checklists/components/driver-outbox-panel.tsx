import { Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { outbox, type OutboxItem } from '../../../shared/offline/outbox.ts';
import { useOutbox } from '../../../shared/offline/use-outbox.ts';
import { formatFullDate } from '../../../shared/format/time.ts';
import { useWaitingChecklists } from './driver-pending-count.tsx';
import classes from './driver.module.css';

/** What waits to be sent: label, when it was signed off, attempts, the last problem, and Send now. */
export function DriverOutboxPanel() {
  const { t } = useTranslation();
  const { sending } = useOutbox();
  const items = useWaitingChecklists();
  const [discard, setDiscard] = useState<OutboxItem | null>(null);
  if (items.length === 0) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="vcl-outbox-title">
      <Group justify="space-between" mb="xs">
        <Title order={2} fz="h4" id="vcl-outbox-title">
          {t('checklist.outbox.count', { count: items.length })}
        </Title>
        <Button
          className={classes.bigButton}
          leftSection={<IconSend aria-hidden />}
          loading={sending}
          onClick={() => {
            for (const i of items) if (i.failed) void outbox.update(i.id, { failed: false });
            outbox.kick();
          }}
        >
          {t('checklist.outbox.sendNow')}
        </Button>
      </Group>
      <Stack component="ul" gap="sm" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('checklist.outbox.title')}>
        {items.map((item) => (
          <li key={item.id}>
            <Text fw={700}>{item.label}</Text>
            <Text size="sm">
              {t('checklist.outbox.created', { when: formatFullDate(new Date(item.createdAt)) })} ·{' '}
              {t('checklist.outbox.attempts', { count: item.attempts })}
              {item.failed ? ` · ${t('checklist.outbox.failed')}` : ''}
            </Text>
            {item.lastError && (
              <Text size="sm" c={item.failed ? 'red.9' : 'dark.7'} fw={600}>
                {t('checklist.outbox.lastError', { error: item.lastError })}
              </Text>
            )}
            {item.failed && (
              <Group gap="xs" mt={4}>
                <Button variant="outline" className={classes.bigButton} onClick={() => void outbox.retry(item.id)}>
                  {t('checklist.outbox.tryAgain')}
                </Button>
                <Button variant="subtle" color="red.9" c="red.9" className={classes.bigButton} onClick={() => setDiscard(item)}>
                  {t('checklist.outbox.discard')}
                </Button>
              </Group>
            )}
          </li>
        ))}
      </Stack>
      <Modal opened={discard !== null} onClose={() => setDiscard(null)} title={discard?.label ?? ''} centered>
        <Stack>
          <Text>{t('checklist.outbox.discardConfirm')}</Text>
          <Group justify="flex-end">
            <Button variant="default" className={classes.bigButton} onClick={() => setDiscard(null)}>
              {t('checklist.cancel')}
            </Button>
            <Button
              color="red.9"
              className={classes.bigButton}
              onClick={() => {
                if (discard) void outbox.remove(discard.id);
                setDiscard(null);
              }}
            >
              {t('checklist.outbox.discard')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
