import type { CombatOdds } from '../../channels/combat';
import type { Input } from '../../../combat/steps';

/**
 * What the odds of a combat are worked out from, wherever they are worked out (the host itself,
 * or a worker of their own so a step never waits behind them): the combat's log — its system,
 * setup, seed and inputs, all plain data — and what is asked.
 */
export interface OddsJob {
  /** The combat's id: a later job for the same combat supersedes an earlier one still being worked out. */
  id: string;
  system: string;
  setup: unknown;
  seed: number;
  inputs: readonly Input[];
  /** The odds after the first `at` inputs. */
  at: number;
  /** Also the whole combat's odds (and, at a choice, each option's chance to win it). */
  whole: boolean;
  /** With `whole`: a first figure from part of the work (QUICK_SHARE), no options' figures. */
  quick: boolean;
  /**
   * A setup's odds before it starts (combat.preview), under one id per system: the setup screen's
   * next asking drops the one before, and any combat's job drops them all (the players have
   * started; the combat finds the answer by its setup if it was done).
   */
  preview?: boolean;
}

/** The id a system's setup previews are asked under (see `preview`). */
export const previewId = (system: string) => `preview:${system}`;

/** Works out the odds of one job; answers `conflict` (ApiFailure) when a later job for the same combat took over. */
export type OddsOf = (job: OddsJob) => Promise<CombatOdds>;
