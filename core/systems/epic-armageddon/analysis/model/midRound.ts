import type { Role, State, Wave } from '../../state';
import { codeOf, pairOf, type Context, type SideContext } from './context';
import { type Bag, type Dist } from './dist';
import { allocation, afterDice, fromGiven, fromSaves, lost, lostWith, pendingOf } from './side';
import { assaultResult, attackWave, endKey, immediateOutcome, resultDice, supportingFire, type Found } from './stages';
import { unitsOf } from './context';
import { charge, RULES_CALL } from './work';

/**
 * A round from where its state stands, to its end: from its start (A3 after a draw, or A4 before
 * any die), or part-way through — a wave with dice still to roll, hits to allocate or saves to
 * roll, the result roll with one side's dice known, the loser's extra hits part-allocated, its
 * withdrawal — every choice left taken as suggested.
 */

/** The round from its start: the First Strike wave, the other combat attacks, and the rest. */
export function fromStart(ctx: Context, pair: number, found: Found): void {
  afterAttacks(ctx, attackWave(ctx, attackWave(ctx, new Map([[pair, 1]]), 'firstStrike'), 'main'), found);
}

/** After the combat attacks (A4): the immediate outcome, supporting fire, the result. */
function afterAttacks(ctx: Context, joint: Bag, found: Found): void {
  assaultResult(ctx, supportingFire(ctx, immediateOutcome(ctx, joint, found)), resultDice(), found);
}

/** One side at the end of the wave under way: its hits still to land (the enemy's dice not rolled yet), to place, or to save. */
function sideInWave(ctx: Context, side: SideContext, x: number, wave: Wave): Dist {
  const on = wave.on[side.role];
  if (on.saves !== null) return fromSaves(side, x, on.saves);
  if (on.given === null)
    return afterDice(
      ctx,
      side,
      x,
      pendingOf(
        ctx,
        wave.groups.filter((g) => g.by !== side.role),
        on.hits,
      ),
    );
  // Every die rolled, some hits placed already (forced, or named hit by hit): the engine's allocation, worked out here.
  charge(RULES_CALL);
  return fromGiven(side, x, allocation(ctx, side, unitsOf(side, x), on.given, on.hits, on.byHand));
}

/** The wave under way to its casualties (both sides' removed together), then the rest of the round. */
function fromWave(ctx: Context, wave: Wave, xa: number, xd: number, found: Found): void {
  const da = sideInWave(ctx, ctx.sides.attacker, xa, wave);
  const dd = sideInWave(ctx, ctx.sides.defender, xd, wave);
  const joint: Bag = new Map();
  for (let i = 0; i < da.xs.length; i++)
    for (let j = 0; j < dd.xs.length; j++) joint.set(pairOf(ctx, da.xs[i]!, dd.xs[j]!), da.ps[i]! * dd.ps[j]!);
  if (wave.kind === 'firstStrike') afterAttacks(ctx, attackWave(ctx, joint, 'main'), found);
  else if (wave.kind === 'main') afterAttacks(ctx, joint, found);
  else assaultResult(ctx, joint, resultDice(), found);
}

/** A decided round's end: the loser's extra hits (none at A4 or A5), then A7. */
function decided(ctx: Context, winner: Role, xa: number, xd: number, extraHits: number, found: Found): void {
  const key =
    winner === 'attacker'
      ? endKey(ctx, winner, xa, lost(ctx, ctx.sides.defender, xd, extraHits))
      : endKey(ctx, winner, lost(ctx, ctx.sides.attacker, xa, extraHits), xd);
  found.ended.set(key, 1);
}

/** The rest of the round from `state` (any phase but A3 and the end, which the model takes as a round's start and not at all). */
export function fromState(ctx: Context, state: State, found: Found): void {
  const xa = codeOf(ctx.sides.attacker, state.units.attacker);
  const xd = codeOf(ctx.sides.defender, state.units.defender);
  const phase = state.phase;
  const r = state.result;
  switch (phase.at) {
    case 'wave':
      return fromWave(ctx, phase.wave, xa, xd, found);
    case 'a4':
      // Seed 003 "Determine the outcome": decided at once, or on to supporting fire.
      if (r && r.winner !== 'draw') return decided(ctx, r.winner, xa, xd, 0, found);
      return afterAttacks(ctx, new Map([[pairOf(ctx, xa, xd), 1]]), found);
    case 'a6':
      return assaultResult(ctx, new Map([[pairOf(ctx, xa, xd), 1]]), resultDice(phase.rolls), found);
    case 'a5':
    case 'result':
      // A draw goes on to another round from A3, casualties kept; a win to the loser's extra hits and A7.
      if (!r || r.winner === 'draw') {
        found.next.set(pairOf(ctx, xa, xd), 1);
        return;
      }
      return decided(ctx, r.winner, xa, xd, r.extraHits[r.winner === 'attacker' ? 'defender' : 'attacker'], found);
    case 'extra': {
      // RULES §4 A6: the rest of the extra hits as suggested (nearest first), then A7.
      const side = ctx.sides[phase.role];
      const x = lostWith(ctx, side, phase.role === 'attacker' ? xa : xd, r!.extraHits[phase.role], phase.given);
      found.ended.set(phase.role === 'attacker' ? endKey(ctx, 'defender', x, xd) : endKey(ctx, 'attacker', xa, x), 1);
      return;
    }
    case 'withdraw':
      // RULES §4 A7: no more units end within 15cm of the enemy (the suggested answer): the assault is over.
      found.ended.set(endKey(ctx, phase.role === 'attacker' ? 'defender' : 'attacker', xa, xd), 1);
      return;
    case 'a3':
    case 'end':
      throw new Error(`a round is not finished from ${phase.at}`);
  }
}
