import { useSessionUser } from '../../../shared/session/session-store.ts';
import { sideOf } from '../live/messages-live.ts';
import { DriverMessages } from './driver-messages.tsx';
import { OfficeMessages } from './office-messages.tsx';

/**
 * msg: the conversations between the office and the cabs. One page key for both sides: an office
 * user gets every vehicle's conversation of the site, a driver (a driver-mode session) the one of
 * the vehicle they are assigned to.
 */
export default function MsgPage() {
  const user = useSessionUser();
  if (!user) return null;
  return sideOf(user) === 'cab' ? <DriverMessages user={user} /> : <OfficeMessages user={user} />;
}
