import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { fleetKeys } from './fleet-keys.ts';

describe('fleetKeys', () => {
  it('allVehicles (a unit added, a state rebuilt) reaches every site\'s vehicles', async () => {
    const client = new QueryClient();
    for (const key of [fleetKeys.vehicles(1), fleetKeys.vehicles(2), ['groups', 1]]) client.setQueryData(key, []);
    await client.invalidateQueries({ queryKey: fleetKeys.allVehicles() });
    const state = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect([state(fleetKeys.vehicles(1)), state(fleetKeys.vehicles(2)), state(['groups', 1])]).toEqual([true, true, false]);
  });
});
