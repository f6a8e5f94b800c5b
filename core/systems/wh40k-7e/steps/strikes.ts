import { stepMemo } from '../../../combat/memo';
import { chooseStep, rollStep, type StepKind } from '../../../combat/stepEngine';
import { groupsOf, splitDice } from '../../../combat/rollGroups';
import type { ChooseStep, DiceGroup, Reason, RollStep } from '../../../combat/steps';
import { InputError } from '../../../combat/system';
import { classId, classLabel, defaultTarget, modelClasses } from '../allocation';
import { currentPool, poolsLeft, settleAllocation, settlePools, startAllocation } from '../flow';
import { addWounds, poolFor, poolLabel, poolSummary } from '../pools';
import {
  attacksPerModel,
  groupOf,
  modelName,
  otherRole,
  plural,
  woundsKey,
  type State,
  type StrikeRoll,
} from '../state';
import { hitTest, weaponText, woundTest } from '../strikes';
import { applySaves, saveChain, saveChainWhy, saveGroups } from './saveChain';
import { strikesTaken } from './strikeChain';
import { destroyerResult } from '../tables';

/**
 * An Initiative step's strikes (seed 000 "Roll To Hit", "Roll To Wound", "The Wound Pool",
 * "Allocate Wounds & Remove Casualties"): each striking group's roll to hit, then to wound; the
 * order of the wound pools; which model takes the next wound.
 */

export const ALLOCATION_RULE: Reason = {
  rule: 'Allocate Wounds & Remove Casualties',
  detail:
    "every model is in base contact, so the defending player picks which model takes a wound; once a model has a wound allocated it keeps taking this pool's wounds until it is removed or the pool is empty",
};

/** The roll to hit of one group of the step. */
function hitStep(state: State, head: StrikeRoll): RollStep {
  const { setup } = state;
  const g = groupOf(setup, head.role, head.group);
  const t = hitTest(setup, head.role, head.group, state.targets[head.role].weaponSkill);
  const a = attacksPerModel(setup, head.role, head.group, state.round);
  const bonus = [
    setup[head.role].charged && state.round === 1 ? '+1 charged' : '',
    g.twoWeapons ? '+1 two weapons' : '',
  ].filter(Boolean);
  return rollStep(state, 'hit', {
    title: `${setup[head.role].name}: ${g.name} to hit`,
    actor: head.role,
    count: head.dice,
    sides: 6,
    passOn: t.face!,
    needs: `${t.face}+`,
    why: [
      ...t.why,
      {
        rule: 'Attacks',
        detail: `${plural(head.dice / a, 'model')} × ${plural(a, 'attack')} (A${g.attacks}${bonus.length ? ` ${bonus.join(' ')}` : ''}) with ${weaponText(setup, head.role, head.group)}`,
      },
    ],
    notes: [`Initiative step ${state.initiative}.`],
  });
}

/** The roll to wound (or the Destroyer roll) of one group of the step. */
function woundStep(state: State, head: StrikeRoll): RollStep {
  const { setup } = state;
  const g = groupOf(setup, head.role, head.group);
  const t = woundTest(setup, head.role, head.group, state.targets[head.role].toughness);
  const destroyer = g.weapon.strength === 'D';
  return rollStep(state, 'wound', {
    title: `${setup[head.role].name}: ${g.name} ${destroyer ? 'Destroyer roll' : 'to wound'}`,
    actor: head.role,
    count: head.dice,
    sides: 6,
    passOn: t.face!,
    ...(destroyer ? { criticalOn: 6 } : {}),
    needs: destroyer ? '2–5 seriously wounded, 6 deathblow' : `${t.face}+`,
    why: t.why,
    notes: [
      destroyer
        ? 'Each die that passes goes into the seriously-wounded pool (2–5) or the deathblow pool (6).'
        : 'Each wound goes into the wound pool of its Strength and AP.',
    ],
  });
}

const oneRollStep = (state: State, roll: StrikeRoll) =>
  roll.stage === 'hit' ? hitStep(state, roll) : woundStep(state, roll);

/** Whose dice: the model group, and its unit where both units roll in the step (their groups may share a name). */
const byWhom = (state: State, roll: StrikeRoll, both: boolean) =>
  `${groupOf(state.setup, roll.role, roll.group).name}${both ? ` (${state.setup[roll.role].name})` : ''}`;

