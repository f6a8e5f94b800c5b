import { chooseStep, rollStep } from '../../../combat/stepEngine';
import type { Reason } from '../../../combat/steps';
import { InputError } from '../../../combat/system';
import { allocationFor } from '../allocation';
import { applyEventBatch, eventBatch } from '../batching';
import { attackDamage, damageRerollIndices, expressionValue, fixedAttackDamage, withRerolled } from '../damageRoll';
import {
  damageDiceOf,
  damageGroups,
  damageModifierReasons,
  damageRerollReason,
  diceByGroup,
  rerollGroups,
  rerollPossible,
} from '../damageSteps';
import { modelFeelNoPain } from '../damage';
import { blankResolving, finishResolving, withLog } from '../flow';
import { groupName, groupOf, modelLabel, plural, setModel, weaponOf, type State } from '../state';
import { answered, feelNoPainReason, groupedRoll, tagOf, weaponNow, type Applied, type Kind } from './common';

/**
 * Allocating attacks and inflicting damage (seed 001, "Allocate Attack", "Inflict Damage"): one
 * attack (or mortal wound) at a time where the order matters, its Damage dice, Melta and Feel No
 * Pain dice in one step; Devastating Wounds and mortal wounds of fixed damage in one batch.
 */

/** The next attack, Devastating Wounds attack or mortal wound to resolve one at a time. */
export const beginResolvingKind: Kind = {
  auto(state) {
    const run = state.run;
    if (run?.mode === 'batch')
      return {
        ...state,
        resolving: { ...blankResolving('attack', run.weapon), save: run.batchSave, saveFailed: true },
      };
    if (run) return { ...state, resolving: blankResolving('attack', run.weapon) };
    const dev = state.devastatingPending[0];
    if (dev) return { ...state, resolving: blankResolving('devastating', dev.weapon) };
    return { ...state, resolving: blankResolving('mortal', null) };
  },
};

/** Devastating Wounds and mortal wounds of fixed damage against identical models: one roll of Feel No Pain dice, or none. */
export const eventBatchKind: Kind = {
  auto(state) {
    // Fast dice rolling (batching.ts 3.): identical models, fixed damage; without Feel No Pain nothing to roll.
    const batch = eventBatch(state)!;
    if (batch.fnp !== null && batch.damage > 0) return null;
    const r = applyEventBatch(state, batch, []);
    const what =
      batch.source === 'devastating' ? `${weaponOf(state, batch.weapon!).name}: Devastating Wounds` : 'Mortal wounds';
    return withLog(
      r.state,
      `after.${batch.source}`,
      'defender',
      what,
      `${plural(batch.events, batch.source === 'devastating' ? 'Critical Wound' : 'mortal wound')}: ${plural(r.lost, 'wound')} lost, ${plural(r.destroyed, 'model')} destroyed`,
    );
  },
  ask(state) {
    const b = eventBatch(state)!;
    const g = groupOf(
      state,
      state.models.findIndex((m) => m.woundsLeft > 0),
    );
    const what =
      b.source === 'devastating'
        ? `${plural(b.events, 'Devastating Wounds Critical Wound')} × ${plural(b.damage, 'mortal wound')}`
        : plural(b.events, 'mortal wound');
    return rollStep(state, `after.${b.source}.fnp`, {
      title: `${groupName(state.setup, g)}: Feel No Pain against ${b.source === 'devastating' ? `${weaponOf(state, b.weapon!).name}'s Devastating Wounds` : 'mortal wounds'}`,
      actor: 'defender',
      count: b.events * b.damage,
      sides: 6,
      passOn: b.fnp!,
      needs: `${b.fnp}+`,
      why: [
        b.source === 'devastating'
          ? {
              rule: 'Devastating Wounds',
              detail: `a Critical Wound allows no saving throw: ${plural(b.damage, 'mortal wound')} each, after all normal damage; excess is lost`,
            }
          : {
              rule: 'Mortal wounds',
              detail: 'one point of damage each, after all attacks; they spill over to the next model',
            },
        feelNoPainReason(b.fnp!, b.source, `${what}, taken in order`),
        {
          rule: 'Fast dice rolling',
          detail:
            'every model has the same profile and the damage is fixed: the order of allocation makes no difference, so the Feel No Pain dice are rolled at once',
        },
      ],
    });
  },
  answer: answered((state, { dice }) => {
    const b = eventBatch(state)!;
    const r = applyEventBatch(state, b, dice);
    const ignored = dice.filter((d) => d >= b.fnp!).length;
    return {
      state: r.state,
      result: `${ignored} ignored by Feel No Pain; ${plural(r.lost, 'wound')} lost, ${plural(r.destroyed, 'model')} destroyed`,
    };
  }),
};

const precisionNow = (state: State) => {
  const res = state.resolving!;
  return res.weapon !== null && res.source !== 'mortal' && weaponOf(state, res.weapon).abilities.precision;
};

