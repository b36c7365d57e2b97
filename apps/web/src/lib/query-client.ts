import { QueryClient } from '@tanstack/react-query';
import { errorKind } from './api-client';

/** The app's query client: 30 s fresh data, no refetch on focus or on mount after a failure, no retry of a client error. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A failed query shows its failure when a component mounts (with its Retry), rather than
        // a spinner while it is asked again: so a not-found page rendered on the server is the
        // same page in the browser's first render.
        retryOnMount: false,
        // Only an outage (no answer, or a server failure) is worth retrying; a 4xx is an answer.
        retry: (count, error) => ['network', 'server'].includes(errorKind(error)) && count < 2,
      },
    },
  });
}
