import { beforeEach, describe, expect, it } from 'vitest';
import {
  currentFleetView,
  dropGroupFromFleet,
  fleetCamera,
  rememberFleetCamera,
  resetFleetView,
  setFleetView,
  showGroupOnFleet,
} from './fleet-view.ts';

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

  it("keeps the map's place for the next visit to the same site, and forgets it on a fresh view", () => {
    expect(fleetCamera(4)).toBeNull();
    rememberFleetCamera({ siteId: 4, center: [-1.5, 53.8], zoom: 12.5 });
    expect(fleetCamera(4)).toEqual({ siteId: 4, center: [-1.5, 53.8], zoom: 12.5 });
    expect(fleetCamera(5)).toBeNull();
    showGroupOnFleet(2);
    expect(fleetCamera(4)).not.toBeNull();
    resetFleetView();
    expect(fleetCamera(4)).toBeNull();
  });
});
