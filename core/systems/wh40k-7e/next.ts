import type { ChooseStep, Reason, RollStep, Step } from '../../combat/steps';
import { classId, classLabel, defaultTarget, modelClasses } from './allocation';
import { currentPool, poolsLeft, runTarget } from './flow';
import { moraleTestOf, sweepInitiatives, sweepNeed } from './morale';
import { finalLines } from './outcome';
import { poolLabel, poolSummary } from './pools';
import { resultLines } from './result';
import { damageOf, feelNoPainFace, feelNoPainWhy, instantDeathWhy, saveTest } from './saves';
import { attacksPerModel, groupOf, modelName, otherRole, plural, type State } from './state';
import { hitTest, weaponText, woundTest } from './strikes';

/** What the combat needs now, as a step of the protocol (core/combat/steps.ts). */

const roll = (state: State, tag: string, s: Omit<RollStep, 'kind' | 'id' | 'notes'> & { notes?: string[] }): RollStep => ({ kind: 'roll', id: `${tag}.${state.counter}`, notes: [], ...s });
const choose = (state: State, tag: string, s: Omit<ChooseStep, 'kind' | 'id'>): ChooseStep => ({ kind: 'choose', id: `${tag}.${state.counter}`, ...s });

const ALLOCATION_RULE: Reason = {
  rule: 'Allocate Wounds & Remove Casualties',
  detail: 'every model is in base contact, so the defending player picks which model takes a wound; once a model has a wound allocated it keeps taking this pool\'s wounds until it is removed or the pool is empty',
};

export function nextStep(state: State): Step {
  const { setup } = state;
  switch (state.phase) {
    case 'strikes':
      return strikeStep(state);
    case 'result':
      return { kind: 'outcome', id: `result.${state.counter}`, title: `Round ${state.round}: combat result`, lines: resultLines(setup, state.roundStart, state.wounds, state.result!), final: false };
    case 'morale': {
      const loser = otherRole(state.result!.winner!);
      const test = moraleTestOf(setup, loser, state.wounds[loser], state.result!.difference);
      if (test.kind !== 'roll') throw new Error('an automatic Morale check is settled before it is shown');
      const most = test.leadership - test.modifier;
      return roll(state, 'morale', {
        title: `${setup[loser].name}: Morale check`,
        actor: loser,
        count: 2,
        sides: 6,
        needs: `2D6 ≤ ${most} (a double 1 always passes)`,
        why: test.why,
        notes: ['A failed check: the unit falls back, and the winner may catch it with a Sweeping Advance.'],
      });
    }
    case 'sweep': {
      const winner = state.result!.winner!;
      const loser = otherRole(winner);
      const i = sweepInitiatives(setup, winner, loser, state.wounds);
      const need = sweepNeed(i.winner, i.loser, state.sweepRoll);
      const who = need.kind === 'winner' ? winner : loser;
      const why: Reason[] = [
        { rule: 'Sweeping Advance', detail: `each side rolls D6 + its Initiative (the lowest among its surviving models, Unwieldy ignored): ${setup[winner].name} I${i.winner}, ${setup[loser].name} I${i.loser}; the winner's total equal or higher catches the loser` },
      ];
      if (setup[loser].atsknf) why.push({ rule: 'And They Shall Know No Fear', detail: `${setup[loser].name} are not destroyed if caught: they stay locked in combat` });
      return roll(state, 'sweep', {
        title: `${setup[who].name}: Sweeping Advance roll`,
        actor: who,
        count: 1,
        sides: 6,
        // The loser escapes only by beating the winner's total: D6 + I above it.
        needs: need.kind === 'loser' ? `${need.winnerTotal - i.loser + 1}+ to escape (D6 + I${i.loser} must beat ${need.winnerTotal})` : `D6 + I${i.winner}`,
        why,
      });
    }
    case 'roundEnd':
      return choose(state, 'round', {
        title: `Round ${state.round} is over`,
        actor: 'attacker',
        prompt: `Both units are still locked in combat. Fight round ${state.round + 1} now, or stop here and go on next turn?`,
        options: [
          { id: 'next', label: `Fight round ${state.round + 1} now`, suggested: true },
          { id: 'stop', label: 'Stop here (the combat goes on in the next turn)' },
        ],
        why: [{ rule: 'Close combat', detail: 'a drawn combat, or a loser that passed its Morale check, stays locked in combat and fights again next round; nobody charges then' }],
      });
    case 'over':
      return { kind: 'outcome', id: `end.${state.counter}`, title: 'The combat is over', lines: finalLines(state), final: true };
  }
}

