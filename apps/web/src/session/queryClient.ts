import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client.ts';
import { session } from './session.ts';

/** Client errors (4xx) are answers, not glitches: only connection failures and 5xx are retried. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (count, error) =>
        count < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
  },
});

// What a session cached (answers, failures, prefetched screen data) ends with it, however it ends.
session.onEnd(() => queryClient.clear());
