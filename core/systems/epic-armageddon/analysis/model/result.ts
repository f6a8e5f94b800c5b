import { extraHitsFor, modifierTotal, resultFacts, type ResultInput } from '../../result';
import { resultDice } from '../../tables';
import { otherRole, type Role } from '../../state';
import { leftOf, pairOf, unitsOf, type Context } from './context';
import { endClassOf } from './ends';
import { addEntry, type Entries, type Frame } from './entries';
import { addEnds } from './roundEnds';
import { lost, type Lost } from './side';
import type { Found } from './stages';
import { charge, kept, MAP_ADD, RULES_CALL, type Kept, type RunWork } from './work';

/**
 * The end of a round after supporting fire (SCENARIOS §1): a formation with no units left loses
 * (the defender checked first). Else the assault result (RULES §4 A6): each side rolls 2D6 and
 * keeps the highest, adding its modifiers; the higher total wins, the loser takes the difference as
 * extra hits (They Shall Know No Fear: half, rounding down), then withdraws or is destroyed (A7);
 * equal totals are a draw, and the assault goes on to another round, casualties kept.
 */

/** RULES §4 A6: the attacker's modifiers less the defender's (result.ts, the engine's own), the kills read from the units left. */
function modifierDifference(ctx: Context, xa: number, xd: number): number {
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
}

/** How the round ends from one pair of codes: the draw's chance, and each way the assault ends (the loser's losses, the end's class, its chance). */
export interface Plan {
  draw: number;
  ends: Array<{ winner: Role; lost: Lost; id: number; q: number }>;
}

function planFor(ctx: Context, run: RunWork, xa: number, xd: number, dice: readonly number[]): Plan {
  const plan: Plan = { draw: 0, ends: [] };
  if (leftOf(ctx.sides.defender, xd) === 0) addTo(plan, ctx, run, 'attacker', xa, xd, 0, 1);
  else if (leftOf(ctx.sides.attacker, xa) === 0) addTo(plan, ctx, run, 'defender', xa, xd, 0, 1);
  else {
    charge(RULES_CALL);
    const diff = modifierDifference(ctx, xa, xd);
    const knowNoFear = { attacker: ctx.setup.attacker.knowNoFear, defender: ctx.setup.defender.knowNoFear };
    for (let i = 0; i < 11; i++) {
      const q = dice[i]!;
      if (q === 0) continue;
      const t = i - 5 + diff;
      if (t === 0) plan.draw += q;
      else if (t > 0) addTo(plan, ctx, run, 'attacker', xa, xd, extraHitsFor(t, knowNoFear.defender), q);
      else addTo(plan, ctx, run, 'defender', xa, xd, extraHitsFor(-t, knowNoFear.attacker), q);
    }
  }
  return plan;
}

/** Adds to `plan` the assault won by `winner` at codes (xa, xd), the loser taking `extraHits`, with chance q. */
function addTo(
  plan: Plan,
  ctx: Context,
  run: RunWork,
  winner: Role,
  xa: number,
  xd: number,
  extraHits: number,
  q: number,
): void {
  const loser = otherRole(winner);
  const l = lost(ctx, ctx.sides[loser], run, loser === 'attacker' ? xa : xd, extraHits);
  const seen = plan.ends.find((e) => e.lost === l);
  if (seen) seen.q += q;
  else {
    const id = endClassOf(ctx, winner, loser === 'attacker' ? l.x : xa, loser === 'defender' ? l.x : xd);
    plan.ends.push({ winner, lost: l, id, q });
  }
}

/** The plan from a pair with the dice all still to roll: the same in every round, remembered for every run. */
export const planAt = (ctx: Context, run: RunWork, xa: number, xd: number): Plan =>
  kept(run, ctx.plans as Map<number, Kept<Plan>>, pairOf(ctx, xa, xd), () => planFor(ctx, run, xa, xd, resultDice()));

/** The round's end from each entry, its chances split as `dice` says (null: all still to roll). */
export function assaultResult(
  frame: Frame,
  run: RunWork,
  entries: Entries,
  dice: readonly number[] | null,
  found: Found,
): void {
  const { ctx } = frame;
  for (const e of entries.values()) {
    const { attacker: xa, defender: xd } = e.x;
    const plan = dice ? planFor(ctx, run, xa, xd, dice) : planAt(ctx, run, xa, xd);
    if (plan.draw > 0) addEntry(frame, found.next, e, plan.draw);
    addEnds(frame, found.ended, e, plan.ends);
    charge(MAP_ADD * plan.ends.length);
  }
}
