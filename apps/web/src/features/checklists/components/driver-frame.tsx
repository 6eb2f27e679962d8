import '../../../shared/styles/all.ts';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../shared/ui/use-document-title.ts';
import { DriverShell } from '../../driver/index.ts';
import { DriverPendingCount } from './driver-pending-count.tsx';
import classes from './driver.module.css';

/** A check-list page in the driver's frame: the page's heading, and what waits to be sent in the header. */
export function DriverFrame({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <DriverShell title={title} pending={<DriverPendingCount />}>
      <div className={classes.page}>{children}</div>
    </DriverShell>
  );
}
