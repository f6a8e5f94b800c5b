import {
  advance,
  replay,
  replayAsFarAsItGoes,
  rollForMe,
  setupFormOf,
  startCombat,
  undo,
  type Combat,
  type CombatLog,
  type RuleSystem,
  type SetupLayout,
} from '../../combat';
import type { CombatSnapshot } from '../channels/combat';
import type { ParsedRequestOf } from '../contract';
import { prefixIssues, problemsOf } from '../../roster/documents';
import { ApiFailure } from '../reply';
import type { OddsOf } from './odds/job';

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
  /** Saves the log under `id`; `create` when the combat is not stored yet (its first step). */
  save(entry: {
    id: string;
    create: boolean;
    system: string;
    title: string;
    seed: number;
    setup: unknown;
    inputs: unknown[];
    summary: string | null;
    finished: boolean;
    rosterIds: string[];
  }): Promise<unknown>;
  load(id: string): Promise<StoredCombat | undefined>;
  /** Drops a stored combat (every step of it undone). */
  drop(id: string): Promise<void>;
}

interface Session {
  system: RuleSystem;
  combat: Combat;
  /** "Empire vs Orcs": the sides' names, which no step changes, worked out once. */
  title: string;
  /** Rosters the sides came from: kept with the combat for printed reports and their tallies. */
  rosterIds: string[];
  /** The combat is in History (it has had a step taken since it was last without any). */
  stored: boolean;
  /** Said with every snapshot of the session: a stored combat that replayed only in part. */
  notice?: string;
}

/**
 * Combats in progress, held by the host: the renderer only ever sees snapshots and sends
 * inputs, so no rule runs in the UI. Every step goes through the system's fold, so what the
 * wizard shows is exactly what a replay of the log gives.
 */