/**
 * Every group striking at this Initiative step rolls at the same moment (seed 000: both units at
 * one step strike together, and "Fast Dice" rolls alike dice together): one roll step, to hit and
 * then, a D6 for each hit, to wound — as players roll an attack through — with a group of dice per
 * group of models, since their targets and profiles differ. The to-hit groups come first, then the
 * to-wound ones, so the dice go in the order the two rolls of old took them.
 */
function strikeRollStep(state: State): RollStep {
  const { setup } = state;
  const taken = strikesTaken(state);
  if (taken.chained === 0) return oneRollStep(state, state.rolls[0]!);
  const rolls = state.rolls.slice(0, taken.chained);
  const parts = rolls.map((r) => ({
    roll: r,
    hit: r.stage === 'hit' ? hitStep(state, r) : null,
    wound: woundStep(state, { ...r, stage: 'wound' }),
  }));
  const roles = new Set(rolls.map((r) => r.role));
  const who = roles.size > 1 ? 'both units roll' : `${setup[rolls[0]!.role].name} roll`;
  const hits = parts.filter((p) => p.hit !== null);
  const saves = saveChain(state, taken.chained);
  const foe = otherRole(rolls[0]!.role);
  const what = `${hits.length > 0 ? 'to hit and to wound' : 'to wound'}${saves ? `, ${setup[foe].name} save` : ''}`;
  const groups: DiceGroup[] = [
    ...hits.map(({ roll, hit }) => ({
      id: `${roll.role}.${roll.group}.hit`,
      roller: roll.role,
      label: `${byWhom(state, roll, roles.size > 1)} to hit`,
      count: hit!.count,
      sides: 6 as const,
      passOn: hit!.passOn!,
      needs: hit!.needs,
    })),
    ...parts.map(({ roll, wound }) => ({
      id: `${roll.role}.${roll.group}.wound`,
      roller: roll.role,
      label: `${byWhom(state, roll, roles.size > 1)} ${groupOf(setup, roll.role, roll.group).weapon.strength === 'D' ? 'Destroyer roll' : 'to wound'}`,
      count: roll.dice,
      sides: 6 as const,
      passOn: wound.passOn!,
      ...(wound.criticalOn !== undefined ? { criticalOn: wound.criticalOn } : {}),
      needs: wound.needs,
      ...(roll.stage === 'hit'
        ? { per: { group: `${roll.role}.${roll.group}.hit`, on: 'pass' as const }, note: 'a D6 for each hit' }
        : {}),
    })),
    ...(saves ? saveGroups(state, saves) : []),
  ];
  const faces = new Set(groups.map((g) => g.needs));
  return rollStep(state, 'strike', {
    title: `Initiative step ${state.initiative}: ${who} ${what}`,
    actor: rolls[0]!.role,
    count: groups.reduce((n, g) => n + g.count, 0),
    sides: 6,
    needs: faces.size === 1 ? [...faces][0]! : 'as each group of dice says',
    groups,
    // The rules keep, of each group's dice, only how many wound (or how the Destroyer roll or the
    // saves fall): how many hit along the way is only told in the log.
    readsChainEnds: true,
    why: [
      ...parts.flatMap(({ roll, hit, wound }) =>
        [...(hit?.why ?? []), ...wound.why].map((w) => ({
          rule: `${w.rule} (${groupOf(setup, roll.role, roll.group).name})`,
          detail: w.detail,
        })),
      ),
      {
        rule: 'Fast Dice',
        detail: `everyone striking at Initiative step ${state.initiative} strikes at the same moment: roll to hit, then a D6 to wound for each hit, a group of dice for each group of models${roles.size > 1 ? ' (each player rolls the dice of their own models)' : ''}`,
      },
      ...(saves ? saveChainWhy(state, saves) : []),
    ],
    notes: [
      `Initiative step ${state.initiative}.${roles.size > 1 ? ` ${[...roles].map((r) => `${setup[r].name} roll the dice of their own models`).join('; ')}.` : ''}${saves ? ` ${setup[rolls[0]!.role].name} roll to hit and to wound; ${setup[foe].name} roll a save for each wound.` : ''}`,
    ],
  });
}

