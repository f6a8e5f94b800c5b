import { createContext, useContext, type ReactNode } from 'react';
import type { Client } from '../../../core/api/client';

const ClientContext = createContext<Client | null>(null);

export function ClientProvider({ client, children }: { client: Client; children: ReactNode }) {
  return <ClientContext.Provider value={client}>{children}</ClientContext.Provider>;
}

/** The host client: every screen talks to the host through this, never around it. */
export function useClient(): Client {
  const client = useContext(ClientContext);
  if (!client) throw new Error('useClient() outside <ClientProvider>');
  return client;
}
