import { type ConfigListName, EXPORT_FORMATS, type ExportFormat } from '@fleet/shared';
import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadList } from '../api/bulk-api.ts';

export interface ExportListButtonsProps {
  list: ConfigListName;
  /** The list's current search, filters and sort: the export holds what the editor shows, every page of it. */
  q?: string;
  filter?: string;
  sort?: string;
  dir?: 'asc' | 'desc';
}

/** "CSV" and "XLSX" download buttons for a configuration list (for the generic editor's toolbar and the bulk page). */
export function ExportListButtons({ list, ...q }: ExportListButtonsProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const run = async (format: ExportFormat) => {
    setBusy(format);
    try {
      await downloadList(list, format, q);
    } catch (err) {
      notifications.show({ color: 'red', message: (err as Error).message });
    } finally {
      setBusy(null);
    }
  };
  return (
    <Group gap={6} wrap="nowrap">
      {EXPORT_FORMATS.map((f) => (
        <Button
          key={f}
          variant="default"
          size="compact-sm"
          leftSection={<IconDownload size={14} aria-hidden />}
          loading={busy === f}
          disabled={busy !== null && busy !== f}
          onClick={() => void run(f)}
          aria-label={t('bulk.export.as', { format: f.toUpperCase() })}
        >
          {f.toUpperCase()}
        </Button>
      ))}
    </Group>
  );
}