/**
 * What the strike roll reads besides the setup and the counter: the rolls, the round and the
 * Initiative step, what the strikers see of the enemy, and the wounds on both units (the saves
 * rolled through land on the models next in line). The same rolls come back in every play-out:
 * the step is built once per combat and key.
 */
const strikeRollKey = (state: State) =>
  `${JSON.stringify([state.round, state.initiative, state.rolls, state.targets])}|${woundsKey(state.wounds)}`;
const rememberedRolls = stepMemo<RollStep>();

/** What one group's dice did: its hits go on to the wound roll; its wounds go into their pools. */
function applyRoll(
  s: State,
  roll: StrikeRoll,
  dice: readonly number[],
  passOn: number,
): { state: State; next: StrikeRoll | null; text: string } {
  const { setup } = s;
  const passing = dice.filter((f) => f >= passOn).length;
  // Hits go on to the wound roll (or the Destroyer roll) straight away.
  if (roll.stage === 'hit')
    return {
      state: s,
      next: passing > 0 ? { ...roll, stage: 'wound', dice: passing } : null,
      text: plural(passing, 'hit'),
    };
  let pools = s.pools[roll.role];
  let text: string;
  if (setup[roll.role].models[roll.group]!.weapon.strength === 'D') {
    // Seed 000 Destroyer table: 1 nothing, 2–5 seriously wounded, 6 deathblow.
    const seriously = dice.filter((f) => destroyerResult(f) === 'seriously').length;
    const deathblow = dice.filter((f) => destroyerResult(f) === 'deathblow').length;
    pools = addWounds(
      addWounds(pools, poolFor(setup, roll.role, roll.group, 'deathblow'), deathblow),
      poolFor(setup, roll.role, roll.group, 'seriously'),
      seriously,
    );
    text = `${plural(deathblow, 'deathblow')}, ${seriously} seriously wounded, ${dice.length - seriously - deathblow} no effect`;
  } else {
    const pool = poolFor(setup, roll.role, roll.group);
    pools = addWounds(pools, pool, passing);
    text = `${plural(passing, 'wound')} into the ${poolLabel(pool)} pool`;
  }
  return { state: { ...s, pools: { ...s.pools, [roll.role]: pools } }, next: null, text };
}

/** The step's strike rolls: to hit, then (their hits) to wound, the wounds going into their pools. */
export const strikeRollKind: StepKind<State> = {
  ask: (state) => rememberedRolls(state.setup, strikeRollKey(state), state.counter, () => strikeRollStep(state)),
  answer(s, { step, dice, log }) {
    if (step.kind !== 'roll') throw new Error('a strike roll is a pass/fail roll');
    const groups = groupsOf(step);
    const split = splitDice(step, dice);
    const taken = strikesTaken(s).chained;
    let next = s;
    const texts: string[] = [];
    if (taken === 0) {
      // One group's roll alone (too many dice to roll through): to hit, then to wound, as two steps.
      const roll = s.rolls[0]!;
      const r = applyRoll(next, roll, split[0]!, groups[0]!.passOn!);
      return { ...log(r.state, r.text, dice), rolls: [...(r.next ? [r.next] : []), ...s.rolls.slice(1)] };
    }
    const rolls = s.rolls.slice(0, taken);
    const hitRolls = rolls.filter((r) => r.stage === 'hit');
    rolls.forEach((roll, i) => {
      const h = hitRolls.indexOf(roll);
      const at = hitRolls.length + i;
      const hitText = h >= 0 ? plural(split[h]!.filter((f) => f >= groups[h]!.passOn!).length, 'hit') : null;
      const wound = applyRoll(
        next,
        { ...roll, stage: 'wound', dice: split[at]!.length },
        split[at]!,
        groups[at]!.passOn!,
      );
      next = wound.state;
      const text = hitText === null ? wound.text : split[at]!.length === 0 ? hitText : `${hitText}, ${wound.text}`;
      texts.push(rolls.length === 1 ? text : `${groupOf(s.setup, roll.role, roll.group).name}: ${text}`);
    });
    const saves = saveChain(s, taken);
    if (saves) {
      // The save groups come last, one for each group's wounds: all take the one save number.
      const saved = applySaves(next, saves, split.slice(hitRolls.length + rolls.length).flat());
      next = saved.state;
      if (saved.text) texts.push(saved.text);
    }
    return { ...log(next, texts.join('; '), dice), rolls: s.rolls.slice(taken) };
  },
};

