import type { SmsMessage } from '@fleet/shared';
import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../shared/ui/error-state.tsx';
import { TableSkeleton } from '../../../shared/ui/table-skeleton.tsx';
import { smsOutboxQuery, useSendTestSms } from '../api/brands-api.ts';

function SmsState({ sms }: { sms: SmsMessage }) {
  const { t } = useTranslation();
  if (sms.error) return <Badge color="red" variant="light" tt="none" title={sms.error}>{t('brands.sms.failed')}</Badge>;
  if (sms.sentAt) return <Badge color="teal" variant="light" tt="none">{t('brands.sms.sent')}</Badge>;
  return <Badge color="gray" variant="light" tt="none">{t('brands.sms.kept')}</Badge>;
}

/** The brand's test text message form and its SMS outbox (every message, sent or only kept). */
export function SmsPanel() {
  const { t } = useTranslation();
  const outbox = useQuery(smsOutboxQuery);
  const send = useSendTestSms();
  const [to, setTo] = useState('');
  const [text, setText] = useState('');
  const messages = outbox.data?.messages;
  return (
    <Paper withBorder radius="sm" p="md">
      <Stack gap="sm">
        <Title order={2} fz="h4">{t('brands.sms.title')}</Title>
        {outbox.data && !outbox.data.configured && (
          <Alert color="yellow" variant="light" icon={<IconInfoCircle aria-hidden />}>{t('brands.sms.notSetUp')}</Alert>
        )}
        <form
          noValidate
          aria-label={t('brands.sms.formLabel')}
          onSubmit={(e) => {
            e.preventDefault();
            send.mutate({ to, ...(text.trim() ? { text } : {}) });
          }}
        >
          <Stack gap="xs" maw={520}>
            <TextInput label={t('brands.sms.to')} description={t('brands.sms.toHint')} type="tel" autoComplete="tel" value={to}
              onChange={(e) => { setTo(e.currentTarget.value); send.reset(); }} required />
            <Textarea label={t('brands.sms.text')} description={t('brands.sms.textHint')} value={text} autosize minRows={2}
              onChange={(e) => { setText(e.currentTarget.value); send.reset(); }} />
            {send.isError && <ErrorState error={send.error} title={t('brands.sms.notSent')} />}
            {send.isSuccess && <Text size="sm" role="status">{send.data.message}</Text>}
            <Group><Button type="submit" loading={send.isPending}>{t('brands.sms.send')}</Button></Group>
          </Stack>
        </form>
        <Title order={3} fz="h5" mt="sm">{t('brands.sms.outbox')}</Title>
        {outbox.isError && <ErrorState error={outbox.error} onRetry={() => void outbox.refetch()} />}
        {outbox.isPending && <TableSkeleton columns={[t('brands.sms.when'), t('brands.sms.to'), t('brands.sms.text'), t('brands.sms.state')]} label={t('brands.sms.outbox')} rows={3} />}
        {messages?.length === 0 && <Text size="sm" c="gray.7">{t('brands.sms.empty')}</Text>}
        {messages && messages.length > 0 && (
          <Table.ScrollContainer minWidth={560}>
            <Table striped aria-label={t('brands.sms.outbox')} verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('brands.sms.when')}</Table.Th>
                  <Table.Th>{t('brands.sms.to')}</Table.Th>
                  <Table.Th>{t('brands.sms.text')}</Table.Th>
                  <Table.Th>{t('brands.sms.state')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {messages.map((m) => (
                  <Table.Tr key={m.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{new Date(m.createdAt).toLocaleString()}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{m.to}</Table.Td>
                    <Table.Td>{m.text}{m.error && <Text size="xs" c="red.8">{m.error}</Text>}</Table.Td>
                    <Table.Td><SmsState sms={m} /></Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
