import { extraHitsFor, modifierTotal, resultFacts, type ResultInput } from '../../result';
import { highestOfTwoChance } from '../../tables';
import { engagedAlive, type Role } from '../../state';
import { attackerOf, defenderOf, leftOf, pairOf, unitsOf, type Context } from './context';
import { addTo, type Bag, type Dist } from './dist';
import { afterDice, diceOf, lost } from './side';
import { charge, MAP_ADD, shared } from './work';

/**
 * The stages of a round of an assault (RULES §4, seed 003, SCENARIOS §1), each from the
 * distribution over pairs of codes where the one before left it: the First Strike wave, the other
 * combat attacks, the immediate outcome (A4), supporting fire (A5), the assault result (A6) with
 * the loser's extra hits and withdrawal (A7). What ends the assault goes to `found.ended` by the
 * end's key, what is drawn to `found.next` (the next round's start) by its pair of codes.
 *
 * In a wave both sides roll and both sides' casualties are removed together, so given the dice
 * the two sides' fates are independent: a wave maps each side's code on its own, one side after
 * the other (two passes), never the product of the two sides' outcomes at once.
 */

export interface Found {
  next: Bag;
  ended: Bag;
}

/** An end's key: the pair of codes the assault ended at, and who won. */
export const endKey = (ctx: Context, winner: Role, xa: number, xd: number) =>
  pairOf(ctx, xa, xd) * 2 + (winner === 'attacker' ? 0 : 1);

/** Each side's code mapped by `step` (its code, the other side's code → its distribution), the attacker's first. */
function bothSides(ctx: Context, joint: Bag, step: (role: Role, own: number, other: number) => Dist): Bag {
  const d = ctx.sides.defender;
  // The attacker's side, keeping what the defender's step reads of the attacker before it: its code, as the defender's "other".
  const half = new Map<number, Bag>();
  for (const [pair, p] of joint) {
    const xa = attackerOf(ctx, pair);
    const xd = defenderOf(ctx, pair);
    const da = step('attacker', xa, xd);
    let bag = half.get(xa);
    if (!bag) half.set(xa, (bag = new Map()));
    for (let i = 0; i < da.xs.length; i++) addTo(bag, da.xs[i]! * d.size + xd, p * da.ps[i]!);
    charge(MAP_ADD * da.xs.length);
  }
  const out: Bag = new Map();
  for (const [xaBefore, bag] of half) {
    for (const [pair, p] of bag) {
      const xa = Math.floor(pair / d.size);
      const dd = step('defender', pair - xa * d.size, xaBefore);
      for (let i = 0; i < dd.xs.length; i++) addTo(out, xa * d.size + dd.xs[i]!, p * dd.ps[i]!);
      charge(MAP_ADD * dd.xs.length);
    }
  }
  return out;
}

/**
 * A wave of attacks from the units standing as it begins (dice.ts): the First Strike extra attacks
 * first, their casualties removed before any other attack; then every other combat attack, each
 * side's dice those of its units that survived (SCENARIOS §1 First Strike).
 */
export function attackWave(ctx: Context, joint: Bag, kind: 'firstStrike' | 'main'): Bag {
  const enemyOf = (role: Role) => ctx.sides[role === 'attacker' ? 'defender' : 'attacker'];
  return bothSides(ctx, joint, (role, own, other) =>
    afterDice(ctx, ctx.sides[role], own, diceOf(ctx, enemyOf(role), other, kind)),
  );
}

/** RULES §4 A5: the supporting units of other formations fire (fixed dice: they cannot be hit) at the directly engaged enemy units. */
export function supportingFire(ctx: Context, joint: Bag): Bag {
  const fire = {
    attacker: diceOf(ctx, ctx.sides.defender, 0, 'support'),
    defender: diceOf(ctx, ctx.sides.attacker, 0, 'support'),
  };
  return bothSides(ctx, joint, (role, own) => afterDice(ctx, ctx.sides[role], own, fire[role]));
}

/**
 * Seed 003 "Determine the outcome" (A4): the attacker wins if every defending unit is destroyed
 * (checked first), the defender if every directly engaged attacking unit is — the loser withdraws
 * Broken, or is destroyed if it was Broken already (A7), with no extra hits. The rest goes on to
 * supporting fire.
 */
