import { Badge, Code, Drawer, Group, Stack, Table, Text } from '@mantine/core';
import type { AuditLine } from '@fleet/shared';
import { useTranslation } from 'react-i18next';
import { diffRows } from '../model/audit-diff.ts';

/** The drawer of one audit line: who, when, what, and the record before and after, field by field. */
export function AuditLineDrawer({ line, onClose }: { line: AuditLine | null; onClose: () => void }) {
  const { t } = useTranslation();
  const rows = line ? diffRows(line.before, line.after) : [];
  return (
    <Drawer opened={line !== null} onClose={onClose} position="right" size="lg" title={t('bulk.audit.drawerTitle')} closeButtonProps={{ 'aria-label': t('bulk.close') }}>
      {line && (
        <Stack gap="sm">
          <Group gap="xs">
            <Badge color={line.kind === 'refusal' ? 'red' : 'blue'} variant="light">{t(`bulk.audit.kind.${line.kind}`)}</Badge>
            <Code>{line.action}</Code>
          </Group>
          <Table variant="vertical" layout="fixed" withTableBorder>
            <Table.Tbody>
              <Table.Tr><Table.Th w={140}>{t('bulk.audit.col.at')}</Table.Th><Table.Td>{new Date(line.at).toLocaleString('en-GB')}</Table.Td></Table.Tr>
              <Table.Tr><Table.Th>{t('bulk.audit.col.actor')}</Table.Th><Table.Td>{line.actor}</Table.Td></Table.Tr>
              <Table.Tr><Table.Th>{t('bulk.audit.col.target')}</Table.Th><Table.Td>{[line.targetKind, line.targetName || line.targetId].filter(Boolean).join(': ')}</Table.Td></Table.Tr>
              {line.siteName && <Table.Tr><Table.Th>{t('bulk.audit.col.site')}</Table.Th><Table.Td>{line.siteName}</Table.Td></Table.Tr>}
              {line.detail && <Table.Tr><Table.Th>{t('bulk.audit.col.detail')}</Table.Th><Table.Td>{line.detail}</Table.Td></Table.Tr>}
              {line.address && <Table.Tr><Table.Th>{t('bulk.audit.col.address')}</Table.Th><Table.Td>{line.address}</Table.Td></Table.Tr>}
            </Table.Tbody>
          </Table>
          {rows.length > 0 ? (
            <Table.ScrollContainer minWidth={420}>
              <Table withTableBorder aria-label={t('bulk.audit.changes')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('bulk.audit.field')}</Table.Th>
                    <Table.Th>{t('bulk.audit.before')}</Table.Th>
                    <Table.Th>{t('bulk.audit.after')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((r) => (
                    <Table.Tr key={r.key} bg={r.changed ? 'var(--mantine-color-yellow-light)' : undefined}>
                      <Table.Td fw={r.changed ? 600 : 400}>{r.key}{r.changed && <Text span size="xs" c="dimmed"> · {t('bulk.audit.changed')}</Text>}</Table.Td>
                      <Table.Td style={{ wordBreak: 'break-word' }}>{r.before}</Table.Td>
                      <Table.Td style={{ wordBreak: 'break-word' }}>{r.after}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ) : (
            <Text size="sm" c="dimmed">{t('bulk.audit.noRecord')}</Text>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
