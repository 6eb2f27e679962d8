import type { DebugFrameEvent } from '@fleet/shared';

/* What the device side tells the rest of the server: the processors' outputs and the live positions. */

/** An alert the events processor raised and stored. */
export interface RaisedAlert {
  aid: number;
  kind: 'panic' | 'geofence' | 'spn' | 'runover' | 'device' | 'fuel';
  event: string;
  siteId: number;
  unitId: number;
  poiId: number | null;
  happenedAt: string;
  lat: number;
  lon: number;
  detail: string;
}

/** A unit whose latest state the state processor changed. */
export interface StateChange {
  unitId: number;
  siteId: number;
  /** Its positions went out live when committed (LivePosition); false for asset trackers, whose location code only the processor knows. */
  announced?: boolean;
}

/**
 * A position as soon as it is committed (before the state processor folds it into unit_state), for
 * the live map: the unit's latest plausible record of a stored batch (rows the writer flagged
 * implausible never become one), its IO read for the unit's type.
 */
export interface LivePosition {
  unitId: number;
  siteId: number;
  deviceTimeMs: number;
  lat: number;
  lon: number;
  /** km/h */
  speed: number;
  angle: number;
  ignition: boolean | null;
  panic: boolean;
  pto1: boolean;
  pto2: boolean;
}

/** What the API needs of the device side: command channel, presence, counters, cache control, live feeds. */
export interface DeviceLink {
  /** A unit's recent frames, from whichever ingest node (or nodes) held its connection. */
  recentFrames(unitId: number): Promise<DebugFrameEvent[]>;
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
  /**
   * Drops a device id from the device listeners' unit cache (none: every one, e.g. an IO map
   * changed); with `unitId` (a unit taken off its site) its open connection is closed too, so the
   * device's next login is looked up again (an unknown device's, until it is registered anew).
   */
  forget(deviceId?: string, unitId?: number): void;
  /** Rebuilds a unit's state from its newest plausible position (none: no state); true when it has one. */
  resetState(unitId: number): Promise<boolean>;
  /** True while every device listener is bound and not closing (readiness, ops/readiness.ts). */
  listening(): boolean;
  stats(): {
    connectionsOpen: number; connectionsTotal: number; recordsAccepted: number; packetsAccepted: number; recordsFlagged: number;
    closedBecause: Record<string, number>;
    /** The log processors' lag behind the log's horizon (issue 12: the trips processor). */
    processors: Record<string, { cursor: string; horizon: string; rowsBehind: number; secondsBehind: number; lastRunAt: string | null }>;
  };
}
