import { createContext, type ReactNode, useContext } from 'react';

/**
 * What other features show in the driver's frame: the check lists waiting to be sent and the unread
 * messages. The app composes them (app/driver-frame.tsx) so that this feature, the check lists and
 * the messages never import each other's doors in a circle.
 */
export interface DriverShellExtras {
  /** The waiting-to-send count for the header (a page may pass its own through DriverShell's `pending`). */
  pending?: ReactNode;
  /** The unread count on the Messages tab. */
  messagesBadge?: ReactNode;
  /** What other features add to the cab's home page under its buttons (the driver's timesheet of the week). */
  home?: ReactNode;
  /** How many check lists wait on this device: the log-off confirm says so. A hook: the same one on every render. */
  useWaitingCount?: () => number;
}

const DriverExtras = createContext<DriverShellExtras>({});
export const DriverShellExtrasProvider = DriverExtras.Provider;

const none = () => 0;

export function useDriverShellExtras(): Required<Pick<DriverShellExtras, 'useWaitingCount'>> & DriverShellExtras {
  const extras = useContext(DriverExtras);
  return { ...extras, useWaitingCount: extras.useWaitingCount ?? none };
}
