import { advance, replayAsFarAsItGoes, type Combat, type CombatLog, type RuleSystem } from '../../combat';
import { pausedAt, type Step } from '../../combat/steps';
import type { CombatSnapshot } from '../channels/combat';
import { ApiFailure } from '../reply';
import type { CombatBackendDeps } from './combat';

/** A combat waiting at a round's end the players may pause at: History's words for it ("Paused after round 1 — round 2 next turn"). */
function pausedWords(step: Step): string | null {
  const { paused } = pausedAt(step);
  return paused ? `${paused[0]!.toUpperCase()}${paused.slice(1)}` : null;
}

export interface Session {
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
 * Combats in progress, held by the host: a bounded number open at once (the oldest closed first),
 * every one saved to History as its steps are taken and reopened from there when asked for.
 */
export class CombatSessions {
  private readonly open = new Map<string, Session>();

  constructor(private readonly deps: CombatBackendDeps) {}

  /** Keeps a session open, most recently used last, so the oldest is closed first. */
  remember(id: string, s: Session): Session {
    this.open.delete(id);
    this.open.set(id, s);
    while (this.open.size > (this.deps.maxOpen ?? 50)) this.open.delete(this.open.keys().next().value!);
    return s;
  }

  /** A new session: its title, which no step changes, worked out once. No analysis here: a step never waits for odds. */
  fresh(system: RuleSystem, combat: Combat, rosterIds: string[], stored: boolean): Session {
    const view = system.view(combat.log.inputs.length === 0 ? combat.state : system.start(combat.log.setup));
    return { system, combat, title: `${view.sides.attacker.name} vs ${view.sides.defender.name}`, rosterIds, stored };
  }

  snapshot(id: string, { system, combat, notice }: Session): CombatSnapshot {
    return {
      id,
      system: system.id,
      systemName: system.name,
      seed: combat.log.seed,
      step: combat.step,
      view: system.view(combat.state),
      inputs: combat.log.inputs,
      canUndo: combat.log.inputs.length > 0,
      finished: combat.step.kind === 'outcome' && combat.step.final,
      ...(notice ? { notice } : {}),
    };
  }

  systemOf(systemId: string, field: string): RuleSystem {
    const { systems } = this.deps;
    const system = Object.hasOwn(systems, systemId) ? systems[systemId] : undefined;
    if (!system) throw new ApiFailure('invalid_input', `${field}: there is no rule system "${systemId}"`, field);
    return system;
  }

  /**
   * Keeps the session and saves its log, so History always matches what the players see. A combat
   * with no step taken is not in History: it is stored at its first step and dropped when every
   * step is undone (the open session keeps it meanwhile).
   */
  async keep(id: string, current: Session): Promise<Session> {
    const history = this.deps.history;
    const taken = current.combat.log.inputs.length;
    let stored = current.stored;
    if (history && taken === 0 && stored) {
      await history.drop(id);
      stored = false;
    } else if (history && taken > 0) {
      const { combat } = current;
      const step = combat.step;
      const finished = step.kind === 'outcome' && step.final;
      await history.save({
        id,
        create: !stored,
        system: current.system.id,
        title: current.title,
        seed: combat.log.seed,
        setup: combat.log.setup,
        inputs: combat.log.inputs,
        summary: finished && step.kind === 'outcome' ? step.lines.slice(0, 2).join(' · ') : pausedWords(step),
        finished,
        rosterIds: current.rosterIds,
      });
      stored = true;
    }
    return this.remember(id, { ...current, stored });
  }

  /** The session after `input`, kept and saved, as a snapshot; an input the rules refuse is said in words. */
  async apply(id: string, current: Session, input: Parameters<typeof advance>[2]): Promise<CombatSnapshot> {
    const result = advance(current.system, current.combat, input);
    if (!result.ok) {
      const field = result.error.field ? `input.${result.error.field}` : 'input';
      throw new ApiFailure('invalid_input', result.error.message, field);
    }
    return this.snapshot(id, await this.keep(id, { ...current, combat: result.combat }));
  }

  /** A session for a stored combat (replayed from its log), opened if it is not open already. */
  async opened(id: string): Promise<Session> {
    const open = this.open.get(id);
    if (open) return this.remember(id, open);
    const stored = await this.deps.history?.load(id);
    if (!stored) throw new ApiFailure('not_found', `There is no open combat "${id}" (it may have been closed).`, 'id');
    const system = this.systemOf(stored.system, 'system');
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
    const log = { system: stored.system, setup: setup.data, seed: stored.seed, inputs: stored.inputs } as CombatLog;
    const { combat, replayed } = replayAsFarAsItGoes(system, log);
    const opened = this.fresh(system, combat, stored.rosterIds, true);
    if (replayed < stored.inputs.length) {
      opened.notice = `This combat was recorded by an older version of the app. Its first ${replayed} of ${stored.inputs.length} steps replay as they were; it goes on from there, with the steps of today.`;
    }
    return this.remember(id, opened);
  }
}
