import { Table, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import type { ReportColumn, ReportResult, ReportRow } from '@fleet/shared';
import { useTranslation } from 'react-i18next';
import { type CellContext, formatCell, isNumeric } from '../model/report-format.ts';
import type { ReportSort } from '../model/report-sort.ts';
import classes from './reports.module.css';

interface ReportTableProps {
  id: string;
  caption: string;
  columns: ReportColumn[];
  rows: ReportRow[];
  totals: ReportResult['totals'];
  ctx: CellContext;
  sort: ReportSort | null;
  /** null: the table cannot be sorted (a result too big to hold in the page). */
  onSort: ((key: string) => void) | null;
}

function Header({ column, sort, onSort }: { column: ReportColumn; sort: ReportSort | null; onSort: ReportTableProps['onSort'] }) {
  const { t } = useTranslation();
  const numeric = isNumeric(column.kind);
  if (!onSort) return <Table.Th className={numeric ? classes.num : undefined}>{column.label}</Table.Th>;
  const active = sort?.key === column.key;
  const Icon = !active ? IconArrowsSort : sort.direction === 'descending' ? IconArrowDown : IconArrowUp;
  return (
    <Table.Th className={numeric ? classes.num : undefined} aria-sort={active ? sort.direction : undefined}>
      <UnstyledButton className={classes.sort} onClick={() => onSort(column.key)} title={t('reporting.table.sortBy', { column: column.label })}>
        {column.label}
        <Icon size={14} aria-hidden className={active ? undefined : classes.sortIdle} />
      </UnstyledButton>
    </Table.Th>
  );
}

/** The result's rows in dense lines: numbers right-aligned in the site's units, sticky header and totals. */
export function ReportTable({ id, caption, columns, rows, totals, ctx, sort, onSort }: ReportTableProps) {
  const { t } = useTranslation();
  return (
    <div className={classes.tableWrap} tabIndex={0} role="region" aria-labelledby={`${id}-caption`}>
      <Table id={id} striped highlightOnHover verticalSpacing={4} horizontalSpacing="sm" fz="sm" data-testid="report-table">
        <caption id={`${id}-caption`}>
          <VisuallyHidden>{caption}</VisuallyHidden>
        </caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Header key={c.key} column={c} sort={sort} onSort={onSort} />
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, i) => (
            <Table.Tr key={i}>
              {columns.map((c) => (
                <Table.Td key={c.key} className={isNumeric(c.kind) ? classes.num : undefined} data-col={c.key}>
                  {formatCell(c.kind, row[c.key] ?? null, ctx)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        {totals && (
          <Table.Tfoot>
            <Table.Tr data-testid="report-totals">
              {columns.map((c, i) => (
                <Table.Td key={c.key} className={isNumeric(c.kind) ? classes.num : undefined}>
                  {c.key in totals ? formatCell(c.kind, totals[c.key] ?? null, ctx) : i === 0 ? t('reporting.table.totals') : ''}
                </Table.Td>
              ))}
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </div>
  );
}
