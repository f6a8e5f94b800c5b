import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { createHashRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { HostConnection } from './host';
import { ClientProvider } from './api/ClientContext';
import { createHostQueryClient } from './api/queryClient';
import { routes } from './routes';
import { cssVariablesResolver, theme } from './theme';

export function App({ host }: { host: HostConnection }) {
  const [router] = useState(() => createHashRouter(routes));
  // The host is local: no query waits for the network, and a failed call is not retried.
  const [queries] = useState(createHostQueryClient);
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
