import { beforeEach, describe, expect, it } from 'vitest';
import { currentFleetView, dropGroupFromFleet, resetFleetView, setFleetView, showGroupOnFleet } from './fleet-view.ts';

// The changes other features make through the fleet index (group editor, site pick).
describe('fleet view', () => {
  beforeEach(() => resetFleetView());

  it('shows a saved group in the mode the page is in', () => {
    setFleetView({ filter: 'all', mode: 'list' });
    showGroupOnFleet(7);
    expect(currentFleetView()).toEqual({ filter: 7, mode: 'list' });
  });

  it('goes back to all vehicles when the group shown is emptied, and only then', () => {
    setFleetView({ filter: 7, mode: 'list' });
    dropGroupFromFleet(8);
    expect(currentFleetView()).toEqual({ filter: 7, mode: 'list' });
    dropGroupFromFleet(7);
    expect(currentFleetView()).toEqual({ filter: 'all', mode: 'list' });
  });

  it('a site pick starts on all vehicles on the map, as a fresh view the page re-renders for', () => {
    setFleetView({ filter: 3, mode: 'list' });
    const before = currentFleetView();
    resetFleetView();
    expect(currentFleetView()).toEqual({ filter: 'all', mode: 'map' });
    resetFleetView();
    expect(currentFleetView()).not.toBe(before);
  });
});