/** Allocate the attack: a model that has lost wounds or had an attack allocated must take it; the defender chooses otherwise, the attacker by Precision. */
export const allocateKind: Kind = {
  auto(state) {
    const res = state.resolving!;
    const a = allocationFor(state, precisionNow(state), res.precisionDeclined);
    if (a.kind === 'choose') return null;
    return { ...setModel(state, a.model, { allocated: true }), resolving: { ...res, target: a.model } };
  },
  ask(state) {
    const res = state.resolving!;
    const w = weaponNow(state);
    const a = allocationFor(state, precisionNow(state), res.precisionDeclined);
    if (a.kind === 'auto') throw new Error('allocation is automatic here');
    const what =
      res.source === 'attack'
        ? res.saveFailed
          ? 'failed save'
          : 'attack'
        : res.source === 'devastating'
          ? 'Devastating Wounds attack'
          : 'mortal wound';
    return chooseStep(state, `${tagOf(state)}.allocate`, {
      title: `Allocate the ${what}${w ? ` (${w.name})` : ''}`,
      actor: a.actor,
      prompt: a.prompt.replace('attack', what),
      options: a.options,
      why: [
        {
          rule: 'Allocate attack — Making Attacks',
          detail:
            'a model that has lost wounds or had an attack allocated must take it; CHARACTER models only when no other model is left, or by Precision (the attacker picks)',
        },
      ],
    });
  },
  answer: answered((state, { option }) => {
    const res = state.resolving!;
    if (option === 'defender')
      return { state: { ...state, resolving: { ...res, precisionDeclined: true } }, result: 'the defender allocates' };
    const model = Number(option!.slice(1));
    const m = state.models[model];
    if (!option!.startsWith('m') || !m || m.woundsLeft <= 0)
      throw new InputError(`"${option}" is not a model that can take this attack.`, 'option');
    return {
      state: { ...setModel(state, model, { allocated: true }), resolving: { ...res, target: model } },
      result: `allocated to ${modelLabel(state, model)}`,
    };
  }),
};

/** The Damage step's reasons: the Damage (or Devastating Wounds), its re-roll, Melta, the target's modifiers, Feel No Pain, and why the dice come together. */
function damageReasons(state: State, reroll: boolean): Reason[] {
  const res = state.resolving!;
  const w = weaponNow(state)!;
  const d = damageDiceOf(state, res);
  const groups = reroll ? rerollGroups(state) : damageGroups(state);
  const melta = d.melta ? ` + Melta ${w.abilities.melta}` : '';
  const why: Reason[] = [
    res.source === 'devastating'
      ? {
          rule: 'Devastating Wounds',
          detail: `a Critical Wound allows no saving throw: mortal wounds equal to the Damage (${w.damage}${melta}), after all normal damage; excess is lost`,
        }
      : {
          rule: 'Inflict damage — Making Attacks',
          detail: `Damage ${w.damage}${melta}; excess damage from this attack is lost`,
        },
  ];
  if (reroll || rerollPossible(w, d)) why.push(damageRerollReason(w, d.damage, reroll ? res.damageFaces! : undefined));
  if (d.melta)
    why.push({
      rule: 'Melta',
      detail: `+${w.abilities.melta} Damage within half range, rolled on its own and never re-rolled`,
    });
  why.push(...damageModifierReasons(state.setup));
  const fnpGroup = groups.find((g) => g.id === 'fnp');
  if (d.fnp !== null && fnpGroup)
    why.push(
      feelNoPainReason(
        d.fnp,
        res.source,
        `rolled with the Damage, the first dice counting, one per point${!reroll && rerollPossible(w, d) ? '; if a Damage die is re-rolled, they are rolled again with the re-roll' : ''}`,
      ),
    );
  why.push({
    rule: 'Fast dice rolling',
    detail: reroll
      ? 'the re-rolled dice and the Feel No Pain dice are rolled together'
      : `random Damage is rolled one attack at a time (the order of allocation matters when excess damage is lost)${groups.length > 1 ? ", so this step takes all of this attack's damage dice at once" : ''}${d.fnp !== null && !fnpGroup ? '; its Feel No Pain dice come once the Damage is known (it may be re-rolled)' : ''}`,
  });
  return why;
}

/** "3 damage", "3 + Melta 2 = 5 → 3 damage after the target's damage modifiers". */
function damageWords(rolled: number, melta: number, damage: number): string {
  const sum = rolled + melta;
  const base = melta > 0 ? `${rolled} + Melta ${melta} = ${sum}` : `${sum}`;
  return damage === sum
    ? melta > 0
      ? `${base} damage`
      : `${damage} damage`
    : `${base} → ${damage} damage after the target's damage modifiers`;
}

