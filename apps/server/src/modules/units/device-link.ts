import type { DebugFrameEvent } from '@fleet/shared';
import type { LivePosition, RaisedAlert, StateChange } from '../../ingest/ingest-events.ts';

export type { LivePosition, RaisedAlert, StateChange };

/** What the API needs of the device side: command channel, presence, counters, cache control, live feeds. */
export interface DeviceLink {
  recentFrames(unitId: number): DebugFrameEvent[];
  /** Calls back for every new debug frame; returns the function that stops it. */
  onFrame(listener: (frame: DebugFrameEvent) => void): () => void;
  /** Marks a unit as watched in a debugger (its frames are then emitted live), or no longer. */
  watchFrames(unitId: number): void;
  unwatchFrames(unitId: number): void;
  /** Calls back after the state processor applied new positions. */
  onStateChanges(listener: (changes: StateChange[]) => void): () => void;
  /** Calls back with positions as soon as they are committed (the live map's fast path). */
  onPositions(listener: (positions: LivePosition[]) => void): () => void;
  /** Calls back with alerts the events processor raised (panic, geofence, fault codes). */
  onAlerts(listener: (alerts: RaisedAlert[]) => void): () => void;
  /** Geofences changed: the events processor reloads them. */
  reloadGeofences(): Promise<void>;
  send(unitId: number, text: string, timeoutMs: number): Promise<string>;
  isOnline(unitId: number): boolean;
  forget(deviceId: string): void;
  /** Rebuilds a unit's state from its newest plausible position (none: no state); true when it has one. */
  resetState(unitId: number): Promise<boolean>;
  stats(): {
    connectionsOpen: number; connectionsTotal: number; recordsAccepted: number; packetsAccepted: number; recordsFlagged: number;
    closedBecause: Record<string, number>;
  };
}
