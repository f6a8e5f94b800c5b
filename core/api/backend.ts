import type { RosterRepository } from '../store/repo';
import type { Registry } from '../systems/registry';
import type { OddsOf } from './backends/odds/job';

export type { Caller } from './caller';
import { createCombatBackend } from './backends/combat';
import { createFileBackend, type HostFiles } from './backends/files';
import { createFromRosterBackend } from './backends/fromRoster';
import { createMatchupBackend } from './backends/matchups';
import { createPrintBackend, type HostPrint } from './backends/print';
import { createRosterBackend } from './backends/roster';
import { rulesDeps } from './backends/rules';
import { createSummaryBackend } from './backends/summary';
import type { Caller } from './caller';
import type { AppInfo, Channel, HostKind, ParsedRequestOf, ResponseOf, StoreStatus } from './contract';

/** The implementation of every contract channel. Requests arrive already validated. */
export type Backend = { [C in Channel]: (request: ParsedRequestOf<C>, caller?: Caller) => Promise<ResponseOf<C>> };

/** What a host gives the backend: who it is, its store, and what only a host can make (time, ids, seeds). */
export interface BackendDeps {
  /** The rule systems this host offers (core/systems/registry.ts): the app's, or a test's with systems of its own. */
  registry: Registry;
  appName: string;
  version: string;
  host: HostKind;
  store: { repo: RosterRepository; status: () => StoreStatus };
  /** Now, as an ISO timestamp. */
  clock: () => string;
  newId: () => string;
  newSeed: () => number;
  /** Native file dialogs (desktop only). */
  files?: HostFiles;
  /** Printing the calling page: the print dialog and PDF files (desktop only). */
  print?: HostPrint;
  /**
   * Lets the host's event loop answer what else came in before a long analysis goes on (the whole
   * combat's odds are worked out in chunks): a step the players take never waits behind them.
   */
  pause?: () => Promise<void>;
  /** The odds worked out on a worker of their own (core/api/backends/odds/worker.ts), so a step never waits behind them; absent, in the host's own thread. */
  odds?: OddsOf;
}

export function createBackend(deps: BackendDeps): Backend {
  const { repo } = deps.store;
  const rules = rulesDeps(deps.registry, {
    newId: deps.newId,
    newSeed: deps.newSeed,
    ...(deps.pause ? { pause: deps.pause } : {}),
    ...(deps.odds ? { odds: deps.odds } : {}),
  });
  return {
    'app.info': async (): Promise<AppInfo> => ({
      name: deps.appName,
      version: deps.version,
      host: deps.host,
      store: deps.store.status(),
    }),
    'app.echo': async ({ text }) => ({ text }),
    ...createRosterBackend({ repo, clock: deps.clock, newId: deps.newId, registry: deps.registry }),
    ...createFileBackend(deps.files),
    ...createPrintBackend(deps.print),
    ...createSummaryBackend({ repo, systems: rules.systems, analyze: rules.analyze, wholeCombat: rules.wholeCombat }),
    ...createFromRosterBackend(repo, deps.registry),
    ...createMatchupBackend({ repo, registry: deps.registry, ...(deps.pause ? { pause: deps.pause } : {}) }),
    ...createCombatBackend({
      ...rules,
      history: {
        save: (entry) => repo.saveCombat(entry),
        drop: (id) => repo.deleteCombat(id),
        load: async (id) => {
          const stored = await repo.getCombat(id);
          return (
            stored && {
              id: stored.id,
              system: stored.system,
              seed: stored.seed,
              setup: stored.setup,
              inputs: stored.inputs,
              rosterIds: stored.rosterIds,
            }
          );
        },
      },
    }),
  };
}
