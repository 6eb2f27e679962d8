import { Badge, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import type { ReportRunSummary, ReportStatus } from '@fleet/shared';
import { IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFullDate, formatHHmm } from '../../../shared/format/time.ts';
import { formatRange } from '../model/date-range.ts';
import { isActive, progressPercent } from '../model/report-runs.ts';
import classes from './reports.module.css';

/** Runs listed before "Show all". */
const FEW_RUNS = 5;

const STATUS_COLOUR: Record<ReportStatus, string> = { queued: 'gray', running: 'blue', done: 'green', failed: 'red', cancelled: 'gray' };

/** The words under a run's bar: the server's text ("Vehicle 120 of 500"), or the state when it has none. */
function useProgressText() {
  const { t } = useTranslation();
  return (run: ReportRunSummary) => {
    if (run.status === 'failed') return run.error ?? t('reporting.runs.failedNoReason');
    if (run.status === 'done') return t('reporting.runs.rows', { count: run.rowCount ?? 0 });
    if (run.status === 'cancelled') return t('reporting.runs.cancelledText');
    return run.progress.text || t(`reporting.status.${run.status}`);
  };
}

interface ProgressBarProps {
  label: string;
  /** 0 … 100; null: not started (a striped, moving bar). */
  pct: number | null;
  text: string;
  /** The Cancel button's name and action; none for a run that cannot be cancelled (yet). */
  cancel?: { label: string; busy: boolean; onCancel(): void };
}

/** A run's bar with its text under it ("Vehicle 120 of 500") and, while it works, Cancel. */
export function ProgressBar({ label, pct, text, cancel }: ProgressBarProps) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Progress.Root
        size="lg"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct ?? undefined}
        aria-valuetext={pct === null ? text : `${pct} %: ${text}`}
        data-testid="report-progress"
        data-value={pct ?? ''}
      >
        <Progress.Section withAria={false} value={pct ?? 100} striped={pct === null} animated={pct === null} color={pct === null ? 'gray.5' : undefined} />
      </Progress.Root>
      <Group justify="space-between" gap="xs" wrap="nowrap" mih={32}>
        <Text size="sm" c="dark.6" aria-live="polite" data-testid="report-progress-text">
          {text}
        </Text>
        {cancel && (
          <Button size="compact-sm" variant="default" color="red" leftSection={<IconX size={14} aria-hidden />} loading={cancel.busy} onClick={cancel.onCancel} mih={32} aria-label={cancel.label}>
            {t('reporting.runs.cancel')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

interface RunProgressProps {
  run: ReportRunSummary;
  cancelling: boolean;
  onCancel(id: number): void;
}

/** A run's bar: moving while queued, filling while it runs, full once done; Cancel while it works. */
export function RunProgress({ run, cancelling, onCancel }: RunProgressProps) {
  const { t } = useTranslation();
  const text = useProgressText()(run);
  return (
    <ProgressBar
      label={t('reporting.runs.progressOf', { title: run.title })}
      pct={run.status === 'queued' ? null : progressPercent(run)}
      text={text}
      cancel={isActive(run.status) ? { label: t('reporting.runs.cancelOf', { title: run.title }), busy: cancelling, onCancel: () => onCancel(run.id) } : undefined}
    />
  );
}

interface ReportRunsProps {
  runs: ReportRunSummary[];
  timeZone: string;
  selectedId: number | null;
  cancellingId: number | null;
  onOpen(id: number): void;
  onCancel(id: number): void;
}

/** The user's kept runs, newest first: each with its state, its bar while it works, Open once done. */
export function ReportRuns({ runs, timeZone, selectedId, cancellingId, onOpen, onCancel }: ReportRunsProps) {
  const { t } = useTranslation();
  const text = useProgressText();
  const [all, setAll] = useState(false);
  // The newest few, and the one open when it is older; the rest behind "Show all".
  const shown = all ? runs : runs.filter((r, i) => i < FEW_RUNS || r.id === selectedId || isActive(r.status));
  return (
    <>
      <ul className={classes.runs} aria-label={t('reporting.runs.title')} data-testid="report-runs">
        {shown.map((run) => (
          <li key={run.id} data-run={run.id} data-status={run.status}>
            <Paper withBorder p="xs" className={classes.run} data-selected={run.id === selectedId || undefined}>
              <Stack gap={6}>
                <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600} lineClamp={2}>
                      {run.title}
                    </Text>
                    <Text size="xs" c="dark.5" title={formatFullDate(run.createdAt, timeZone)}>
                      {t('reporting.runs.asked', { time: formatHHmm(run.createdAt, timeZone), range: formatRange(run.record) })}
                    </Text>
                  </div>
                  <Badge variant="light" color={STATUS_COLOUR[run.status]} c={`${STATUS_COLOUR[run.status]}.9`} tt="none" radius="sm" style={{ flexShrink: 0 }} styles={{ label: { overflow: 'visible' } }}>
                    {t(`reporting.status.${run.status}`)}
                  </Badge>
                </Group>
                {isActive(run.status) ? (
                  <RunProgress run={run} cancelling={cancellingId === run.id} onCancel={onCancel} />
                ) : (
                  <Group justify="space-between" gap="xs" wrap="nowrap">
                    <Text size="sm" c={run.status === 'failed' ? 'red.8' : 'dark.6'} role={run.status === 'failed' ? 'status' : undefined}>
                      {text(run)}
                    </Text>
                    {run.status === 'done' && (
                      <Button size="compact-sm" variant={run.id === selectedId ? 'filled' : 'light'} onClick={() => onOpen(run.id)} mih={32} aria-label={t('reporting.runs.openOf', { title: run.title, time: formatHHmm(run.createdAt, timeZone) })} aria-current={run.id === selectedId || undefined}>
                        {t('reporting.runs.open')}
                      </Button>
                    )}
                  </Group>
                )}
              </Stack>
            </Paper>
          </li>
        ))}
      </ul>
      {runs.length > shown.length || all ? (
        <Button variant="subtle" size="compact-sm" mt="xs" mih={32} onClick={() => setAll((a) => !a)} aria-expanded={all}>
          {all ? t('reporting.runs.showFewer') : t('reporting.runs.showAll', { count: runs.length })}
        </Button>
      ) : null}
    </>
  );
}