export function createCombatBackend(deps: CombatBackendDeps) {
  const sessions = new Map<string, Session>();
  const maxOpen = deps.maxOpen ?? 50;
  /** Keeps a session open, most recently used last, so the oldest is closed first. */
  const remember = (id: string, s: Session): Session => {
    sessions.delete(id);
    sessions.set(id, s);
    while (sessions.size > maxOpen) {
      const oldest = sessions.keys().next().value!;
      sessions.delete(oldest);
    }
    return s;
  };

  const session = (id: string): Session => {
    const found = sessions.get(id);
    if (!found) throw new ApiFailure('not_found', `There is no open combat "${id}" (it may have been closed).`, 'id');
    return remember(id, found);
  };

  /** A new session: its title, which no step changes, worked out once. No analysis here: a step never waits for odds. */
  const newSession = (system: RuleSystem, combat: Combat, rosterIds: string[], stored: boolean): Session => {
    const view = system.view(combat.log.inputs.length === 0 ? combat.state : system.start(combat.log.setup));
    return { system, combat, title: `${view.sides.attacker.name} vs ${view.sides.defender.name}`, rosterIds, stored };
  };

  const snapshot = (id: string, { system, combat, notice }: Session): CombatSnapshot => {
    const finished = combat.step.kind === 'outcome' && combat.step.final;
    return {
      id,
      system: system.id,
      systemName: system.name,
      seed: combat.log.seed,
      step: combat.step,
      view: system.view(combat.state),
      inputs: combat.log.inputs,
      canUndo: combat.log.inputs.length > 0,
      finished,
      ...(notice ? { notice } : {}),
    };
  };

  /**
   * Keeps the session and saves its log, so History always matches what the players see. A combat
   * with no step taken is not in History: it is stored at its first step and dropped when every
   * step is undone (the open session keeps it meanwhile).
   */
  const keep = async (id: string, current: Session): Promise<Session> => {
    const history = deps.history;
    const taken = current.combat.log.inputs.length;
    let stored = current.stored;
    if (history && taken === 0 && stored) {
      await history.drop(id);
      stored = false;
    } else if (history && taken > 0) {
      const step = current.combat.step;
      const finished = step.kind === 'outcome' && step.final;
      await history.save({
        id,
        create: !stored,
        system: current.system.id,
        title: current.title,
        seed: current.combat.log.seed,
        setup: current.combat.log.setup,
        inputs: current.combat.log.inputs,
        summary: finished && step.kind === 'outcome' ? step.lines.slice(0, 2).join(' · ') : null,
        finished,
        rosterIds: current.rosterIds,
      });
      stored = true;
    }
    return remember(id, { ...current, stored });
  };

  const apply = async (id: string, current: Session, input: Parameters<typeof advance>[2]): Promise<CombatSnapshot> => {
    const result = advance(current.system, current.combat, input);
    if (!result.ok) {
      const field = result.error.field ? `input.${result.error.field}` : 'input';
      throw new ApiFailure('invalid_input', result.error.message, field);
    }
    return snapshot(id, await keep(id, { ...current, combat: result.combat }));
  };

  const systemOf = (systemId: string, field: string): RuleSystem => {
    const system = Object.hasOwn(deps.systems, systemId) ? deps.systems[systemId] : undefined;
    if (!system) throw new ApiFailure('invalid_input', `${field}: there is no rule system "${systemId}"`, field);
    return system;
  };

  /** A session for a stored combat (replayed from its log), opened if it is not open already. */
  const opened = async (id: string): Promise<Session> => {
    const open = sessions.get(id);
    if (open) return session(id);
    const stored = await deps.history?.load(id);
    if (!stored) return session(id); // not_found, worded once
    const system = systemOf(stored.system, 'system');
    const setup = system.setupSchema.safeParse(stored.setup);
    if (!setup.success)
      throw new ApiFailure(
        'conflict',
        `The stored combat "${id}" cannot be opened: its setup is not one this version of ${system.name} takes.`,
        'id',
      );
    // A combat stored by an older version of a system's steps opens where its steps still replay:
    // the players see how far, and may go on from there. The stored record is left as it was until
    // a step is taken.
    const { combat, replayed } = replayAsFarAsItGoes(system, {
      system: stored.system,
      setup: setup.data,
      seed: stored.seed,
      inputs: stored.inputs,
    } as CombatLog);
    const opened = newSession(system, combat, stored.rosterIds, true);
    if (replayed < stored.inputs.length) {
      opened.notice = `This combat was recorded by an older version of the app. Its first ${replayed} of ${stored.inputs.length} steps replay as they were; it goes on from there, with the steps of today.`;
    }
    return remember(id, opened);
  };

  return {
    'combat.systems': async () => Object.values(deps.systems).map(({ id, name }) => ({ id, name })),

    'combat.setupForm': async ({ system: systemId }: ParsedRequestOf<'combat.setupForm'>) => {
      const system = systemOf(systemId, 'system');
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
      const system = systemOf(systemId, 'system');
      const parsed = system.setupSchema.safeParse(setup);
      if (!parsed.success) {
        const problems = problemsOf(prefixIssues(parsed.error.issues, ['setup']));
        throw new ApiFailure('invalid_input', problems.map((p) => p.message).join('; '), problems[0]?.field, problems);
      }
      const combat = startCombat(system, parsed.data, seed ?? deps.newSeed());
      const created = newSession(system, combat, [...new Set(rosterIds)], false);
      const id = deps.newId();
      return snapshot(id, await keep(id, created));
    },

    'combat.get': async ({ id }: ParsedRequestOf<'combat.get'>) => snapshot(id, await opened(id)),

    'combat.at': async ({ id, at }: ParsedRequestOf<'combat.at'>) => {
      // Read-only: the combat as it was after its first `at` inputs; the open session is untouched.
      const current = await opened(id);
      const inputs = current.combat.log.inputs;
      if (at > inputs.length)
        throw new ApiFailure('invalid_input', `at: this combat has only ${inputs.length} steps taken`, 'at');
      const combat =
        at === inputs.length
          ? current.combat
          : replay(current.system, { ...current.combat.log, inputs: inputs.slice(0, at) });
      return { ...snapshot(id, { ...current, combat }), canUndo: false };
    },

    'combat.odds': async ({ id, at, whole, quick }: ParsedRequestOf<'combat.odds'>) => {
      const { system, combat } = await opened(id);
      const { setup, seed, inputs } = combat.log;
      if (at !== undefined && at > inputs.length)
        throw new ApiFailure('invalid_input', `at: this combat has only ${inputs.length} steps taken`, 'at');
      // Worked out from the log alone (odds/service.ts): by the host itself, or by a worker of the odds' own.
      const job = {
        id,
        system: system.id,
        setup,
        seed,
        inputs,
        at: at ?? inputs.length,
        whole: !!whole,
        quick: !!quick,
      };
      return deps.odds(job);
    },

    'combat.advance': async ({ id, input }: ParsedRequestOf<'combat.advance'>) => apply(id, await opened(id), input),

    'combat.roll': async ({ id, stepId }: ParsedRequestOf<'combat.roll'>) => {
      const current = await opened(id);
      if (current.combat.step.id !== stepId || current.combat.step.kind !== 'roll') {
        throw new ApiFailure(
          'invalid_input',
          `The combat is no longer at step "${stepId}": nothing was rolled.`,
          'stepId',
        );
      }
      return apply(id, current, rollForMe(current.combat));
    },

    'combat.undo': async ({ id }: ParsedRequestOf<'combat.undo'>) => {
      const current = await opened(id);
      return snapshot(id, await keep(id, { ...current, combat: undo(current.system, current.combat) }));
    },
  };
}
