import { Alert, Button, Group } from '@mantine/core';
import { REPORT_FORMATS, type ReportFormat } from '@fleet/shared';
import { IconDownload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../shared/ui/error-state.tsx';
import { downloadReportFile } from '../api/report-file.ts';

/** PDF, XLSX and CSV of a finished run (reportfile), each a download named by the server. */
export function ReportExports({ runId, title }: { runId: number; title: string }) {
  const { t } = useTranslation();
  const message = useErrorMessage();
  const download = useMutation({ mutationFn: (format: ReportFormat) => downloadReportFile(runId, format) });
  return (
    <>
      <Group gap="xs" role="group" aria-label={t('reporting.export.label', { title })}>
        {REPORT_FORMATS.map((f) => (
          <Button
            key={f}
            variant="default"
            size="sm"
            mih={40}
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={download.isPending && download.variables === f}
            disabled={download.isPending && download.variables !== f}
            onClick={() => download.mutate(f)}
            data-format={f}
          >
            {t(`reporting.export.${f}`)}
          </Button>
        ))}
      </Group>
      {download.isError && (
        <Alert color="red" variant="light" role="alert" title={t('reporting.export.failed')} withCloseButton onClose={() => download.reset()}>
          {message(download.error)}
        </Alert>
      )}
    </>
  );
}
