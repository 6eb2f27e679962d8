import { Button, Table, VisuallyHidden } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RelativeTime, useNow } from '../../../shared/ui/relative-time.tsx';
import { MailState, type OutboxMail } from './mail-state.tsx';

export const OUTBOX_COLUMNS = ['to', 'subject', 'created', 'state'] as const;

/** Outbox mails, newest first as the server sends them; 'View' opens the body. */
export function OutboxTable({ mails, onView }: { mails: OutboxMail[]; onView(mail: OutboxMail): void }) {
  const { t } = useTranslation();
  const now = useNow();
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table stickyHeader highlightOnHover aria-label={t('outbox.title')}>
        <Table.Thead>
          <Table.Tr>
            {OUTBOX_COLUMNS.map((c) => (
              <Table.Th key={c}>{t(`outbox.${c}`)}</Table.Th>
            ))}
            <Table.Th>
              <VisuallyHidden>{t('outbox.view')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {mails.map((mail) => (
            <Table.Tr key={mail.id}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{mail.to}</Table.Td>
              <Table.Td>{mail.subject}</Table.Td>
              <Table.Td>
                <RelativeTime value={mail.created} now={now} />
              </Table.Td>
              <Table.Td>
                <MailState mail={mail} />
              </Table.Td>
              <Table.Td ta="right">
                <Button
                  size="compact-sm"
                  variant="light"
                  leftSection={<IconMail size={14} aria-hidden />}
                  aria-label={t('outbox.viewMail', { to: mail.to })}
                  onClick={() => onView(mail)}
                >
                  {t('outbox.view')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
