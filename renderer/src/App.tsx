import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { createHashRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { HostConnection } from './host';
import { ClientProvider } from './api/ClientContext';
import { routes } from './routes';
import { cssVariablesResolver, theme } from './theme';

export function App({ host }: { host: HostConnection }) {
  const [router] = useState(() => createHashRouter(routes));
  // The host is local: a failed call is a real answer, not a flaky network worth retrying.
  const [queries] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } }));
  // Another tab wrote to the store: everything on screen is read again (last write wins).
  useEffect(() => host.onStoreChanged(() => void queries.invalidateQueries()), [host, queries]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <QueryClientProvider client={queries}>
        <ClientProvider client={host.client}>
          <RouterProvider router={router} />
        </ClientProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
