import { addGroupBodySchema } from '@fleet/shared';

/** What the checklist needs of a vehicle. */
export interface GroupVehicle {
  unitid: number;
  registration: string;
  drivername: string;
}

/** A group being made or changed: `id` null for a new one (its name is then asked for). */
export interface GroupDraft {
  id: number | null;
  name: string;
  units: ReadonlySet<number>;
}

export type DraftProblem = 'nameRequired' | 'nameTooLong' | 'nameTaken' | 'noVehicles';

const fold = (s: string) => s.trim().toLocaleLowerCase('en-GB');

/**
 * Why the draft cannot be saved, or null. A new group needs a name (addgroup's rule), one not
 * already used by a listed group, and at least one vehicle: a group with none is not listed (spec
 * 9), so it would vanish as soon as it was made. An existing group may be emptied (that hides it).
 */
export function draftProblem(draft: GroupDraft, listed: ReadonlyArray<{ id: number; name: string }>): DraftProblem | null {
  if (draft.id === null) {
    const parsed = addGroupBodySchema.safeParse({ name: draft.name });
    if (!parsed.success) return draft.name.trim() === '' ? 'nameRequired' : 'nameTooLong';
    if (listed.some((g) => fold(g.name) === fold(draft.name))) return 'nameTaken';
    if (draft.units.size === 0) return 'noVehicles';
  }
  return null;
}

/** The vehicles whose registration or driver contains the search, in registration order. */
export function matchVehicles<V extends GroupVehicle>(vehicles: readonly V[], search: string): V[] {
  const q = fold(search);
  const hits = q ? vehicles.filter((v) => fold(v.registration).includes(q) || fold(v.drivername).includes(q)) : [...vehicles];
  return hits.sort((a, b) => a.registration.localeCompare(b.registration, 'en-GB', { numeric: true }));
}

/** The selection with one vehicle ticked or unticked. */
export function toggleUnit(units: ReadonlySet<number>, unitId: number): Set<number> {
  const next = new Set(units);
  if (!next.delete(unitId)) next.add(unitId);
  return next;
}

/** The selection with every shown vehicle ticked (or unticked); vehicles hidden by the search keep their tick. */
export function setShown(units: ReadonlySet<number>, shown: ReadonlyArray<{ unitid: number }>, on: boolean): Set<number> {
  const next = new Set(units);
  for (const v of shown) {
    if (on) next.add(v.unitid);
    else next.delete(v.unitid);
  }
  return next;
}

/** How the selection differs from the group as saved: for the "2 added, 1 removed" line. */
export function changes(saved: readonly number[], units: ReadonlySet<number>): { added: number; removed: number } {
  const before = new Set(saved);
  let added = 0;
  for (const u of units) if (!before.has(u)) added += 1;
  let removed = 0;
  for (const u of before) if (!units.has(u)) removed += 1;
  return { added, removed };
}

/** Units sent to groupunits: only those still on the site (a unit moved away since must not fail the save). */
export function unitsToSave(units: ReadonlySet<number>, vehicles: readonly GroupVehicle[]): number[] {
  const onSite = new Set(vehicles.map((v) => v.unitid));
  return [...units].filter((u) => onSite.has(u)).sort((a, b) => a - b);
}
