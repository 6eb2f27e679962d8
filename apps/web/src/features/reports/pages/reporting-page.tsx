import { Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconReportAnalytics } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnitSystem } from '../../../shared/format/use-units.ts';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { useSiteTimeZone, useSiteToday } from '../../../shared/site/site-time-zone.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { ErrorState } from '../../../shared/ui/error-state.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { reportsQuery, useCancelReport, useRunReport } from '../api/reports-api.ts';
import { ReportForm } from '../components/report-form.tsx';
import { ProgressBar, RunProgress, ReportRuns } from '../components/report-runs.tsx';
import { ReportView } from '../components/report-view.tsx';
import classes from '../components/reports.module.css';
import { isActive, newestFirst } from '../model/report-runs.ts';

/** How long a just-finished run's full bar stays before its result opens. */
const FINISH_MS = 700;

/**
 * reporting: ask for a report (kind, per what and which, site days, options), follow the user's
 * runs (several may work at once, each with its bar and Cancel), open a finished one: headline,
 * chart, table, exports.
 */
export default function ReportingPage() {
  const { t } = useTranslation();
  const siteId = useSessionUser()?.siteid ?? 0;
  const system = useUnitSystem();
  const zone = useSiteTimeZone();
  const today = useSiteToday();
  const reports = useQuery(reportsQuery(siteId));
  const run = useRunReport(siteId);
  const cancel = useCancelReport(siteId);
  const [chosen, setChosen] = useState<number | null>(null);
  const mainRef = useRef<HTMLDivElement>(null);
  // Stacked (phone, tablet), the opened report is below the form and the list: bring it into view.
  const bringIntoView = () => {
    if (window.matchMedia('(max-width: 1199px)').matches) requestAnimationFrame(() => mainRef.current?.scrollIntoView({ block: 'start' }));
  };
  // The run whose result is brought into view once it shows (opened, or just finished).
  // Opened with its button, the report also takes the keyboard focus (its heading).
  const [reveal, setReveal] = useState<{ id: number; focus: boolean } | null>(null);
  const open = (id: number, focus = false) => {
    setChosen(id);
    setReveal({ id, focus });
    bringIntoView();
    // Already open: its heading is there to take the focus now.
    if (focus) document.getElementById(`report-${id}-title`)?.focus({ preventScroll: true });
  };
  // Newest first, whatever order the answer lists them in.
  const runs = useMemo(() => newestFirst(reports.data?.runs ?? []), [reports.data]);
  // The run shown: the one chosen, else the newest (just asked for, or the last done).
  const selected = runs.find((r) => r.id === chosen) ?? runs[0] ?? null;
  const ctx = useMemo(() => ({ system, timeZone: zone.timeZone }), [system, zone.timeZone]);
  // A run just asked for shows its bar from the moment Run is pressed (a short run may be over before
  // the list is asked again) and, once done, full for a moment before its result opens.
  const [asked, setAsked] = useState<number | null>(null);
  const askedRun = asked === null ? null : (runs.find((r) => r.id === asked) ?? null);
  const finished = askedRun !== null && !isActive(askedRun.status);
  useEffect(() => {
    if (!finished) return;
    const timer = setTimeout(() => setAsked(null), FINISH_MS);
    return () => clearTimeout(timer);
  }, [finished]);
  const starting = run.isPending || (asked !== null && askedRun === null);
  const showing = starting ? null : askedRun && askedRun.id === selected?.id && askedRun.status === 'done' ? askedRun : null;

  const main = starting ? (
    <Paper withBorder p="md" component="section" aria-label={t('reporting.view.starting')}>
      <ProgressBar label={t('reporting.view.starting')} pct={null} text={t('reporting.view.starting')} />
    </Paper>
  ) : !selected ? (
    <Paper withBorder>
      <EmptyState icon={<IconReportAnalytics size={22} />} title={t('reporting.view.none')} hint={t('reporting.view.noneHint')} />
    </Paper>
  ) : selected.status === 'done' && !showing ? (
    <ReportView
      key={selected.id}
      run={selected}
      ctx={ctx}
      onShown={() => {
        // The list above may have grown meanwhile: on a phone the result would open out of sight.
        if (reveal?.id === selected.id) {
          bringIntoView();
          if (reveal.focus) document.getElementById(`report-${selected.id}-title`)?.focus({ preventScroll: true });
        }
        setReveal(null);
      }}
    />
  ) : (
    <Paper withBorder p="md" component="section" aria-labelledby="report-state-title">
      <Stack gap="sm">
        <Text component="h2" id="report-state-title" fw={700}>
          {selected.title}
        </Text>
        {isActive(selected.status) || showing ? (
          <RunProgress run={selected} cancelling={cancel.isPending && cancel.variables === selected.id} onCancel={(id) => cancel.mutate(id)} />
        ) : selected.status === 'failed' ? (
          <Text c="red.8" role="alert">
            {t('reporting.view.failed', { error: selected.error ?? t('reporting.runs.failedNoReason') })}
          </Text>
        ) : (
          <Text c="dark.6">{t('reporting.view.cancelled')}</Text>
        )}
      </Stack>
    </Paper>
  );

  return (
    <Stack gap="sm">
      <PageHeader title={t('reporting.title')} description={t('reporting.about', { zone: zone.timeZone })} />
      {reports.isError ? (
        <ErrorState error={reports.error} onRetry={() => void reports.refetch()} />
      ) : !reports.data || !zone.settled ? (
        <div className={classes.layout} role="status" aria-busy="true" aria-label={t('reporting.loading')}>
          <Skeleton height={420} />
          <Skeleton height={420} />
        </div>
      ) : (
        <div className={classes.layout}>
          <div className={classes.side}>
            <Paper withBorder p="md">
              <ReportForm
                siteId={siteId}
                kinds={reports.data.kinds}
                system={system}
                today={today}
                running={run.isPending}
                refused={run.error}
                onRun={(body) => {
                  cancel.reset();
                  run.mutate(body, {
                    onSuccess: (id) => {
                      setAsked(id);
                      open(id);
                    },
                  });
                }}
              />
            </Paper>
            <Paper withBorder p="md" component="section" aria-labelledby="report-runs-title">
              <Text component="h2" id="report-runs-title" fw={700} mb="xs">
                {t('reporting.runs.title')}
              </Text>
              {runs.length === 0 ? (
                <Text size="sm" c="dark.6">
                  {t('reporting.runs.none')}
                </Text>
              ) : (
                <ReportRuns
                  runs={runs}
                  timeZone={zone.timeZone}
                  selectedId={selected?.id ?? null}
                  cancellingId={cancel.isPending ? (cancel.variables ?? null) : null}
                  onOpen={(id) => open(id, true)}
                  onCancel={(id) => cancel.mutate(id)}
                />
              )}
              {cancel.isError && (
                <Text size="sm" c="red.8" role="alert" mt="xs">
                  {cancel.error.message}
                </Text>
              )}
            </Paper>
          </div>
          <div className={classes.main} ref={mainRef}>
            {main}
          </div>
        </div>
      )}
    </Stack>
  );
}
