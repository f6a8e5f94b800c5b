import type { CombatEnd } from '../../../../analysis/combat/tally';
import { wh40k7e } from '../../index';
import type { Setup } from '../../setup';
import type { Role, State, UnitFate, UnitWounds } from '../../state';
import { fatesOf, unitFatesOf } from '../fates';

/**
 * The ends of the combat as the whole-combat odds name them (core/analysis/combat/tally.ts endOf):
 * the winner as the rule system judges a finished combat (summary.ts winnerOf: a unit
 * wiped out, swept away or falling back has lost; both wiped out, a draw; a stalemate, a draw; a
 * combat stopped with both units locked goes to its last round's winner), each main unit's fate,
 * and every unit's and followed model's fate (fates.ts) — the very objects the chain gets from a
 * finished engine state, remembered by what they read.
 */

export interface EndFacts {
  wounds: Record<Role, UnitWounds>;
  fate: Record<Role, UnitFate>;
  /** Neither unit can cause the other a wound any more (a draw, whatever the last round). */
  stalemate: boolean;
  /** The last round's winner (null: a draw), which a combat stopped with both units locked goes to. */
  lastWinner: Role | null;
}

/** The end a finished combat comes to, from what its state says (see above). */
export function endOfFinished(setup: Setup, facts: EndFacts): CombatEnd {
  // The parts of a finished state the summary and the fates read, and nothing else.
  const finished = {
    setup,
    wounds: facts.wounds,
    fate: facts.fate,
    stalemate: facts.stalemate,
    result: { winner: facts.lastWinner },
  } as unknown as State;
  return { winner: wh40k7e.winner?.(finished) ?? 'draw', fates: fatesOf(finished), units: unitFatesOf(finished) };
}

const remembered = new WeakMap<Setup, Map<string, CombatEnd>>();

/**
 * The same, remembered by what it reads: the fates, the stalemate, the last winner, and which of
 * the followed models (fates.ts) still stand (`standing`, one mark a side) — the same object each time.
 */
export function endOf7e(setup: Setup, facts: EndFacts, standing: Record<Role, string>): CombatEnd {
  const key = `${facts.fate.attacker}|${facts.fate.defender}|${facts.stalemate}|${facts.lastWinner}|${standing.attacker}|${standing.defender}`;
  let bySetup = remembered.get(setup);
  if (!bySetup) remembered.set(setup, (bySetup = new Map()));
  let end = bySetup.get(key);
  if (!end) bySetup.set(key, (end = endOfFinished(setup, facts)));
  return end;
}
