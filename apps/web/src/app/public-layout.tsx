import { Outlet } from 'react-router';

/** Pages that stand alone without the shell (login, reset link, signed-out landing); they draw their own frame. */
export function PublicLayout() {
  return <Outlet />;
}
