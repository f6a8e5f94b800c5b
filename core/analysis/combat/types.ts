import { z } from 'zod';
import type { Role } from '../../combat/steps';
import type { RuleSystem } from '../../combat/system';
import type { RoundModel } from './model';
import type { RoundTransition } from './roundWalk';

/**
 * The odds of the whole combat, not only of the round being fought: a Markov chain over the states
 * a round can start from (wholeCombat.ts). What a system gives it is small: its rules (the engine's
 * own `next` and `apply` walk each round), which round a state is in, what of a state the rules
 * read (to merge the paths that lead to the same position), and each side's main unit's fate.
 */

/** How a side's main unit ended the combat: wiped out, broke and got away, broke and was caught — or none of these (null). */
export type UnitEnd = 'destroyed' | 'flees' | 'caught' | null;

/** One unit's or character's fate in a finished combat, named as the odds name it. */
export interface UnitFate {
  role: Role;
  unit: string;
  end: UnitEnd;
  /**
   * An end a round model counts for many paths at once (model.ts `merge`): each fate's chance for
   * this unit across them, in place of `end`. Alike units that a position counts by how many are
   * left, not which, get their own fates this way, exactly.
   */
  chances?: Partial<Record<Exclude<UnitEnd, null>, number>>;
}

export interface CombatChain<State = unknown> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each system's own setup type
  rules: RuleSystem<any, State>;
  /** The combat round a state is in (1 for the first). */
  round(state: State): number;
  /**
   * The part of a state the rules read from here on, as a string: two states with the same key
   * play out alike (logs, notes and step counters left out), so the walk counts them once.
   */
  key(state: State): string;
  /** The state without what is only shown (its log and notes): the walk keeps no history. */
  shed(state: State): State;
  /** Each side's main unit's fate in a finished combat. */
  fates(state: State): Record<Role, UnitEnd>;
  /** The object every state of one combat shares (its setup): remembered walks are kept per combat. */
  setup(state: State): object;
  /** The name of each side's main unit, as the odds name it. */
  mainUnits(state: State): Record<Role, string>;
  /**
   * Every unit and character of both sides and its fate in a finished combat, in a fixed order (the
   * main units among them): the odds give each its chance to be destroyed, to flee, to be caught.
   * Absent: only the main units' fates are counted.
   */
  unitFates?(state: State): UnitFate[];
  /**
   * The round from `state` by the system's own analysis, where it has one: the same transition the
   * walk (roundWalk.ts) finds — the next round's start states by key, and the ends — found with
   * fewer engine steps. It spends its work as it goes (budget.ts `spend`), gives the total as
   * `work`, and past `cap` units gives up as the walk does. Null: not for this state (walk it).
   */
  transition?(state: State, cap: number): RoundTransition<State> | null;
  /**
   * Work units one engine step of this system is charged, where its steps cost more or less than
   * the middle one (roundWalk.ts STEP_WORK): so that each system's whole combat takes about the
   * time the budget stands for. Measured per system (test/bench/wholeCombat.bench.ts prints it).
   */
  stepWork?: number;
  /**
   * The system's compact round model (model.ts): where present, the exact odds come from the chain
   * over it (modelChain.ts), and the engine's walk above is only its check.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each system's own position type
  model?: RoundModel<State, any>;
}

const p = z.number().min(0).max(1);
const sideOddsSchema = z.object({
  /** The side (player or army), as the combat names it. */
  side: z.string(),
  /** The side's main unit, whose fate the figures give. */
  unit: z.string(),
  pDestroyed: p,
  pFlees: p,
  pCaught: p,
});

/**
 * The whole combat's odds from one state (`combat` in `combat-companion analyze`, the odds panel's
 * "the whole combat"). Exact, or estimated from seeded play-outs with a standard error. The
 * outcomes (attacker wins, defender wins, draw, unfinished) sum to 1; `rounds[i]` is P(the combat
 * ends in round i + 1), and the combat still going after `maxRounds` is `pUnfinished`, never hidden.
 */
export const wholeCombatOddsSchema = z.object({
  exact: z.boolean(),
  /** The round the figures start from (the state's own). */
  fromRound: z.number().int().min(1),
  /** The chain is cut after this round; what is left then is `pUnfinished`. */
  maxRounds: z.number().int().min(1),
  pAttackerWins: p,
  pDefenderWins: p,
  pDraw: p,
  pUnfinished: p,
  rounds: z.array(p),
  attacker: sideOddsSchema,
  defender: sideOddsSchema,
  /** Every unit and character of both sides, where the system counts them (the main units too), in its order. */
  units: z.array(sideOddsSchema.extend({ role: z.enum(['attacker', 'defender']) })).optional(),
  /** Exact figures from a round model: the positions whose round was worked out (round starts, and the state's own). */
  states: z.number().int().min(0).optional(),
  /** Estimates only: the play-outs behind them and the largest standard error of their figures. */
  playouts: z.number().int().min(1).optional(),
  standardError: z.number().min(0).optional(),
  /** Estimates only: the rounds from `fromRound` on counted exactly before the play-outs took over (0: none). */
  exactRounds: z.number().int().min(0).optional(),
});
export type WholeCombatOdds = z.infer<typeof wholeCombatOddsSchema>;
export type SideCombatOdds = z.infer<typeof sideOddsSchema>;
