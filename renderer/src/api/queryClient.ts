import { MutationCache, QueryClient } from '@tanstack/react-query';

/**
 * The page's query client. The host is on the device (a Web Worker, or the desktop's main
 * process), so no query or store write ever needs the network: `networkMode: 'always'` runs them
 * whether the browser thinks it is online or not. The library's default ('online') pauses every
 * query and mutation while the browser is offline, and the screens stayed blank when the club's
 * Wi-Fi dropped (issue 25). A failed call is a real answer, not a flaky network worth retrying.
 */
export function createHostQueryClient(): QueryClient {
  const queries: QueryClient = new QueryClient({
    // After any write, the store's state is read again: a write may have found the storage full
    // (the warning on every screen and About then say so at once).
    mutationCache: new MutationCache({
      onSettled: () => void queries.invalidateQueries({ queryKey: STORE_STATE_KEY }),
    }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, networkMode: 'always' },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
  return queries;
}

/** The query of `app.info`, which carries the store's state (About, the store warning). */
export const STORE_STATE_KEY = ['app.info'] as const;
