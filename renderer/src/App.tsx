import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createHashRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { Client } from '../../core/api/client';
import { ClientProvider } from './api/ClientContext';
import { routes } from './routes';
import { theme } from './theme';

export function App({ client }: { client: Client }) {
  const [router] = useState(() => createHashRouter(routes));
  // The host is local: a failed call is a real answer, not a flaky network worth retrying.
  const [queries] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } }));
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={queries}>
        <ClientProvider client={client}>
          <RouterProvider router={router} />
        </ClientProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
