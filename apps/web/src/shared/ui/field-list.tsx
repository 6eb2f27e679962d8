import type { ReactNode } from 'react';
import classes from './field-list.module.css';

/** One label and its value. */
export type Field = [label: string, value: ReactNode];

/** Labels and values in two columns (a description list), e.g. a vehicle's details. */
export function FieldList({ fields, ruled = false, className }: { fields: readonly Field[]; ruled?: boolean; className?: string }) {
  return (
    <dl className={className ? `${classes.fields} ${className}` : classes.fields} data-ruled={ruled || undefined}>
      {fields.map(([label, value]) => (
        <div key={label} className={classes.field}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
