import { Anchor, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useNow } from '../../../shared/ui/relative-time.tsx';
import type { AlertRecord } from '../api/alerts-api.ts';
import type { BuiltAlertList } from '../hooks/alert-categories.ts';
import { alertState } from '../hooks/alert-rows.ts';
import { AlertClearButton } from './alert-clear-button.tsx';
import { AlertStateBadge, AlertTime, useAlertWhat } from './alert-text.tsx';
import { CATEGORY_LOOK } from './category-look.ts';
import classes from './alerts-table.module.css';
import type { PanicToAcknowledge } from './panic-ack-modal.tsx';

export const ALERT_COLUMNS = ['vehicle', 'what', 'where', 'when', 'state'] as const;

interface AlertsTableProps {
  list: BuiltAlertList;
  alerts: AlertRecord[];
  selectedId: number | null;
  /** The link of one record's detail panel (keeps the open/all choice). */
  detailHref(aid: number): string;
  onAcknowledge(panic: PanicToAcknowledge): void;
}

/** One category's records, newest first: dense rows, a click opens the record, open rows can be cleared. */
export function AlertsTable({ list, alerts, selectedId, detailHref, onAcknowledge }: AlertsTableProps) {
  const { t } = useTranslation();
  const now = useNow();
  const what = useAlertWhat();
  const navigate = useNavigate();
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table stickyHeader highlightOnHover aria-label={t(`dashboard.category.${list}`)} className={classes.table}>
        <Table.Thead>
          <Table.Tr>
            {ALERT_COLUMNS.map((c) => (
              <Table.Th key={c}>{t(`alertList.columns.${c}`)}</Table.Th>
            ))}
            <Table.Th>
              <VisuallyHidden>{t('alertList.columns.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {alerts.map((a) => {
            const selected = a.aid === selectedId;
            return (
              <Table.Tr
                key={a.aid}
                data-selected={selected || undefined}
                className={classes.row}
                onClick={(e) => {
                  // Buttons and links in the row do their own thing.
                  if ((e.target as HTMLElement).closest('a,button')) return;
                  void navigate(detailHref(a.aid));
                }}
              >
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={detailHref(a.aid)}
                    fw={600}
                    size="sm"
                    c="dark.8"
                    aria-current={selected ? 'true' : undefined}
                  >
                    {a.vehicle}
                  </Anchor>
                </Table.Td>
                <Table.Td className={classes.what}>{what(a)}</Table.Td>
                <Table.Td>
                  <Text size="sm" lineClamp={2}>
                    {a.loc}
                  </Text>
                </Table.Td>
                <Table.Td className={classes.when}>
                  <AlertTime value={a.updated} now={now} />
                </Table.Td>
                <Table.Td>
                  <AlertStateBadge alert={a} color={CATEGORY_LOOK[list].color} />
                </Table.Td>
                <Table.Td ta="right">
                  {alertState(a).open && <AlertClearButton list={list} alert={a} onAcknowledge={onAcknowledge} />}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
