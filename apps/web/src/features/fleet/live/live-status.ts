/** What the site's live connection is doing (see useLiveVehicles). */
export type SocketStatus = 'connecting' | 'live' | 'reconnecting' | 'offline';

/** What the fleet page's "Live" indicator says. */
export type LiveState = SocketStatus | 'stale' | 'failed';

/** The indicator's colour: fine, in progress, worth a look, broken. */
export type LiveTone = 'ok' | 'pending' | 'warning' | 'down';

/**
 * The indicator's state from the socket and the vehicles answer, the worst first: no vehicles at
 * all (the answer failed), the live connection refused, a refresh that failed over older
 * positions, a dropped connection being re-opened, then the socket's own state.
 */
export function liveState(socket: SocketStatus, vehicles: { failed: boolean; hasData: boolean }): LiveState {
  if (vehicles.failed && !vehicles.hasData) return 'failed';
  if (socket === 'offline') return 'offline';
  if (vehicles.failed) return 'stale';
  return socket;
}

const TONE: Record<LiveState, LiveTone> = {
  connecting: 'pending',
  live: 'ok',
  reconnecting: 'warning',
  stale: 'warning',
  offline: 'down',
  failed: 'down',
};

export function liveTone(state: LiveState): LiveTone {
  return TONE[state];
}
