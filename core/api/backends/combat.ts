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
import type { CombatOdds, CombatSnapshot } from '../channels/combat';
import type { ParsedRequestOf } from '../contract';
import { prefixIssues, problemsOf } from '../../roster/documents';
import { ApiFailure } from '../reply';
import { noOddsBecause, type Analyzed } from '../../analysis/guarded';
import { bestOf, headlinesOf, type Headline } from '../../analysis/headline';
import { fixed2, percent } from '../../summary/format';
import { oddsFrom } from '../../analysis/odds';
import { QUICK_SHARE, type WholeCombatAnswer, type WholeCombatOdds } from '../../analysis/combat';
import type { Chunked } from '../../analysis/chunked';
import { wholeFigureText, wholeHeadlinesOf } from '../../analysis/combat/headline';

/** "1.20 models destroyed expected", "Empire win the round: 62.0%": a headline as the option beside it reads. */
export const figureText = (h: Headline) =>
  h.kind === 'probability' ? `${h.label}: ${percent(h.value)}` : `${fixed2(h.value)} ${h.label} expected`;

export interface CombatBackendDeps {
  /** The registry of rule systems, id → system. */
  systems: Readonly<Record<string, RuleSystem>>;
  /** Each system's setup layout, by id (what its setup screen needs beyond the schema). */
  setupLayouts?: Readonly<Record<string, SetupLayout>>;
  /**
   * The exact outcome distributions from a state of that system within the work budget (or why
   * not: too large), null where the system has none.
   */
  analyze: (systemId: string, state: unknown) => Analyzed | null;
  /**
   * The odds of the whole combat from a state of that system (exact, or estimated and marked so),
   * null where its combat is one round, worked out in chunks (core/analysis/chunked.ts); `share`
   * (0–1) of the work a single answer may take. Absent: no whole-combat odds.
   */
  wholeCombatInChunks?: (systemId: string, state: unknown, share?: number) => Chunked<WholeCombatAnswer>;
  /**
   * Lets the host answer whatever else has come in (a step, this round's odds) before the next
   * chunk of a long analysis: the whole combat's odds take up to about a second, and a step must
   * never wait behind them. Absent: each analysis runs straight through.
   */
  pause?: () => Promise<void>;
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
  /** The odds before any die (the start of the combat), worked out the first time odds are asked for. */
  before?: Analyzed | null;
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
  /**
   * Per open combat: the whole combat's odds at its start, once worked out (kept beside the session,
   * which each step replaces, since they may come in after a step was taken), and the number of the
   * latest request for its whole-combat odds (an earlier one still being worked out is dropped).
   */
  const wholeStarts = new Map<string, WholeCombatAnswer>();
  const wholeAsked = new Map<string, number>();

