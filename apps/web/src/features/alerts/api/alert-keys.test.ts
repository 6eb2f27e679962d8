import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { alertKeys } from './alert-keys.ts';

// Other features (a saved service plan, the dashboard) invalidate through the prefixes: they must
// reach every site's counts and every list, and nothing else.
function cacheWith(keys: ReadonlyArray<readonly unknown[]>): QueryClient {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, 1);
  return client;
}

const invalidated = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;

describe('alertKeys', () => {
  const dash1 = alertKeys.dash(1);
  const dash2 = alertKeys.dash(2);
  const list = alertKeys.list(1, 'zone', true);
  const record = alertKeys.record(1, 'zone', 5);

  it('allDash reaches the counts of every site and not the lists', async () => {
    const client = cacheWith([dash1, dash2, list, record]);
    await client.invalidateQueries({ queryKey: alertKeys.allDash() });
    expect([dash1, dash2, list, record].map((k) => invalidated(client, k))).toEqual([true, true, false, false]);
  });

  it('allLists reaches every list and record and not the counts', async () => {
    const client = cacheWith([dash1, list, alertKeys.list(1, 'zone', false), record]);
    await client.invalidateQueries({ queryKey: alertKeys.allLists() });
    expect([dash1, list, alertKeys.list(1, 'zone', false), record].map((k) => invalidated(client, k))).toEqual([false, true, true, true]);
  });

  it('keeps open and all, and a list and one record, apart', () => {
    expect(alertKeys.list(1, 'zone', true)).not.toEqual(alertKeys.list(1, 'zone', false));
    expect(new Set([list, record].map((k) => JSON.stringify(k))).size).toBe(2);
  });
});
