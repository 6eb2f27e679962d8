import { describe, expect, it } from 'vitest';
import { changes, draftProblem, type GroupDraft, matchVehicles, setShown, toggleUnit, unitsToSave } from './group-draft.ts';

const listed = [{ id: 7, name: 'Night gritters' }];
const draft = (over: Partial<GroupDraft>): GroupDraft => ({ id: null, name: 'Tippers', units: new Set([1]), ...over });
const vehicles = [
  { unitid: 3, registration: 'YK21 ABC', drivername: 'Sam Hirst' },
  { unitid: 1, registration: 'BD70 XYZ', drivername: '' },
  { unitid: 2, registration: 'LS19 GRT', drivername: 'Ann Abbott' },
];

describe('draftProblem', () => {
  it.each([
    [draft({ name: '   ' }), 'nameRequired'],
    [draft({ name: 'x'.repeat(81) }), 'nameTooLong'],
    [draft({ name: ' night GRITTERS ' }), 'nameTaken'],
    [draft({ units: new Set() }), 'noVehicles'],
    [draft({}), null],
  ] as const)('new group %#: %s', (d, problem) => {
    expect(draftProblem(d, listed)).toBe(problem);
  });

  it('lets an existing group be saved empty (that hides it) and keeps its own name', () => {
    expect(draftProblem(draft({ id: 7, name: 'Night gritters', units: new Set() }), listed)).toBeNull();
  });
});

describe('matchVehicles', () => {
  it('matches registration or driver, any case, in registration order', () => {
    expect(matchVehicles(vehicles, '').map((v) => v.unitid)).toEqual([1, 2, 3]);
    expect(matchVehicles(vehicles, ' ls19').map((v) => v.unitid)).toEqual([2]);
    expect(matchVehicles(vehicles, 'hirst').map((v) => v.unitid)).toEqual([3]);
    expect(matchVehicles(vehicles, 'zzz')).toEqual([]);
  });
});

describe('selection', () => {
  it('toggles one vehicle', () => {
    expect([...toggleUnit(new Set([1, 2]), 2)]).toEqual([1]);
    expect([...toggleUnit(new Set([1]), 4)].sort()).toEqual([1, 4]);
  });

  it('ticks or unticks only the shown vehicles', () => {
    expect([...setShown(new Set([9]), [{ unitid: 1 }, { unitid: 2 }], true)].sort()).toEqual([1, 2, 9]);
    expect([...setShown(new Set([1, 2, 9]), [{ unitid: 1 }, { unitid: 2 }], false)]).toEqual([9]);
  });

  it('counts what was added and removed against the saved group', () => {
    expect(changes([1, 2, 3], new Set([2, 3, 4, 5]))).toEqual({ added: 2, removed: 1 });
    expect(changes([], new Set())).toEqual({ added: 0, removed: 0 });
  });

  it('saves only vehicles still on the site, in id order', () => {
    expect(unitsToSave(new Set([3, 99, 1]), vehicles)).toEqual([1, 3]);
  });
});
