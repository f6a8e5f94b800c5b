import { engagedAlive, type Role } from '../../state';
import { leftOf, unitsOf } from './context';
import { addMoved, entryAt, type Entries, type Frame } from './entries';
import { addEnd, type EndEntry } from './roundEnds';
import { afterDice, diceOf, lost, type SideOutcome } from './side';
import { charge, MAP_ADD, type RunWork } from './work';

/**
 * The stages of a round of an assault (RULES §4, seed 003, SCENARIOS §1), each from the entries
 * (entries.ts) where the one before left the round: the First Strike wave, the other combat
 * attacks, the immediate outcome (A4); supporting fire (A5) is layer.ts, the assault result (A6) with the
 * loser's extra hits and withdrawal (A7) is result.ts. What ends the assault goes to `found.ended`
 * by the end's class, what stands before the result roll to `found.toResult` by its pair of codes.
 *
 * In a wave both sides roll and both sides' casualties are removed together, so given the dice
 * the two sides' fates are independent: a wave moves each side's code on its own, one side after
 * the other (two passes), the attacker's code before the wave kept for the defender's pass.
 */

export interface Found {
  /** The next round's starts (a draw already decided). */
  next: Entries;
  /** Where the round stands before supporting fire, and before the assault result's dice (all still to roll): the chain's layer goes on from there (layer.ts). */
  toSupport: Entries;
  toResult: Entries;
  ended: Map<number, EndEntry>;
}

/**
 * The two sides in a wave: what the enemy's hits read of a side as the wave begins (the dice it
 * rolls: a pool id, or 0 where the enemy's fire does not depend on it), and a side's outcomes from
 * its code and the enemy's dice.
 */
export interface WaveSides {
  dice(role: Role, own: number): number;
  outcomes(role: Role, own: number, enemyDice: number): SideOutcome[];
}

/**
 * The entries after a wave, the attacker's outcomes first: entries are gathered by the attacker's
 * dice as the wave began (what the defender's outcomes read of it), so those that roll alike are
 * one before the defender's pass.
 */
export function wave(frame: Frame, entries: Entries, sides: WaveSides): Entries {
  const half = new Map<number, Entries>();
  for (const e of entries.values()) {
    const { attacker: xa, defender: xd } = e.x;
    const dice = sides.dice('attacker', xa);
    let bag = half.get(dice);
    if (!bag) half.set(dice, (bag = new Map()));
    for (const o of sides.outcomes('attacker', xa, sides.dice('defender', xd)))
      addMoved(frame, entryAt(frame, bag, o.x, xd), e, 'attacker', o);
  }
  const out: Entries = new Map();
  for (const [dice, bag] of half)
    for (const e of bag.values())
      for (const o of sides.outcomes('defender', e.x.defender, dice))
        addMoved(frame, entryAt(frame, out, e.x.attacker, o.x), e, 'defender', o);
  return out;
}

/**
 * A wave of attacks from the units standing as it begins (dice.ts): the First Strike extra attacks
 * first, their casualties removed before any other attack; then every other combat attack, each
 * side's dice those of its units that survived (SCENARIOS §1 First Strike).
 */
export function attackWave(frame: Frame, run: RunWork, entries: Entries, kind: 'firstStrike' | 'main'): Entries {
  const { ctx } = frame;
  return wave(frame, entries, {
    dice: (role, own) => diceOf(ctx, ctx.sides[role], own, kind),
    outcomes: (role, own, enemyDice) => afterDice(ctx, ctx.sides[role], run, own, enemyDice),
  });
}

/**
 * Seed 003 "Determine the outcome" (A4): the attacker wins if every defending unit is destroyed
 * (checked first), the defender if every directly engaged attacking unit is — the loser withdraws
 * Broken, or is destroyed if it was Broken already (A7), with no extra hits. The rest goes on to
 * supporting fire.
 */
export function immediateOutcome(frame: Frame, run: RunWork, entries: Entries, found: Found): Entries {
  const { ctx } = frame;
  const { attacker: a, defender: d } = ctx.sides;
  const on: Entries = new Map();
  for (const [pair, e] of entries) {
    const { attacker: xa, defender: xd } = e.x;
    if (leftOf(d, xd) === 0) addEnd(frame, found.ended, 'attacker', e);
    else if (!unitsOf(a, xa).some(engagedAlive))
      addEnd(frame, found.ended, 'defender', e, { attacker: lost(ctx, a, run, xa, 0) });
    else on.set(pair, e);
  }
  charge(MAP_ADD * entries.size);
  return on;
}
