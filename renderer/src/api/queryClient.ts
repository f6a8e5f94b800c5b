import { QueryClient } from '@tanstack/react-query';

/**
 * The page's query client. The host is on the device (a Web Worker, or the desktop's main
 * process), so no query or store write ever needs the network: `networkMode: 'always'` runs them
 * whether the browser thinks it is online or not. The library's default ('online') pauses every
 * query and mutation while the browser is offline, and the screens stayed blank when the club's
 * Wi-Fi dropped (issue 25). A failed call is a real answer, not a flaky network worth retrying.
 */
export function createHostQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, networkMode: 'always' },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