function strikeStep(state: State): Step {
  const { setup } = state;
  const head = state.rolls[0];
  if (head) {
    const g = groupOf(setup, head.role, head.group);
    const side = setup[head.role].name;
    const target = state.targets[head.role];
    if (head.stage === 'hit') {
      const t = hitTest(setup, head.role, head.group, target.weaponSkill);
      const a = attacksPerModel(setup, head.role, head.group, state.round);
      const bonus = [setup[head.role].charged && state.round === 1 ? '+1 charged' : '', g.twoWeapons ? '+1 two weapons' : ''].filter(Boolean);
      return roll(state, 'hit', {
        title: `${side}: ${g.name} to hit`,
        actor: head.role,
        count: head.dice,
        sides: 6,
        passOn: t.face!,
        needs: `${t.face}+`,
        why: [...t.why, { rule: 'Attacks', detail: `${plural(head.dice / a, 'model')} × ${plural(a, 'attack')} (A${g.attacks}${bonus.length ? ` ${bonus.join(' ')}` : ''}) with ${weaponText(setup, head.role, head.group)}` }],
        notes: [`Initiative step ${state.initiative}.`],
      });
    }
    const t = woundTest(setup, head.role, head.group, target.toughness);
    const destroyer = g.weapon.strength === 'D';
    return roll(state, 'wound', {
      title: `${side}: ${g.name} ${destroyer ? 'Destroyer roll' : 'to wound'}`,
      actor: head.role,
      count: head.dice,
      sides: 6,
      passOn: t.face!,
      ...(destroyer ? { criticalOn: 6 } : {}),
      needs: destroyer ? '2–5 seriously wounded, 6 deathblow' : `${t.face}+`,
      why: t.why,
      notes: [destroyer ? 'Each die that passes goes into the seriously-wounded pool (2–5) or the deathblow pool (6).' : 'Each wound goes into the wound pool of its Strength and AP.'],
    });
  }
  const a = state.allocation;
  if (!a) return poolOrderStep(state);
  const foe = otherRole(a.by);
  const pool = currentPool(state);
  if (!a.run) return allocationStep(state);
  const run = a.run;
  const g = groupOf(setup, foe, run.group);
  const where = run.lockOnly ? `${modelName(setup, foe, a.lock!.group, a.lock!.model)} (already has a wound of this pool allocated)` : `${g.name}`;
  // One wound needs no Fast Dice: only where it goes.
  const fast: Reason =
    run.count === 1
      ? { rule: 'Wound pool', detail: `this wound goes to ${run.lockOnly ? where : `${g.name} (the next in the unit's order)`}` }
      : run.lockOnly
        ? { rule: 'Fast Dice', detail: `these ${plural(run.count, 'wound')} all go to ${where} whatever the dice: rolled together` }
        : { rule: 'Fast Dice', detail: `these ${plural(run.count, 'wound')} all land on ${g.name} (identical models) whatever the dice, so the order cannot change anything: rolled together, applied in die order` };
  if (run.stage === 'save') {
    const save = saveTest(setup, foe, run.group, pool);
    const id = instantDeathWhy(setup, foe, run.group, pool);
    return roll(state, 'save', {
      title: `${setup[foe].name}: ${plural(run.count, 'save')} against ${poolLabel(pool)}`,
      actor: foe,
      count: run.count,
      sides: 6,
      passOn: save.face!,
      needs: `${save.face}+`,
      why: [...save.why, ...(id ? [id] : []), fast],
      notes: [`${run.count === 1 ? 'A pass saves the wound' : 'Each die that passes saves a wound'}; ${pool.wounds > 0 ? `${plural(pool.wounds, 'wound')} more ${pool.wounds === 1 ? 'waits' : 'wait'} in the pool` : 'the pool is then empty'}.`],
    });
  }
  if (run.stage === 'fnp') {
    const unsaved = run.fates!.filter((f) => f === 'unsaved').length;
    const face = feelNoPainFace(setup, foe, run.group, pool)!;
    return roll(state, 'fnp', {
      title: `${setup[foe].name}: Feel No Pain for ${plural(unsaved, 'unsaved wound')}`,
      actor: foe,
      count: unsaved,
      sides: 6,
      passOn: face,
      needs: `${face}+`,
      why: [feelNoPainWhy(setup, foe, run.group, pool), fast],
      notes: [unsaved === 1 ? 'A pass ignores the wound.' : 'Each die that passes ignores a wound.'],
    });
  }
  const target = runTarget(state);
  const left = state.wounds[foe][target.group]![target.model]!;
  const damage = damageOf(setup, foe, target.group, pool, left);
  const name = modelName(setup, foe, target.group, target.model);
  if (damage === 'd3') {
    return roll(state, 'd3', {
      title: `${setup[a.by].name}: ${name} seriously wounded — D3 wounds`,
      actor: a.by,
      count: 1,
      sides: 3,
      needs: `D3 wounds (${name} has ${left})`,
      why: [{ rule: 'Destroyer weapon', detail: `seriously wounded: the model loses D3 wounds instead of 1, no Feel No Pain; excess is lost` }],
    });
  }
  return roll(state, 'deathblow', {
    title: `${setup[a.by].name}: ${name} suffers a deathblow — D6 + 6 wounds`,
    actor: a.by,
    count: 1,
    sides: 6,
    needs: `D6 + 6 ≥ ${left} slays ${name}`,
    why: [{ rule: 'Destroyer weapon', detail: `deathblow: the model loses D6 + 6 wounds, no save, no Feel No Pain; excess is lost` }],
  });
}

function poolOrderStep(state: State): ChooseStep {
  const { setup } = state;
  const by = (['attacker', 'defender'] as const).find((r) => poolsLeft(state, r).length >= 2);
  if (!by) throw new Error('no wound pools to order');
  const pools = poolsLeft(state, by);
  return choose(state, 'poolOrder', {
    title: `${setup[by].name}: which wound pool next?`,
    actor: by,
    prompt: `Wound pools on ${setup[otherRole(by)].name}: ${pools.map(poolSummary).join(', ')}. All the wounds of one pool are allocated before the next.`,
    options: pools.map((p, i) => ({ id: p.key, label: `${poolSummary(p)} next`, ...(i === 0 ? { suggested: true } : {}) })),
    why: [{ rule: 'Wound pool', detail: 'when several pools of wounds are to be allocated, the player making the attacks decides the order; suggested: in the order of the model groups' }],
  });
}

function allocationStep(state: State): ChooseStep {
  const { setup } = state;
  const a = state.allocation!;
  const foe = otherRole(a.by);
  const pool = currentPool(state);
  const classes = modelClasses(state.wounds[foe]);
  const first = defaultTarget(state.wounds[foe])!;
  const firstName = groupOf(setup, foe, first.group).name;
  return choose(state, 'allocate', {
    title: `${setup[foe].name}: allocate ${plural(pool.wounds, 'wound')} (${poolLabel(pool)})`,
    actor: foe,
    prompt: `Which model takes the next wound? It keeps taking this pool's wounds until it is removed or the pool is empty.`,
    options: [
      { id: 'auto', label: `Allocate the ${plural(pool.wounds, 'wound')} as suggested: ${firstName} first, then down the list`, suggested: true },
      ...classes.map((c) => ({ id: classId(c), label: classLabel(setup, foe, c) })),
    ],
    why: [ALLOCATION_RULE, { rule: 'Wound pool', detail: 'suggested: the first surviving model of the unit\'s list, the one already wounded first' }],
  });
}
