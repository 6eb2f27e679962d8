import {
  CONFIG_LISTS, type ConfigListName, IMPORT_LISTS, IMPORT_MAX_ROWS, type ImportCommitAnswer, type ImportPreviewAnswer,
} from '@fleet/shared';
import { Alert, Anchor, Badge, Button, Card, FileInput, Group, Paper, Select, SegmentedControl, Stack, Stepper, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { downloadTemplate, importCommit, importPreview } from '../api/bulk-api.ts';
import { BackToConfig } from '../components/back-to-config.tsx';
import { ExportListButtons } from '../components/export-list-buttons.tsx';

/** The import lists first (units, drivers, users), then the rest. */
const LISTS: ConfigListName[] = [...IMPORT_LISTS, ...CONFIG_LISTS.filter((l) => !(IMPORT_LISTS as readonly string[]).includes(l))];

const cell = (v: unknown): string => (v === null || v === undefined ? '' : Array.isArray(v)
  ? v.map((x) => (x && typeof x === 'object' && Object.keys(x).length === 1 ? String(Object.values(x)[0]) : cell(x))).join('; ')
  : typeof v === 'object' ? JSON.stringify(v) : typeof v === 'boolean' ? (v ? 'Yes' : 'No') : String(v));

/** config/import (administrators): export any list; import units, drivers, users (or another list) from CSV or XLSX with a preview and a per-row report. */
export default function ImportPage() {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)');
  const listLabel = (l: string) => t(`bulk.lists.${l}`, { defaultValue: l });
  const [exportList, setExportList] = useState<ConfigListName>('units');
  const [list, setList] = useState<ConfigListName>('units');
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState(0);
  const [show, setShow] = useState<'all' | 'refused'>('all');
  const [preview, setPreview] = useState<ImportPreviewAnswer | null>(null);
  const [report, setReport] = useState<ImportCommitAnswer | null>(null);
  const previewing = useMutation({
    mutationFn: () => importPreview(list, file as File),
    onSuccess: (answer) => { setPreview(answer); setShow(answer.refused > 0 ? 'refused' : 'all'); setStep(1); },
  });
  const committing = useMutation({
    mutationFn: () => importCommit(list, file as File, preview?.fingerprint ?? ''),
    onSuccess: (answer) => { setReport(answer); setStep(2); },
  });
  const restart = () => {
    setFile(null); setPreview(null); setReport(null); setStep(0); previewing.reset(); committing.reset();
  };
  const rows = preview ? preview.rows.filter((r) => show === 'all' || r.errors.length > 0) : [];

  return (
    <Stack gap="sm">
      <BackToConfig />
      <PageHeader title={t('bulk.title')} description={t('bulk.description')} />
      <Card withBorder radius="sm" padding="md">
        <Title order={2} fz="h4" mb="xs">{t('bulk.export.title')}</Title>
        <Group align="flex-end" gap="sm">
          <Select
            label={t('bulk.export.list')}
            data={LISTS.map((l) => ({ value: l, label: listLabel(l) }))}
            value={exportList}
            onChange={(v) => v && setExportList(v as ConfigListName)}
            allowDeselect={false}
            w={240}
          />
          <ExportListButtons list={exportList} />
        </Group>
        <Text size="xs" c="dimmed" mt={6}>{t('bulk.export.hint')}</Text>
      </Card>

      <Card withBorder radius="sm" padding="md">
        <Title order={2} fz="h4" mb="sm">{t('bulk.import.title')}</Title>
        <Stepper active={step} size={phone ? 'xs' : 'sm'} allowNextStepsSelect={false} onStepClick={(s) => { if (s === 0 && step === 1) setStep(0); }}>
          <Stepper.Step label={t('bulk.import.step1')} description={phone ? undefined : t('bulk.import.step1Hint')}>
            <Stack gap="sm" maw={560}>
              <Select
                label={t('bulk.import.list')}
                data={LISTS.map((l) => ({ value: l, label: listLabel(l) }))}
                value={list}
                onChange={(v) => { if (v) { setList(v as ConfigListName); previewing.reset(); } }}
                allowDeselect={false}
              />
              <FileInput
                label={t('bulk.import.file')}
                description={t('bulk.import.fileHint', { rows: IMPORT_MAX_ROWS.toLocaleString('en-GB') })}
                placeholder={t('bulk.import.choose')}
                accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                value={file}
                onChange={(f) => { setFile(f); previewing.reset(); }}
                leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
                clearable
              />
              <Text size="xs" c="dimmed">
                {t('bulk.import.columnsHint')}{' '}
                <Anchor component="button" type="button" size="xs" onClick={() => void downloadTemplate(list).catch((err: Error) => notifications.show({ color: 'red', message: err.message }))}>
                  {t('bulk.import.template', { list: listLabel(list) })}
                </Anchor>
              </Text>
              {previewing.isError && <Alert color="red" icon={<IconAlertTriangle size={16} />} role="alert">{previewing.error.message}</Alert>}
              <Group>
                <Button leftSection={<IconUpload size={16} aria-hidden />} disabled={!file} loading={previewing.isPending} onClick={() => previewing.mutate()}>
                  {t('bulk.import.preview')}
                </Button>
              </Group>
            </Stack>
          </Stepper.Step>
          <Stepper.Step label={t('bulk.import.step2')} description={phone ? undefined : t('bulk.import.step2Hint')}>
            {preview && (
              <Stack gap="sm">
                <Group justify="space-between" wrap="wrap">
                  <Group gap="xs">
                    <Badge color="teal" variant="light" size="lg" tt="none">{t('bulk.import.valid', { count: preview.valid })}</Badge>
                    <Badge color={preview.refused ? 'red' : 'gray'} variant="light" size="lg" tt="none">{t('bulk.import.refused', { count: preview.refused })}</Badge>
                  </Group>
                  <SegmentedControl
                    size="xs"
                    value={show}
                    onChange={(v) => setShow(v as 'all' | 'refused')}
                    data={[{ value: 'all', label: t('bulk.import.showAll') }, { value: 'refused', label: t('bulk.import.showRefused') }]}
                    aria-label={t('bulk.import.show')}
                  />
                </Group>
                <Paper withBorder radius="sm">
                  <Table.ScrollContainer minWidth={640} maxHeight={480}>
                    <Table stickyHeader verticalSpacing={4} aria-label={t('bulk.import.previewTable')}>
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th w={60}>{t('bulk.import.row')}</Table.Th>
                          <Table.Th w={120}>{t('bulk.import.status')}</Table.Th>
                          {preview.columns.map((c) => <Table.Th key={c}>{c}</Table.Th>)}
                          <Table.Th>{t('bulk.import.reasons')}</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {rows.map((r) => (
                          <Table.Tr key={r.row} bg={r.errors.length ? 'var(--mantine-color-red-light)' : undefined}>
                            <Table.Td>{r.row}</Table.Td>
                            <Table.Td>
                              {r.errors.length
                                ? <Badge color="red" variant="light" size="sm" tt="none">{t('bulk.import.willRefuse')}</Badge>
                                : <Badge color="teal" variant="light" size="sm" tt="none">{t('bulk.import.willAdd')}</Badge>}
                            </Table.Td>
                            {preview.columns.map((c) => <Table.Td key={c}><Text size="sm" lineClamp={2}>{cell(r.rec?.[c])}</Text></Table.Td>)}
                            <Table.Td><Text size="sm" c="red.8">{r.errors.join(' ')}</Text></Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </Table.ScrollContainer>
                </Paper>
                {committing.isError && <Alert color="red" icon={<IconAlertTriangle size={16} />} role="alert">{committing.error.message}</Alert>}
                <Group>
                  <Button variant="default" onClick={() => setStep(0)}>{t('bulk.import.back')}</Button>
                  <Button disabled={preview.valid === 0} loading={committing.isPending} onClick={() => committing.mutate()}>
                    {t('bulk.import.commit', { count: preview.valid })}
                  </Button>
                </Group>
                {preview.refused > 0 && <Text size="xs" c="dimmed">{t('bulk.import.refusedHint')}</Text>}
              </Stack>
            )}
          </Stepper.Step>
          <Stepper.Step label={t('bulk.import.step3')} description={phone ? undefined : t('bulk.import.step3Hint')}>
            {report && (
              <Stack gap="sm">
                <Alert color={report.refused ? 'yellow' : 'teal'} icon={<IconCheck size={16} />} role="status" title={t('bulk.import.done', { added: report.added, list: listLabel(report.list) })}>
                  {report.refused ? t('bulk.import.doneRefused', { count: report.refused }) : t('bulk.import.doneAll')}
                </Alert>
                {report.refused > 0 && (
                  <Paper withBorder radius="sm">
                    <Table verticalSpacing={4} aria-label={t('bulk.import.reportTable')}>
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th w={60}>{t('bulk.import.row')}</Table.Th>
                          <Table.Th>{t('bulk.import.reasons')}</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {report.rows.filter((r) => r.error).map((r) => (
                          <Table.Tr key={r.row}><Table.Td>{r.row}</Table.Td><Table.Td>{r.error}</Table.Td></Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </Paper>
                )}
                <Group><Button onClick={restart}>{t('bulk.import.another')}</Button></Group>
              </Stack>
            )}
          </Stepper.Step>
        </Stepper>
      </Card>
    </Stack>
  );
}
