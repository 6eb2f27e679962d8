import { beforeEach, describe, expect, it } from 'vitest';
import {
  currentFleetView,
  dropGroupFromFleet,
  fleetCamera,
  fleetStatesPath,
  parseStatesParam,
  rememberFleetCamera,
  resetFleetView,
  setFleetView,
  showGroupOnFleet,
  showStatesOnFleet,
} from './fleet-view.ts';

// The changes other features make through the fleet index (group editor, site pick).
describe('fleet view', () => {
  beforeEach(() => resetFleetView());

  it('shows a saved group in the mode the page is in', () => {
    setFleetView({ filter: 'all', mode: 'list', states: [] });
    showGroupOnFleet(7);
    expect(currentFleetView()).toEqual({ filter: 7, mode: 'list', states: [] });
  });

  it('goes back to all vehicles when the group shown is emptied, and only then', () => {
    setFleetView({ filter: 7, mode: 'list', states: [] });
    dropGroupFromFleet(8);
    expect(currentFleetView()).toEqual({ filter: 7, mode: 'list', states: [] });
    dropGroupFromFleet(7);
    expect(currentFleetView()).toEqual({ filter: 'all', mode: 'list', states: [] });
  });

  it('a site pick starts on all vehicles on the map, as a fresh view the page re-renders for', () => {
    setFleetView({ filter: 3, mode: 'list', states: [] });
    const before = currentFleetView();
    resetFleetView();
    expect(currentFleetView()).toEqual({ filter: 'all', mode: 'map', states: [] });
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

describe('fleet view by state (status chips, dashboard tiles)', () => {
  beforeEach(() => resetFleetView());

  it('shows the chosen states in the vocabulary order, keeping the group and mode', () => {
    setFleetView({ filter: 4, mode: 'list', states: [] });
    showStatesOnFleet(['alarm', 'driving']);
    expect(currentFleetView()).toEqual({ filter: 4, mode: 'list', states: ['driving', 'alarm'] });
    showStatesOnFleet([]);
    expect(currentFleetView().states).toEqual([]);
  });

  it('links to the fleet view by state and reads the link back', () => {
    expect(fleetStatesPath(['alarm'])).toBe('/tabs/tabs/fleet?state=alarm');
    expect(parseStatesParam('alarm')).toEqual(['alarm']);
    expect(parseStatesParam('stopped,idling')).toEqual(['idling', 'stopped']);
  });

  it('ignores a state parameter that names something else', () => {
    expect(parseStatesParam(null)).toBeNull();
    expect(parseStatesParam('')).toBeNull();
    expect(parseStatesParam('alarm,parked')).toBeNull();
    expect(parseStatesParam('Alarm')).toBeNull();
  });
});
