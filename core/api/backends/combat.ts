import { replay, rollForMe, setupFormOf, startCombat, undo, type RuleSystem, type SetupLayout } from '../../combat';
import type { ParsedRequestOf } from '../contract';
import { prefixIssues, problemsOf } from '../../roster/documents';
import { ApiFailure } from '../reply';
import { CombatSessions } from './combatSessions';
import { previewId, type OddsOf } from './odds/job';
import type { CombatInput } from '../../store/repo';

export { figureText } from './odds/round';

export interface CombatBackendDeps {
  /** The registry of rule systems, id → system. */
  systems: Readonly<Record<string, RuleSystem>>;
  /** Each system's setup layout, by id (what its setup screen needs beyond the schema). */
  setupLayouts?: Readonly<Record<string, SetupLayout>>;
  /**
   * The odds of a combat from its log (odds/service.ts), worked out after the step: by the host
   * itself, or by a worker of their own, so that a step never waits behind them.
   */
  odds: OddsOf;
  newId: () => string;
  newSeed: () => number;
  /** How many combats to keep open at once (oldest are closed first). */
  maxOpen?: number;
  /**
   * Where combats are kept (the roster store's combats table). Every step is saved as it is
   * taken, so History has every combat, finished or not, and a closed one can be reopened. A
   * combat with no step taken is not kept: pressing Start and leaving stores nothing, and undoing
   * every step of a kept combat drops it.
   */
  history?: CombatHistory;
}

export interface StoredCombat {
  id: string;
  system: string;
  seed: number;
  setup: unknown;
  inputs: unknown[];
  /** The rosters the sides were picked from. */
  rosterIds: string[];
}

export interface CombatHistory {
  /**
   * Saves the log under `id`; `create` when the combat is not stored yet (its first step). What the
   * store saves (repo.ts CombatInput), with the id the host gave it always named.
   */
  save(entry: CombatInput & { id: string; create: boolean }): Promise<unknown>;
  load(id: string): Promise<StoredCombat | undefined>;
  /** Drops a stored combat (every step of it undone). */
  drop(id: string): Promise<void>;
}

/**
 * Combats in progress, held by the host (combatSessions.ts): the renderer only ever sees snapshots
 * and sends inputs, so no rule runs in the UI. Every step goes through the system's fold, so what
 * the wizard shows is exactly what a replay of the log gives.
 */
export function createCombatBackend(deps: CombatBackendDeps) {
  const sessions = new CombatSessions(deps);
  return {
    ...setupChannels(deps, sessions),
    ...previewChannel(deps, sessions),
    ...stepChannels(sessions),
    ...readChannels(deps, sessions),
  };
}

/** The systems, their setup screens, and a combat started from a setup. */
function setupChannels(deps: CombatBackendDeps, sessions: CombatSessions) {
  return {
    'combat.systems': async () => Object.values(deps.systems).map(({ id, name }) => ({ id, name })),

    'combat.setupForm': async ({ system: systemId }: ParsedRequestOf<'combat.setupForm'>) => {
      const system = sessions.systemOf(systemId, 'system');
      const layout =
        deps.setupLayouts && Object.hasOwn(deps.setupLayouts, system.id) ? deps.setupLayouts[system.id]! : null;
      return { system: system.id, name: system.name, ...setupFormOf(system), layout };
    },

    'combat.start': async ({
      system: systemId,
      setup,
      seed,
      rosterIds = [],
    }: Omit<ParsedRequestOf<'combat.start'>, 'rosterIds'> & { rosterIds?: string[] }) => {
      const system = sessions.systemOf(systemId, 'system');
      const combat = startCombat(system, parsedSetup(system, setup), seed ?? deps.newSeed());
      const created = sessions.fresh(system, combat, [...new Set(rosterIds)], false);
      const id = deps.newId();
      return sessions.snapshot(id, await sessions.keep(id, created));
    },
  };
}

