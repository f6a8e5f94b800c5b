import type { Role } from '../combat/steps';
import type { CombatChain } from './combat/types';

/** A probability the odds panel lists beside the chart, e.g. "Attacker wins: 62%". */
export interface OutcomeFact {
  label: string;
  probability: number;
  /**
   * This fact is that side winning (the round, the assault): the figure a player compares the
   * options of a choice by (headline.ts). Untagged facts are shown, never compared.
   */
  wins?: Role;
}

/** Exact outcome distributions of a combat, as a system's analysis reports them to the host. */
export interface OutcomeDistributions {
  /** What the main distribution counts, e.g. "models destroyed". */
  measure: string;
  /** P(measure = offset + k) at index k. */
  main: number[];
  /** The value at index 0 of `main` (0 unless the measure can be negative, e.g. a result difference). */
  offset?: number;
  secondary?: { measure: string; dist: number[] };
  /** Named probabilities worth showing beside the chart (win, draw, break, caught…). */
  facts?: OutcomeFact[];
  /**
   * The distributions "before any die was rolled" for the period the odds describe, when that is
   * not the whole combat: a ranks game's odds are per combat round, so its baseline is the state
   * at the start of the current round. Absent: the host's baseline is the combat's start.
   */
  baseline?: Omit<OutcomeDistributions, 'baseline'>;
}

/**
 * A rule system's exact analysis, from any state of a combat in that system: for the wizard's
 * odds panel and for `combat-companion analyze`. Each system's analysis folder exports one.
 */
export interface SystemAnalysis {
  systemId: string;
  /**
   * Null when the exact analysis of this state stays within the work budget (about a second on a
   * two-core laptop); otherwise why not, in words a player understands ("100 models × 100 attacks
   * with 2D6 damage: too many outcomes to count exactly"). Absent: every state the setup schema
   * accepts is within budget. The host never calls `distributions` or `report` on a state this
   * refuses, so no accepted input can hang it.
   */
  tooLarge?(state: unknown): string | null;
  distributions(state: unknown): OutcomeDistributions;
  /** The CLI's JSON report. */
  report(state: unknown): Record<string, unknown>;
  /**
   * The system's part in the odds of the whole combat, round after round (core/analysis/combat):
   * present for the games whose combat goes on for rounds. Absent where a combat is one round
   * (40k 10th edition's attack sequence): its round's odds are the whole combat's.
   */
  combat?: CombatChain;
}