export function immediateOutcome(ctx: Context, joint: Bag, found: Found): Bag {
  const { attacker: a, defender: d } = ctx.sides;
  const on: Bag = new Map();
  for (const [pair, p] of joint) {
    const xa = attackerOf(ctx, pair);
    const xd = defenderOf(ctx, pair);
    if (leftOf(d, xd) === 0) addTo(found.ended, endKey(ctx, 'attacker', xa, xd), p);
    else if (!unitsOf(a, xa).some(engagedAlive))
      addTo(found.ended, endKey(ctx, 'defender', lost(ctx, a, xa, 0), xd), p);
    else on.set(pair, p);
  }
  charge(MAP_ADD * joint.size);
  return on;
}

/** P(attacker's highest die − defender's = i − 5), i = 0…10 (RULES §4 A6: 2D6, keep the highest); dice already rolled are fixed. */
export function resultDice(rolls: Partial<Record<Role, readonly number[]>> = {}): number[] {
  const chance = (role: Role, k: number) => {
    const r = rolls[role];
    return r ? (Math.max(...r) === k ? 1 : 0) : highestOfTwoChance(k);
  };
  const out = new Array<number>(11).fill(0);
  for (let a = 1; a <= 6; a++)
    for (let b = 1; b <= 6; b++) out[a - b + 5]! += chance('attacker', a) * chance('defender', b);
  return out;
}

/** RULES §4 A6: the attacker's modifiers less the defender's (result.ts, the engine's own), the kills read from the units left. */
function modifierDifference(ctx: Context, xa: number, xd: number): number {
  return shared(
    ctx.modifiers,
    pairOf(ctx, xa, xd),
    () => {
      const { attacker: a, defender: d } = ctx.sides;
      const input: ResultInput = {
        setup: ctx.setup,
        units: { attacker: unitsOf(a, xa), defender: unitsOf(d, xd) },
        kills: {
          attacker: ctx.killsAndEnemyLeft.attacker - leftOf(d, xd),
          defender: ctx.killsAndEnemyLeft.defender - leftOf(a, xa),
        },
        broken: ctx.broken,
        blastMarkers: ctx.blastMarkers,
      };
      return modifierTotal(resultFacts(input, 'attacker')) - modifierTotal(resultFacts(input, 'defender'));
    },
    2 * MAP_ADD,
  );
}

/**
 * After supporting fire (SCENARIOS §1): a formation with no units left loses (the defender checked
 * first). Else the assault result (RULES §4 A6): the higher total wins, the loser takes the
 * difference as extra hits (They Shall Know No Fear: half, rounding down), then withdraws or is
 * destroyed (A7); equal totals are a draw, and the assault goes on to another round, casualties kept.
 */
export function assaultResult(ctx: Context, joint: Bag, dice: readonly number[], found: Found): void {
  const { attacker: a, defender: d } = ctx.sides;
  const knowNoFear = { attacker: ctx.setup.attacker.knowNoFear, defender: ctx.setup.defender.knowNoFear };
  for (const [pair, p] of joint) {
    const xa = attackerOf(ctx, pair);
    const xd = defenderOf(ctx, pair);
    if (leftOf(d, xd) === 0) {
      addTo(found.ended, endKey(ctx, 'attacker', xa, xd), p);
      continue;
    }
    if (leftOf(a, xa) === 0) {
      addTo(found.ended, endKey(ctx, 'defender', xa, xd), p);
      continue;
    }
    const diff = modifierDifference(ctx, xa, xd);
    for (let i = 0; i < 11; i++) {
      const q = dice[i]! * p;
      if (q === 0) continue;
      const t = i - 5 + diff;
      if (t > 0)
        addTo(found.ended, endKey(ctx, 'attacker', xa, lost(ctx, d, xd, extraHitsFor(t, knowNoFear.defender))), q);
      else if (t < 0)
        addTo(found.ended, endKey(ctx, 'defender', lost(ctx, a, xa, extraHitsFor(-t, knowNoFear.attacker)), xd), q);
      else addTo(found.next, pair, q);
    }
    charge(11 * MAP_ADD);
  }
}
