// Per-unit geofence state: which POI each unit is inside, and what changed with a new position.
// Pure and in memory; the caller persists events and may seed state after a restart with restore().
import type { GeofenceIndex } from './geofence-index.ts';

/** POI ids the unit has just entered and just left, each ascending. */
export interface GeofenceEvents {
  entered: number[];
  exited: number[];
}

interface UnitState {
  timeMs: number;
  inside: number[]; // ascending
}

/** Ids in `a` that are not in `b`; both ascending. */
function minus(a: readonly number[], b: readonly number[]): number[] {
  const out: number[] = [];
  let j = 0;
  for (const x of a) {
    while (j < b.length && (b[j] as number) < x) j++;
    if (b[j] !== x) out.push(x);
  }
  return out;
}

const validPosition = (lat: number, lon: number) =>
  Number.isFinite(lat) && Number.isFinite(lon) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180;

/** Turns a stream of positions per unit into enter and exit events against a GeofenceIndex. */
export class GeofenceTracker {
  private readonly units = new Map<number, UnitState>();

  constructor(private readonly index: GeofenceIndex) {}

  /**
   * Applies a position. The first position of a unit enters every POI it is in. A position older
   * than the unit's last one (a device replaying its buffer) or without a valid fix changes nothing.
   * A POI deleted from the index is forgotten without an exit event.
   */
  update(unitId: number, siteId: number, lat: number, lon: number, timeMs: number): GeofenceEvents {
    const prev = this.units.get(unitId);
    if (prev && timeMs < prev.timeMs) return { entered: [], exited: [] };
    if (!validPosition(lat, lon)) return { entered: [], exited: [] };
    const now = this.index.match(siteId, lat, lon);
    this.units.set(unitId, { timeMs, inside: now });
    if (!prev) return { entered: now, exited: [] };
    if (sameIds(prev.inside, now)) return { entered: [], exited: [] };
    return {
      entered: minus(now, prev.inside),
      exited: minus(prev.inside, now).filter((id) => this.index.has(id)),
    };
  }

  /** Sets a unit's state without events, e.g. from the database after a restart. */
  restore(unitId: number, inside: readonly number[], timeMs: number): void {
    this.units.set(unitId, { timeMs, inside: [...new Set(inside)].sort((a, b) => a - b) });
  }

  /** The POI ids the unit is inside, ascending; empty for a unit never seen. */
  insideOf(unitId: number): readonly number[] {
    return this.units.get(unitId)?.inside ?? [];
  }

  /** Drops a unit's state (unit deleted or moved away); its next position enters afresh. */
  forget(unitId: number): void {
    this.units.delete(unitId);
  }
}

function sameIds(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
