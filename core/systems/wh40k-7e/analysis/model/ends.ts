import type { CombatEnd } from '../../../../analysis/combat/tally';
import type { Setup } from '../../setup';
import type { Role, State, UnitFate, UnitWounds } from '../../state';
import { winnerOf } from '../../summary';
import { fatesOf, unitFatesOf } from '../fates';

/**
 * The ends of the combat as the whole-combat odds name them (core/analysis/combat/tally.ts endOf):
 * the winner as the engine's own summary judges a finished combat (summary.ts winnerOf: a unit
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

const remembered = new WeakMap<Setup, Map<string, CombatEnd>>();

export function endOf7e(setup: Setup, facts: EndFacts): CombatEnd {
  // The parts of a finished state the summary and the fates read, and nothing else.
  const finished = {
    setup,
    wounds: facts.wounds,
    fate: facts.fate,
    stalemate: facts.stalemate,
    result: { winner: facts.lastWinner },
  } as unknown as State;
  const units = unitFatesOf(finished);
  const winner = winnerOf(finished) ?? 'draw';
  const fates = fatesOf(finished);
  const key = JSON.stringify([winner, fates, units]);
  let bySetup = remembered.get(setup);
  if (!bySetup) remembered.set(setup, (bySetup = new Map()));
  let end = bySetup.get(key);
  if (!end) bySetup.set(key, (end = { winner, fates, units }));
  return end;
}