  /** Keeps a session open, most recently used last, so the oldest is closed first. */
  const remember = (id: string, s: Session): Session => {
    sessions.delete(id);
    sessions.set(id, s);
    while (sessions.size > maxOpen) {
      const oldest = sessions.keys().next().value!;
      sessions.delete(oldest);
      wholeStarts.delete(oldest);
      wholeAsked.delete(oldest);
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
   * The round's odds last worked out for a state: the whole combat's request comes right after the
   * round's for the same state and carries its figures too, so they are not worked out twice.
   */
  const roundOddsOf = new WeakMap<object, CombatOdds>();

  /** The odds of `combat` (a state of the session's combat) against the session's start, each analysed within the budget. */
  const oddsAt = (current: Session, combat: Combat): CombatOdds => {
    const known = roundOddsOf.get(combat.state as object);
    if (known) return known;
    const odds = roundOddsFor(current, combat);
    roundOddsOf.set(combat.state as object, odds);
    return odds;
  };

  const roundOddsFor = (current: Session, combat: Combat): CombatOdds => {
    const at = combat.log.inputs.length;
    const { system } = current;
    if (current.before === undefined) {
      const start = at === 0 ? combat.state : system.start(current.combat.log.setup);
      current.before = deps.analyze(system.id, start);
    }
    const before = current.before;
    if (before === null)
      return { at, odds: null, unavailable: `${system.name} has no exact odds yet.`, choices: [], best: null };
    if (!before.ok)
      return {
        at,
        odds: null,
        unavailable: noOddsBecause('No exact odds for this combat', before.tooLarge),
        choices: [],
        best: null,
      };
    const now = at === 0 ? before : deps.analyze(system.id, combat.state);
    if (now === null)
      return { at, odds: null, unavailable: `${system.name} has no exact odds yet.`, choices: [], best: null };
    if (!now.ok)
      return {
        at,
        odds: null,
        unavailable: noOddsBecause('No exact odds at this step', now.tooLarge),
        choices: [],
        best: null,
      };
    return {
      at,
      odds: oddsFrom(before.distributions, now.distributions),
      unavailable: null,
      ...choiceFigures(system, combat),
    };
  };

  /**
   * Works chunked analyses out to their end, pausing between chunks (`deps.pause`) so that the host
   * answers a step, or this round's odds, in the meantime. Once `superseded` says a later request
   * has taken over, the work stops and the request is answered with a conflict: nobody is waiting
   * for those figures any more (the players moved on), and the later request gets the host's time.
   */
  const finish = async <T>(work: Chunked<T>, superseded: () => boolean): Promise<T> => {
    for (;;) {
      const r = work.next();
      if (r.done) return r.value;
      if (deps.pause) await deps.pause();
      if (superseded()) {
        work.return(undefined as T);
        throw new ApiFailure(
          'conflict',
          'The combat moved on before these odds of the whole combat were ready: the odds of the step it is at now are worked out instead.',
        );
      }
    }
  };

  /**
   * The round's odds and the whole combat's (asked with `whole`): at the start (remembered) and
   * now, and at a choose step each option's chance for the chooser to win the combat. The whole
   * combat gets the work `analyze` and print get (about a second at most), in chunks: a step never
   * waits behind it, so the live figures are the same as the printed ones.
   */
  const wholeOddsAt = async (id: string, current: Session, combat: Combat, quick: boolean): Promise<CombatOdds> => {
    const round = oddsAt(current, combat);
    const ask = deps.wholeCombatInChunks;
    if (!ask) return round;
    const { system } = current;
    const ticket = (wholeAsked.get(id) ?? 0) + 1;
    wholeAsked.set(id, ticket);
    const superseded = () => wholeAsked.get(id) !== ticket;
    const share = quick ? QUICK_SHARE : 1;
    let start = wholeStarts.get(id);
    if (start === undefined) {
      start = await finish(
        ask(system.id, combat.log.inputs.length === 0 ? combat.state : system.start(current.combat.log.setup), share),
        superseded,
      );
      // Only the full answer is kept: a quick one is refined at once.
      if (!quick && sessions.has(id)) wholeStarts.set(id, start);
    }
    if (start === null) return round;
    const now = combat.log.inputs.length === 0 ? start : await finish(ask(system.id, combat.state, share), superseded);
    const odds = (a: WholeCombatAnswer) => (a?.ok ? a.odds : null);
    const unavailable = now?.ok ? null : now ? noOddsBecause('No odds for the whole combat', now.tooLarge) : null;
    const choices = quick ? round.choices : await withWholeChoices(system, combat, round.choices, superseded);
    return { ...round, choices, whole: { start: odds(start), now: odds(now), unavailable } };
  };

  /** Each option's whole-combat figure for the chooser, where the options change it (pursuit, restraint, allocation). */
  const withWholeChoices = async (
    system: RuleSystem,
    combat: Combat,
    choices: CombatOdds['choices'],
    superseded: () => boolean,
  ): Promise<CombatOdds['choices']> => {
    const step = combat.step;
    // Choices with many options (how many attacks at a character) share one answer's work among them; past four, none is worked out.
    if (step.kind !== 'choose' || !deps.wholeCombatInChunks || step.options.length > 4) return choices;
    const share = 1 / step.options.length;
    const each: Array<WholeCombatOdds | null> = [];
    for (const { id } of step.options) {
      const taken = advance(system, combat, { kind: 'choose', stepId: step.id, option: id });
      const answer = taken.ok
        ? await finish(deps.wholeCombatInChunks(system.id, taken.combat.state, share), superseded)
        : null;
      each.push(answer?.ok ? answer.odds : null);
    }
    const figures = wholeHeadlinesOf(each, step.actor, system.view(combat.state).sides[step.actor].name);
    return step.options.map(({ id }, i) => ({
      option: id,
      figure: choices.find((c) => c.option === id)?.figure ?? null,
      whole: figures[i] ? wholeFigureText(figures[i]) : null,
    }));
  };

  /**
   * At a choose step, each option's main figure if it is taken: the option applied through the
   * system's own fold, the state it leads to analysed within the budget (as every odds are); and
   * the option best for the chooser by that figure, where the figures tell the options apart.
   */
  const choiceFigures = (system: RuleSystem, combat: Combat): Pick<CombatOdds, 'choices' | 'best'> => {
    const step = combat.step;
    if (step.kind !== 'choose') return { choices: [], best: null };
    const analysed = step.options.map(({ id }) => {
      const taken = advance(system, combat, { kind: 'choose', stepId: step.id, option: id });
      const result = taken.ok ? deps.analyze(system.id, taken.combat.state) : null;
      return result?.ok ? result.distributions : null;
    });
    const headlines = headlinesOf(analysed, step.actor);
    const { sides } = system.view(combat.state);
    const names = { attacker: sides.attacker.name, defender: sides.defender.name };
    const best =
      step.options.length > 1
        ? bestOf(
            analysed,
            headlines,
            step.actor,
            names,
            step.options.findIndex((o) => o.suggested),
          )
        : null;
    return {
      choices: step.options.map(({ id }, i) => ({
        option: id,
        figure: headlines[i] ? figureText(headlines[i]) : null,
      })),
      best: best === null ? null : step.options[best]!.id,
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
      const current = await opened(id);
      const inputs = current.combat.log.inputs;
      if (at !== undefined && at > inputs.length)
        throw new ApiFailure('invalid_input', `at: this combat has only ${inputs.length} steps taken`, 'at');
      const combat =
        at === undefined || at === inputs.length
          ? current.combat
          : replay(current.system, { ...current.combat.log, inputs: inputs.slice(0, at) });
      return whole ? wholeOddsAt(id, current, combat, quick ?? false) : oddsAt(current, combat);
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