/** A setup checked by its system's own schema; refused with every field named, as Start refuses it. */
function parsedSetup(system: RuleSystem, setup: unknown): unknown {
  const parsed = system.setupSchema.safeParse(setup);
  if (parsed.success) return parsed.data;
  const problems = problemsOf(prefixIssues(parsed.error.issues, ['setup']));
  throw new ApiFailure('invalid_input', problems.map((p) => p.message).join('; '), problems[0]?.field, problems);
}

/**
 * The whole fight of a setup before it starts: its first odds worked out as a combat's are (on
 * the odds' own worker where they have one), under one id per system, so the setup screen's next
 * asking drops the one before; the odds keep the answer by setup for the combat started from it.
 */
function previewChannel(deps: CombatBackendDeps, sessions: CombatSessions) {
  return {
    'combat.preview': async ({ system: systemId, setup }: ParsedRequestOf<'combat.preview'>) => {
      const system = sessions.systemOf(systemId, 'system');
      const parsed = parsedSetup(system, setup);
      const id = previewId(system.id);
      const job = {
        id,
        system: system.id,
        setup: parsed,
        seed: 0,
        inputs: [],
        at: 0,
        whole: true,
        quick: true,
        preview: true,
      };
      const { whole, odds } = await deps.odds(job);
      return {
        odds: whole?.start ?? null,
        headline: whole?.headline ?? null,
        unavailable: whole?.unavailable ?? null,
        round: odds,
      };
    },
  };
}

/** The players' steps: an answer, "Roll for me", undo. */
function stepChannels(sessions: CombatSessions) {
  return {
    'combat.advance': async ({ id, input }: ParsedRequestOf<'combat.advance'>) =>
      sessions.apply(id, await sessions.opened(id), input),

    'combat.roll': async ({ id, stepId }: ParsedRequestOf<'combat.roll'>) => {
      const current = await sessions.opened(id);
      if (current.combat.step.id !== stepId || current.combat.step.kind !== 'roll') {
        throw new ApiFailure(
          'invalid_input',
          `The combat is no longer at step "${stepId}": nothing was rolled.`,
          'stepId',
        );
      }
      return sessions.apply(id, current, rollForMe(current.combat));
    },

    'combat.undo': async ({ id }: ParsedRequestOf<'combat.undo'>) => {
      const current = await sessions.opened(id);
      const undone = await sessions.keep(id, { ...current, combat: undo(current.system, current.combat) });
      return sessions.snapshot(id, undone);
    },
  };
}

/** A combat as it stands, as it was after some steps, and its odds. */
function readChannels(deps: CombatBackendDeps, sessions: CombatSessions) {
  /** The number of inputs asked for, checked against the combat's own. */
  const checkedAt = (at: number | undefined, inputs: readonly unknown[]) => {
    if (at !== undefined && at > inputs.length)
      throw new ApiFailure('invalid_input', `at: this combat has only ${inputs.length} steps taken`, 'at');
    return at ?? inputs.length;
  };
  return {
    'combat.get': async ({ id }: ParsedRequestOf<'combat.get'>) => sessions.snapshot(id, await sessions.opened(id)),

    'combat.at': async ({ id, at }: ParsedRequestOf<'combat.at'>) => {
      // Read-only: the combat as it was after its first `at` inputs; the open session is untouched.
      const current = await sessions.opened(id);
      const { inputs } = current.combat.log;
      const n = checkedAt(at, inputs);
      const combat =
        n === inputs.length
          ? current.combat
          : replay(current.system, { ...current.combat.log, inputs: inputs.slice(0, n) });
      return { ...sessions.snapshot(id, { ...current, combat }), canUndo: false };
    },

    'combat.odds': async ({ id, at, whole, quick }: ParsedRequestOf<'combat.odds'>) => {
      const { system, combat } = await sessions.opened(id);
      const { setup, seed, inputs } = combat.log;
      // Worked out from the log alone (odds/service.ts): by the host itself, or by a worker of the odds' own.
      return deps.odds({
        id,
        system: system.id,
        setup,
        seed,
        inputs,
        at: checkedAt(at, inputs),
        whole: !!whole,
        quick: !!quick,
      });
    },
  };
}