/** Damage applied with its Feel No Pain dice, in words: "Targets 1 loses 2 wounds (1 ignored by Feel No Pain) and is destroyed". */
function finishWithWords(state: State, fnpDice: readonly number[]): Applied {
  const res = state.resolving!;
  const before = state.models[res.target!]!.woundsLeft;
  const label = modelLabel(state, res.target!);
  const fnp = modelFeelNoPain(state, res.target!, res.source);
  const s = finishResolving(state, fnpDice);
  const after = s.models[res.target!]!.woundsLeft;
  const used = fnp === null ? [] : fnpDice.slice(0, res.damage ?? 0);
  const ignored = fnp === null ? 0 : used.filter((d) => d >= fnp).length;
  const saved = ignored > 0 ? ` (${ignored} ignored by Feel No Pain)` : '';
  return {
    state: s,
    result: `${label} loses ${plural(before - after, 'wound')}${saved}${after === 0 ? ' and is destroyed' : ''}`,
  };
}

/** The Damage (and Melta, and Feel No Pain) dice of one attack, or its re-roll; a re-roll is decided by the first roll, before Melta and the target's modifiers. */
function applyDamage(state: State, dice: readonly number[], reroll: boolean): Applied {
  const res = state.resolving!;
  const parts = diceByGroup(reroll ? rerollGroups(state) : damageGroups(state), dice);
  const weapon = weaponOf(state, res.weapon!);
  const d = damageDiceOf(state, res);
  let faces: number[];
  let melta: number;
  if (!reroll) {
    faces = parts['damage'] ?? [];
    melta = d.melta
      ? d.melta.count > 0
        ? expressionValue(d.melta, parts['melta'] ?? [])
        : Math.max(0, d.melta.modifier)
      : 0;
    // WH40K10-MODIFIERS.md damage re-roll: decided by the first roll, before Melta and the target's modifiers.
    const again = damageRerollIndices(weapon.damageReroll, d.damage, faces);
    if (again.length > 0) {
      return {
        state: { ...state, resolving: { ...res, damageFaces: faces, melta } },
        result: `Damage ${faces.join(', ')}: ${plural(again.length, 'die', 'dice')} to re-roll`,
      };
    }
  } else {
    faces = withRerolled(
      res.damageFaces!,
      damageRerollIndices(weapon.damageReroll, d.damage, res.damageFaces!),
      parts['reroll'] ?? [],
    );
    melta = res.melta;
  }
  const rolled = expressionValue(d.damage, faces);
  const damage = attackDamage(state.setup, rolled, melta);
  const words = damageWords(rolled, melta, damage);
  const s: State = { ...state, resolving: { ...res, damageFaces: faces, melta, damage } };
  const fnpDice = parts['fnp'];
  if (fnpDice === undefined) return { state: s, result: words };
  const r = finishWithWords(s, fnpDice);
  return { state: r.state, result: `${words}; ${r.result}` };
}

const damageTitle = (state: State, reroll: boolean) =>
  `${weaponNow(state)!.name}: ${reroll ? 'damage re-roll' : state.resolving!.source === 'devastating' ? 'Devastating Wounds damage' : 'damage'}`;

/** The attack's Damage: a mortal wound is 1 damage (never halved or reduced); a fixed Damage needs no roll. */
export const damageKind: Kind = {
  auto(state) {
    const res = state.resolving!;
    const fixed = res.source === 'mortal' ? 1 : fixedAttackDamage(state.setup, weaponOf(state, res.weapon!));
    return fixed === null ? null : { ...state, resolving: { ...res, damage: fixed } };
  },
  ask: (state) =>
    groupedRoll(
      state,
      `${tagOf(state)}.damage`,
      { title: damageTitle(state, false), actor: 'attacker', why: damageReasons(state, false) },
      damageGroups(state),
    ),
  answer: answered((state, { dice }) => applyDamage(state, dice, false)),
};

export const damageRerollKind: Kind = {
  ask: (state) =>
    groupedRoll(
      state,
      `${tagOf(state)}.damageReroll`,
      { title: damageTitle(state, true), actor: 'attacker', why: damageReasons(state, true) },
      rerollGroups(state),
    ),
  answer: answered((state, { dice }) => applyDamage(state, dice, true)),
};

/** Feel No Pain of one attack's damage, once the damage is known: one D6 per point. */
export const fnpKind: Kind = {
  auto(state) {
    const res = state.resolving!;
    return modelFeelNoPain(state, res.target!, res.source) !== null && (res.damage ?? 0) > 0
      ? null
      : finishResolving(state, []);
  },
  ask(state) {
    const res = state.resolving!;
    const fnp = modelFeelNoPain(state, res.target!, res.source)!;
    const damage = res.damage!;
    return rollStep(state, `${tagOf(state)}.fnp`, {
      title: `${modelLabel(state, res.target!)}: Feel No Pain`,
      actor: 'defender',
      count: damage,
      sides: 6,
      passOn: fnp,
      needs: `${fnp}+`,
      why: [
        feelNoPainReason(
          fnp,
          res.source,
          `${plural(damage, 'point')} of damage; dice after the model is destroyed are ignored`,
        ),
      ],
    });
  },
  answer: answered((state, { dice }) => finishWithWords(state, dice)),
};
