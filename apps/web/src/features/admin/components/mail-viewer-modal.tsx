import { Alert, Box, Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatFullDate } from '../../../shared/format/time.ts';
import { LinkifiedText } from './linkified-text.tsx';
import { MailState, type OutboxMail } from './mail-state.tsx';

/**
 * Shows one outbox mail with its body; links are clickable. A reset or welcome link never reaches
 * the outbox (the server withholds it), and the viewer says so.
 */
export function MailViewerModal({ mail, onClose }: { mail: OutboxMail | null; onClose(): void }) {
  const { t } = useTranslation();
  const field = (label: string, value: React.ReactNode) => (
    <>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </>
  );
  return (
    <Modal opened={mail !== null} onClose={onClose} title={mail?.subject} size="lg">
      {mail && (
        <Stack gap="md">
          <SimpleGrid
            cols={2}
            spacing={4}
            verticalSpacing={4}
            style={{ gridTemplateColumns: 'max-content 1fr' }}
          >
            {field(t('outbox.from'), mail.from)}
            {field(t('outbox.to'), mail.to)}
            {field(t('outbox.created'), formatFullDate(mail.created))}
            {field(t('outbox.state'), <MailState mail={mail} />)}
          </SimpleGrid>
          {mail.withheld && (
            <Alert color="gray" variant="light" icon={<IconLock size={16} aria-hidden />}>
              {t('outbox.withheld', { what: mail.withheld })}
            </Alert>
          )}
          <Box
            component="pre"
            aria-label={t('outbox.body')}
            p="sm"
            bg="gray.0"
            bd="1px solid var(--mantine-color-gray-3)"
            style={{
              whiteSpace: 'pre-wrap',
              fontFamily: 'inherit',
              fontSize: 14,
              margin: 0,
              borderRadius: 4,
            }}
          >
            <LinkifiedText text={mail.text} />
          </Box>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('outbox.close')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
