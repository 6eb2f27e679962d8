import { canChange, isViewer } from '@fleet/shared/rules/admin';
import { useSessionUser } from './session-store.ts';

/**
 * Whether the signed-in user may change the fleet's data (issue 15): operators and administrators;
 * a viewer (usertype 4) only reads. Pages hide add, edit, delete and clear buttons when false; the
 * server refuses the calls anyway.
 */
export function useCanChange(): boolean {
  return canChange(useSessionUser()?.usertype);
}

/** Whether the signed-in user is a read-only viewer. */
export function useIsViewer(): boolean {
  return isViewer(useSessionUser()?.usertype);
}
