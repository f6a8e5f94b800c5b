import type { AppInfo, Channel, HostKind, ParsedRequestOf, ResponseOf, StoreStatus } from './contract';

/** The implementation of every contract channel. Requests arrive already validated. */
export type Backend = { [C in Channel]: (request: ParsedRequestOf<C>) => Promise<ResponseOf<C>> };

/** What a host gives the backend: who it is, and access to its store. */
export interface BackendDeps {
  appName: string;
  version: string;
  host: HostKind;
  storeStatus: () => StoreStatus;
}

export function createBackend(deps: BackendDeps): Backend {
  return {
    'app.info': async (): Promise<AppInfo> => ({
      name: deps.appName,
      version: deps.version,
      host: deps.host,
      store: deps.storeStatus(),
    }),
    'app.echo': async ({ text }) => ({ text }),
  };
}
