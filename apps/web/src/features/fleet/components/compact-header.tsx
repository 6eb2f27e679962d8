import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SortState } from '../hooks/vehicle-rows.ts';
import { COLUMN_SORT, type OptionalColumn } from '../model/list-prefs.ts';
import { compactGrid } from './vehicle-list.tsx';
import classes from './vehicle-list.module.css';

type Column = keyof typeof COLUMN_SORT;

interface CompactHeaderProps {
  columns: readonly OptionalColumn[];
  sort: SortState;
  onSort(sort: SortState): void;
}

/**
 * The compact rows' column names, each a button that sorts by it (again: the other way). Speed sorts
 * fastest first and last report newest first on the first press: what an operator looks for.
 */
export function CompactHeader({ columns, sort, onSort }: CompactHeaderProps) {
  const { t } = useTranslation();
  const shown: Column[] = ['status', 'vehicle', 'speed', ...columns];
  const press = (column: Column) => {
    const key = COLUMN_SORT[column];
    const first = key === 'speed' || key === 'updated' ? 'desc' : 'asc';
    onSort({ key, direction: sort.key === key ? (sort.direction === 'asc' ? 'desc' : 'asc') : first });
  };
  return (
    <div className={classes.columns} style={compactGrid(columns)} data-testid="compact-header">
      <div className={classes.columnsGrid}>
        {shown.map((column) => {
          const on = sort.key === COLUMN_SORT[column];
          const Arrow = sort.direction === 'asc' ? IconArrowUp : IconArrowDown;
          const name = t(`fleet.triage.column.${column}`);
          return (
            <button
              key={column}
              type="button"
              className={classes.sortButton}
              data-align={column === 'speed' ? 'end' : undefined}
              aria-pressed={on}
              aria-label={t('fleet.triage.sortBy', { column: name })}
              title={on ? t(`fleet.sort.${COLUMN_SORT[column]}_${sort.direction}`) : t('fleet.triage.sortBy', { column: name })}
              onClick={() => press(column)}
            >
              <span className={column === 'status' ? classes.srOnly : undefined}>{name}</span>
              {on && <Arrow size={12} aria-hidden style={{ flex: 'none' }} />}
            </button>
          );
        })}
      </div>
      <span className={classes.columnsEnd} />
    </div>
  );
}
