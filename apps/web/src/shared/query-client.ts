import { QueryClient } from '@tanstack/react-query';
import { isRetryable } from './api/api-error.ts';
import { sharedKeys } from './query-keys.ts';

/** One cache for the app; cleared on sign-out, token error and site pick. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: (failureCount, error) => failureCount < 2 && isRetryable(error),
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});

/** Drops every cached answer that belongs to a session (all but the host's brand). */
export function clearSessionCaches(): void {
  const predicate = (q: { queryKey: readonly unknown[] }) => q.queryKey[0] !== sharedKeys.brand()[0];
  queryClient.cancelQueries({ predicate }).catch(() => undefined);
  queryClient.removeQueries({ predicate });
}