function poolOrderStep(state: State): ChooseStep {
  const { setup } = state;
  const by = (['attacker', 'defender'] as const).find((r) => poolsLeft(state, r).length >= 2);
  if (!by) throw new Error('no wound pools to order');
  const pools = poolsLeft(state, by);
  return chooseStep(state, 'poolOrder', {
    title: `${setup[by].name}: which wound pool next?`,
    actor: by,
    prompt: `Wound pools on ${setup[otherRole(by)].name}: ${pools.map(poolSummary).join(', ')}. All the wounds of one pool are allocated before the next.`,
    options: pools.map((p, i) => ({
      id: p.key,
      label: `${poolSummary(p)} next`,
      ...(i === 0 ? { suggested: true } : {}),
    })),
    why: [
      {
        rule: 'Wound pool',
        detail:
          'when several pools of wounds are to be allocated, the player making the attacks decides the order; suggested: in the order of the model groups',
      },
    ],
  });
}

/** Between allocations: the only pool goes next by itself; two or more, the attacking player orders them. */
export const poolsKind: StepKind<State> = {
  auto: settlePools,
  ask: poolOrderStep,
  answer(s, { step, option, log }) {
    const by = step.kind === 'choose' ? step.actor : 'attacker';
    const pool = s.pools[by].find((p) => p.key === option);
    if (!pool) throw new InputError(`"${option}" is not a wound pool of ${s.setup[by].name}.`, 'option');
    // The result says what follows: the choice itself is in the step's option.
    const later = s.pools[by].filter((p) => p.key !== pool.key && p.wounds > 0);
    const then = later.length > 0 ? `; then ${later.map(poolSummary).join(', ')}` : '';
    return startAllocation(
      log(s, `${plural(pool.wounds, 'wound')} of ${poolLabel(pool)} allocated now${then}`),
      by,
      pool.key,
    );
  },
};

function allocationStep(state: State): ChooseStep {
  const { setup } = state;
  const a = state.allocation!;
  const foe = otherRole(a.by);
  const pool = currentPool(state);
  const classes = modelClasses(state.wounds[foe]);
  const first = defaultTarget(state.wounds[foe])!;
  const firstName = groupOf(setup, foe, first.group).name;
  return chooseStep(state, 'allocate', {
    title: `${setup[foe].name}: allocate ${plural(pool.wounds, 'wound')} (${poolLabel(pool)})`,
    actor: foe,
    prompt: `Which model takes the next wound? It keeps taking this pool's wounds until it is removed or the pool is empty.`,
    options: [
      {
        id: 'auto',
        label: `Allocate the ${plural(pool.wounds, 'wound')} as suggested: ${firstName} first, then down the list`,
        suggested: true,
      },
      ...classes.map((c) => ({ id: classId(c), label: classLabel(setup, foe, c) })),
    ],
    why: [
      ALLOCATION_RULE,
      {
        rule: 'Wound pool',
        detail: "suggested: the first surviving model of the unit's list, the one already wounded first",
      },
    ],
  });
}

/** A pool being allocated: where there is a choice of model, the defending player makes it. */
export const allocateKind: StepKind<State> = {
  auto: settleAllocation,
  ask: allocationStep,
  answer(s, { option, log }) {
    const a = s.allocation!;
    const foe = otherRole(a.by);
    if (option === 'auto') return { ...log(s, 'the rest of this pool as suggested'), allocation: { ...a, auto: true } };
    const c = modelClasses(s.wounds[foe]).find((x) => classId(x) === option);
    if (!c) throw new InputError(`"${option}" is not a model that can take this wound.`, 'option');
    const pool = currentPool(s);
    const name = modelName(s.setup, foe, c.group, c.first);
    // Seed 000: the model keeps taking this pool's wounds until it is removed.
    const next = log(
      s,
      pool.wounds === 1
        ? `${name} takes it`
        : `${name} takes the next wound, and the rest of the pool until it is removed`,
    );
    return { ...next, allocation: { ...a, lock: { group: c.group, model: c.first } } };
  },
};
