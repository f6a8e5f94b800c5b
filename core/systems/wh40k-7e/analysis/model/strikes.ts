import { spend } from '../../../../analysis/budget';
import type { Role, State } from '../../state';
import { strikeSteps } from '../../strikes';
import { currentStepOnto, type JointDist } from '../round';
import { checkedIds, PAIR, type ModelRound } from './memory';

/**
 * The blows of a round in closed form (seed 000 "Initiative steps": models strike at their
 * Initiative, both units at one step strike together, casualties removed at its end): the joint
 * distribution of both units after the last Initiative step, step by step, as round.ts counts it —
 * each side's wound pools act on the other unit only, so a step's outcome is the product of two
 * independent rows. Work is spent as it goes: four units per pair of outcomes multiplied (a keyed add of a new
 * entry, about 20 ns).
 */

const add = (joint: JointDist, key: number, p: number) => joint.set(key, (joint.get(key) ?? 0) + p);

/** One Initiative step, fresh (all its rolls to make), for every pair of unit states of `joint`. */
export function stepAll(mr: ModelRound, joint: JointDist, step: number): JointDist {
  const out: JointDist = new Map();
  for (const [key, p] of joint) {
    const a = Math.floor(key / PAIR);
    const d = key - a * PAIR;
    // A unit wiped out strikes no more and takes no more blows: the steps are over (seed 000).
    if (!mr.factsOf('attacker', a).alive || !mr.factsOf('defender', d).alive) {
      add(out, key, p);
      continue;
    }
    const rowD = mr.row(step, 'attacker', a, d);
    const rowA = mr.row(step, 'defender', d, a);
    spend(4 * rowD.ids.length * rowA.ids.length + 1);
    for (let i = 0; i < rowD.ids.length; i++) {
      const pd = p * rowD.ps[i]!;
      const base = rowD.ids[i]!;
      for (let j = 0; j < rowA.ids.length; j++) add(out, rowA.ids[j]! * PAIR + base, pd * rowA.ps[j]!);
    }
  }
  return out;
}

/** The blows of a whole round from its start: both units as they stand, every Initiative step from 10 down to 1. */
export function blowsFromStart(mr: ModelRound, a: number, d: number): JointDist {
  let joint: JointDist = new Map([[a * PAIR + d, 1]]);
  for (const step of strikeSteps(mr.setup)) joint = stepAll(mr, joint, step);
  return joint;
}

/**
 * The blows from a state part-way through a round: the current step from what is known (the rolls
 * made, the pools formed, the run's saves rolled, the model locked — round.ts currentStepOnto), then
 * the steps below it fresh. A state past the blows: the units as they stand.
 */
export function blowsFromState(mr: ModelRound, state: State): JointDist {
  const { ctx } = mr;
  const idOf = (role: Role) => mr.id(role, ctx.spaces[role].fromWounds(state.wounds[role]));
  if (state.phase !== 'strikes') return new Map([[idOf('attacker') * PAIR + idOf('defender'), 1]]);
  const onDefender = ctx.toRow('defender', currentStepOnto(ctx, state, 'attacker'));
  const onAttacker = ctx.toRow('attacker', currentStepOnto(ctx, state, 'defender'));
  checkedIds(onDefender.ids);
  checkedIds(onAttacker.ids);
  // The current step's chains: about a chain step per wound still to land and outcome state, each side.
  const wounds = (by: Role) =>
    state.rolls.filter((r) => r.role === by).reduce((n, r) => n + r.dice, 0) +
    state.pools[by].reduce((n, p) => n + p.wounds, 0) +
    (state.allocation?.by === by ? (state.allocation.run?.count ?? 0) : 0);
  spend(8 * ((wounds('attacker') + 1) * onDefender.ids.length + (wounds('defender') + 1) * onAttacker.ids.length));
  let joint: JointDist = new Map();
  onDefender.ids.forEach((d, i) =>
    onAttacker.ids.forEach((a, j) => add(joint, a * PAIR + d, onDefender.ps[i]! * onAttacker.ps[j]!)),
  );
  spend(onDefender.ids.length * onAttacker.ids.length);
  for (const step of strikeSteps(state.setup)) if (step < state.initiative) joint = stepAll(mr, joint, step);
  return joint;
}
