import { rollStep, type StepKind } from '../../../combat/stepEngine';
import type { Reason, RollStep } from '../../../combat/steps';
import { advanceRun, afterSaves, applyDamage, currentPool, runTarget } from '../flow';
import { batchFrom } from '../fastDice';
import { poolLabel } from '../pools';
import { damageOf, feelNoPainFace, feelNoPainWhy, instantDeathWhy, saveTest } from '../saves';
import { groupOf, modelName, otherRole, plural, possessive, type Fate, type State } from '../state';
import { splitDice } from '../../../combat/rollGroups';

/**
 * A run of wounds landing on one model, or on the models next in line that share one save and one
 * Feel No Pain — all the pool's wounds when none that saves otherwise follows (seed 000 "Fast
 * Dice"; fastDice.ts): their saves rolled together, Feel No Pain for
 * the unsaved ones in the same roll (its own step when there is no save), then each applied in die order
 * (a Destroyer wound's D3 or D6 + 6 rolled when it can matter).
 */

/** Why the run's dice are rolled together, in words. */
function fastReason(state: State): Reason {
  const { setup } = state;
  const a = state.allocation!;
  const run = a.run!;
  const foe = otherRole(a.by);
  const g = groupOf(setup, foe, run.group);
  const where = run.lockOnly
    ? `${modelName(setup, foe, a.lock!.group, a.lock!.model)} (already has a wound of this pool allocated)`
    : `${g.name}`;
  // One wound needs no Fast Dice: only where it goes.
  if (run.count === 1)
    return {
      rule: 'Wound pool',
      detail: `this wound goes to ${run.lockOnly ? where : `${g.name} (the next in the unit's order)`}`,
    };
  if (run.lockOnly)
    return {
      rule: 'Fast Dice',
      detail: `these ${plural(run.count, 'wound')} all go to ${where} whatever the dice: rolled together`,
    };
  // More wounds than the models can take: the batch runs to the unit's end (fastDice.ts), the rest are lost.
  const batch = batchFrom(setup, foe, currentPool(state), state.wounds[foe]);
  if (batch && run.count > batch.capacity) {
    const names = run.groups.map((x) => groupOf(setup, foe, x).name);
    const who = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
    return {
      rule: 'Fast Dice',
      detail: `every model left of ${setup[foe].name} (${who}) takes these ${plural(run.count, 'wound')} with the same dice, so the order cannot change anything: rolled together, the casualties removed in the unit's order, and the wounds left when the unit is gone are lost`,
    };
  }
  if (run.groups.length === 1)
    return {
      rule: 'Fast Dice',
      detail: `these ${plural(run.count, 'wound')} all land on ${g.name} (identical models) whatever the dice, so the order cannot change anything: rolled together, applied in die order`,
    };
  const names = run.groups.map((x) => groupOf(setup, foe, x).name);
  return {
    rule: 'Fast Dice',
    detail: `these ${plural(run.count, 'wound')} all land on ${names.slice(0, -1).join(', ')} and ${names.at(-1)}, who share the same save${run.groups.some((x) => groupOf(setup, foe, x).feelNoPain !== null) ? ' and Feel No Pain' : ''}, whatever the dice: rolled together, then the casualties removed in the unit's order (${names[0]} first)`,
  };
}

/** Why nobody was asked where the wounds go: the unit's list decides, unless the side allocates by hand. */
function allocationReason(state: State): Reason[] {
  const foe = otherRole(state.allocation!.by);
  if (state.setup[foe].allocateByHand || state.setup[foe].models.length < 2) return [];
  return [
    {
      rule: 'Allocate Wounds & Remove Casualties',
      detail: `the defending player's usual choice, not asked: wounds go to ${state.setup[foe].name} in the order of their list, the most wounded model first (switch on "Allocate wounds by hand" in the setup to choose each time)`,
    },
  ];
}

/** The run's saves, rolled together; where the models have Feel No Pain, a die for each failed save in the same roll. */
export const saveKind: StepKind<State> = {
  ask(state) {
    const { setup } = state;
    const a = state.allocation!;
    const run = a.run!;
    const foe = otherRole(a.by);
    const pool = currentPool(state);
    const save = saveTest(setup, foe, run.group, pool);
    const id = instantDeathWhy(setup, foe, run.group, pool);
    const fnp = feelNoPainFace(setup, foe, run.group, pool);
    const title = `${setup[foe].name}: ${plural(run.count, 'save')} against ${poolLabel(pool)}${fnp !== null ? ', then Feel No Pain' : ''}`;
    const more = `${pool.wounds > 0 ? `${plural(pool.wounds, 'wound')} more ${pool.wounds === 1 ? 'waits' : 'wait'} in the pool` : 'the pool is then empty'}`;
    const why = [...save.why, ...(id ? [id] : []), fastReason(state), ...allocationReason(state)];
    if (fnp === null) {
      return rollStep(state, 'save', {
        title,
        actor: foe,
        count: run.count,
        sides: 6,
        passOn: save.face!,
        needs: `${save.face}+`,
        why,
        notes: [`${run.count === 1 ? 'A pass saves the wound' : 'Each die that passes saves a wound'}; ${more}.`],
      });
    }
    // Feel No Pain is rolled for each unsaved wound as soon as it is unsaved: the same moment, so the same roll.
    return rollStep(state, 'save', {
      title,
      actor: foe,
      count: 2 * run.count,
      sides: 6,
      needs: `${save.face}+, then ${fnp}+`,
      groups: [
        {
          id: 'save',
          label: `${possessive(setup[foe].name)} saves`,
          count: run.count,
          sides: 6,
          passOn: save.face!,
          needs: `${save.face}+`,
        },
        {
          id: 'fnp',
          label: `${possessive(setup[foe].name)} Feel No Pain`,
          count: run.count,
          sides: 6,
          passOn: fnp,
          needs: `${fnp}+`,
          per: { group: 'save', on: 'fail' },
          note: 'a D6 for each failed save',
        },
      ],
      why: [...why, feelNoPainWhy(setup, foe, run.group, pool)],
      // A wound saved and one shrugged off by Feel No Pain do the same: the rules keep how many of
      // the Feel No Pain dice pass and fail, and so how many saves failed.
      readsChainEnds: true,
      notes: [`Each save that passes saves a wound; each Feel No Pain that passes ignores an unsaved one; ${more}.`],
    });
  },
  answer(s, { step, dice, log }) {
    const a = s.allocation!;
    const roll = step as RollStep;
    const [saveDice, fnpDice] = roll.groups ? splitDice(roll, dice) : [dice, null];
    const face = roll.groups ? roll.groups[0]!.passOn! : roll.passOn!;
    let fates: Fate[] = saveDice!.map((f) => (f >= face ? 'saved' : 'unsaved'));
    const saved = fates.filter((f) => f === 'saved').length;
    let text = `${plural(saved, 'save')}, ${saveDice!.length - saved} failed`;
    if (fnpDice) {
      const fnpFace = roll.groups![1]!.passOn!;
      let k = 0;
      // The Feel No Pain dice answer the unsaved wounds in order.
      fates = fates.map((f): Fate => (f === 'unsaved' ? (fnpDice[k++]! >= fnpFace ? 'shrugged' : 'unsaved') : f));
      const shrugged = fates.filter((f) => f === 'shrugged').length;
      if (fnpDice.length > 0)
        text += `; Feel No Pain: ${plural(shrugged, 'wound')} ignored, ${fnpDice.length - shrugged} lost`;
      const next = log(s, text, dice);
      return { ...next, allocation: { ...a, run: { ...a.run!, fates, stage: 'apply' } } };
    }
    const next = log(s, text, dice);
    return { ...next, allocation: { ...a, run: afterSaves(next, { ...a.run!, fates }) } };
  },
};

/** Feel No Pain for the run's unsaved wounds. */
export const feelNoPainKind: StepKind<State> = {
  ask(state) {
    const { setup } = state;
    const a = state.allocation!;
    const run = a.run!;
    const foe = otherRole(a.by);
    const pool = currentPool(state);
    const unsaved = run.fates!.filter((f) => f === 'unsaved').length;
    const face = feelNoPainFace(setup, foe, run.group, pool)!;
    return rollStep(state, 'fnp', {
      title: `${setup[foe].name}: Feel No Pain for ${plural(unsaved, 'unsaved wound')}`,
      actor: foe,
      count: unsaved,
      sides: 6,
      passOn: face,
      needs: `${face}+`,
      why: [feelNoPainWhy(setup, foe, run.group, pool), fastReason(state)],
      notes: [unsaved === 1 ? 'A pass ignores the wound.' : 'Each die that passes ignores a wound.'],
    });
  },
  answer(s, { step, dice, log }) {
    const a = s.allocation!;
    const run = a.run!;
    const face = (step as RollStep).passOn!;
    let k = 0;
    // The FNP dice answer the unsaved wounds in order.
    const fates = run.fates!.map((f): Fate => (f === 'unsaved' ? (dice[k++]! >= face ? 'shrugged' : 'unsaved') : f));
    const shrugged = dice.filter((f) => f >= face).length;
    const next = log(s, `${plural(shrugged, 'wound')} ignored, ${dice.length - shrugged} lost`, dice);
    return { ...next, allocation: { ...a, run: { ...run, fates, stage: 'apply' } } };
  },
};

/** The run's wounds go onto the models one by one; a Destroyer wound that can matter takes its die. */
export const damageKind: StepKind<State> = {
  auto: advanceRun,
  ask(state) {
    const { setup } = state;
    const a = state.allocation!;
    const foe = otherRole(a.by);
    const target = runTarget(state);
    const left = state.wounds[foe][target.group]![target.model]!;
    const damage = damageOf(setup, foe, target.group, currentPool(state), left);
    const name = modelName(setup, foe, target.group, target.model);
    if (damage === 'd3') {
      return rollStep(state, 'd3', {
        title: `${setup[a.by].name}: ${name} seriously wounded — D3 wounds`,
        actor: a.by,
        count: 1,
        sides: 3,
        needs: `D3 wounds (${name} has ${left})`,
        why: [
          {
            rule: 'Destroyer weapon',
            detail: `seriously wounded: the model loses D3 wounds instead of 1, no Feel No Pain; excess is lost`,
          },
        ],
      });
    }
    return rollStep(state, 'deathblow', {
      title: `${setup[a.by].name}: ${name} suffers a deathblow — D6 + 6 wounds`,
      actor: a.by,
      count: 1,
      sides: 6,
      needs: `D6 + 6 ≥ ${left} slays ${name}`,
      why: [
        {
          rule: 'Destroyer weapon',
          detail: `deathblow: the model loses D6 + 6 wounds, no save, no Feel No Pain; excess is lost`,
        },
      ],
    });
  },
  answer(s, { dice, log }) {
    const { setup } = s;
    const foe = otherRole(s.allocation!.by);
    // A D3 (seriously wounded) or D6 + 6 (deathblow) for the wound being applied.
    const target = runTarget(s);
    const left = s.wounds[foe][target.group]![target.model]!;
    const damage = currentPool(s).kind === 'seriously' ? dice[0]! : dice[0]! + 6;
    const removed = Math.min(left, damage);
    const name = modelName(setup, foe, target.group, target.model);
    const text = `${damage} wound${damage === 1 ? '' : 's'}: ${name} loses ${removed}${removed >= left ? ' and is slain' : `, ${left - removed} left`}${damage > left ? ` (${damage - left} excess lost)` : ''}`;
    return applyDamage(log(s, text, dice), target, damage);
  },
};
