import type { ChooseStep, DiceGroup, Reason, RollStep, Step } from '../../combat/steps';
import { faceText, hitTest, rerollOf, saveFaces, saveReasons, saveRerollReason, woundTest } from './abilities';
import { allocationFor } from './allocation';
import { batchFaces, batchWords, eventBatch } from './batching';
import { fixedAttackDamage } from './damageRoll';
import { damageGroups, damageModifierReasons, damageRerollReason, rerollGroups, rerollPossible, damageDiceOf } from './damageSteps';
import { modelFeelNoPain } from './damage';
import { expr, itemsPerStep } from './dice';
import { deadlyDemiseModels, hazardousModels, stageOf } from './flow';
import { outcomeLines } from './outcome';
import { attackingModelLabel, groupName, groupOf, MAX_DICE, modelLabel, plural, weaponOf, type Resolving, type State } from './state';

/**
 * What the combat needs now, as a step of the protocol (core/combat/steps.ts). Each reason names
 * the rule as players know it ("Hit roll — Making Attacks", "Saving throw", "Feel No Pain"); the
 * rule sources (seed 001, RULES.md §1, WH40K10-MODIFIERS.md) are in the code comments.
 */

const rerollNote: Record<string, string> = {
  none: 'No re-rolls.',
  ones: 'Re-roll rights: the dice showing an unmodified 1 (re-rolls happen before modifiers; a die is re-rolled once).',
  failed: 'Re-roll rights: the failed dice (re-rolls happen before modifiers; a die is re-rolled once).',
  all: 'Re-roll rights: any die — the failed dice are re-rolled, and where criticals matter you may also re-roll the non-critical successes.',
};

const ONCE = 'These dice are re-rolls: they cannot be re-rolled again.';

function roll(state: State, tag: string, s: Omit<RollStep, 'kind' | 'id' | 'notes'> & { notes?: string[] }): RollStep {
  return { kind: 'roll', id: `${tag}.${state.counter}`, notes: [], ...s };
}

/** A roll step from its groups: one group is a plain step; several make a step that takes them together. */
function groupedRoll(state: State, tag: string, s: { title: string; actor: RollStep['actor']; why: Reason[]; notes?: string[] }, groups: DiceGroup[]): RollStep {
  if (groups.length === 1) {
    const g = groups[0]!;
    return roll(state, tag, { ...s, count: g.count, sides: g.sides, needs: g.needs, ...(g.passOn !== undefined ? { passOn: g.passOn } : {}), ...(g.note ? { notes: [...(s.notes ?? []), `Feel No Pain dice: ${g.note}.`] } : {}) });
  }
  const needs = groups.map((g) => `${g.label}: ${g.count} D${g.sides}`).join(' · ');
  return roll(state, tag, { ...s, count: groups.reduce((a, g) => a + g.count, 0), sides: groups.some((g) => g.sides === 6) ? 6 : 3, needs, groups });
}

function choose(state: State, tag: string, s: Omit<ChooseStep, 'kind' | 'id'>): ChooseStep {
  return { kind: 'choose', id: `${tag}.${state.counter}`, ...s };
}

const feelNoPainReason = (fnp: number, source: Resolving['source'], detail: string): Reason => ({
  rule: 'Feel No Pain',
  detail: `${fnp}+${source === 'attack' ? '' : ' against mortal wounds'}: one D6 per wound that would be lost; ${detail}`,
});

export function nextStep(state: State): Step {
  const stage = stageOf(state);
  const run = state.run;
  const res = state.resolving;
  const setup = state.setup;
  const w = run ? weaponOf(state, run.weapon) : res && res.weapon !== null ? weaponOf(state, res.weapon) : null;
  const tag = run ? `w${run.weapon}` : 'after';
  switch (stage) {
    case 'attacks':
    case 'rapidFire': {
      const text = stage === 'attacks' ? w!.attacks : w!.abilities.rapidFire!;
      const e = expr(text);
      const pending = stage === 'attacks' ? run!.attackRollsPending : run!.rapidFireRollsPending;
      const models = itemsPerStep(pending, e.count);
      const what = stage === 'attacks' ? 'attacks' : 'Rapid Fire attacks';
      return roll(state, `${tag}.${stage}`, {
        title: `${w!.name}: roll ${what}`,
        actor: 'attacker',
        count: models * e.count,
        sides: e.sides,
        needs: `${text} per model (${plural(models, 'model')})`,
        why: [{ rule: stage === 'attacks' ? 'Attacks (A)' : 'Rapid Fire', detail: `${text} ${what} for each of ${plural(models, 'model')}${stage === 'rapidFire' ? ', within half range' : ''}` }],
      });
    }
    case 'hit':
    case 'hitReroll': {
      const t = hitTest(setup, w!);
      const pending = stage === 'hit' ? run!.hitsToRoll : run!.hitRerollsPending;
      return roll(state, `${tag}.${stage}`, {
        title: `${w!.name}: ${stage === 'hit' ? 'hit roll' : 'hit re-roll'}`,
        actor: 'attacker',
        count: Math.min(MAX_DICE, pending),
        sides: 6,
        passOn: t.face,
        criticalOn: t.criticalOn,
        needs: `${t.face}+`,
        why: t.why,
        notes: [stage === 'hit' ? rerollNote[rerollOf(w!, 'hit')]! : ONCE],
      });
    }
    case 'sustained': {
      const e = expr(w!.abilities.sustainedHits!);
      const crits = itemsPerStep(run!.sustainedRollsPending, e.count);
      return roll(state, `${tag}.sustained`, {
        title: `${w!.name}: Sustained Hits ${w!.abilities.sustainedHits}`,
        actor: 'attacker',
        count: crits * e.count,
        sides: e.sides,
        needs: `${w!.abilities.sustainedHits} extra hits per Critical Hit (${crits})`,
        why: [{ rule: 'Sustained Hits', detail: `each Critical Hit scores ${w!.abilities.sustainedHits} additional hits, which roll to wound normally` }],
      });
    }
    case 'wound':
    case 'woundReroll': {
      const t = woundTest(setup, state.models, w!);
      const pending = stage === 'wound' ? run!.woundsToRoll : run!.woundRerollsPending;
      return roll(state, `${tag}.${stage}`, {
        title: `${w!.name}: ${stage === 'wound' ? 'wound roll' : 'wound re-roll'}`,
        actor: 'attacker',
        count: Math.min(MAX_DICE, pending),
        sides: 6,
        passOn: t.face,
        criticalOn: t.criticalOn,
        needs: `${t.face}+`,
        why: t.why,
        notes: [stage === 'wound' ? rerollNote[rerollOf(w!, 'wound')]! : ONCE],
      });
    }
    case 'rerollChoice': {
      const c = run!.rerollChoice!;
      const crit = c.stage === 'hit' ? 'Critical Hits' : 'Critical Wounds';
      return choose(state, `${tag}.rerollChoice`, {
        title: `${w!.name}: ${c.stage} re-roll`,
        actor: 'attacker',
        prompt: `You may re-roll any ${c.stage} roll. Re-roll the failed dice only, or also the ${c.successes} successful dice that are not critical (fishing for ${crit})?`,
        options: [
          { id: 'failed', label: 'Re-roll the failed dice only', suggested: true },
          { id: 'fish', label: `Also re-roll the ${plural(c.successes, 'non-critical success', 'non-critical successes')}`, detail: `they may fail; a critical roll would be a ${crit.slice(0, -1)}` },
        ],
        why: [{ rule: 'Re-rolls', detail: `re-roll rights on every ${c.stage} roll; a die is re-rolled once, before modifiers` }],
      });
    }
    case 'batchChoice': {
      const f = batchFaces(state);
      return choose(state, `${tag}.saveChoice`, {
        title: `${w!.name}: which save?`,
        actor: 'defender',
        prompt: `Use the armour save (${faceText(f.armour)}) or the invulnerable save (${faceText(f.invulnerable)}) for these ${run!.savesToMake} attacks?`,
        options: saveOptions(f),
        why: [...saveReasons(setup, f.group, w!, f, 'armour'), ...saveReasons(setup, f.group, w!, f, 'invulnerable').slice(0, 1)],
      });
    }
    case 'batchSave': {
      const f = batchFaces(state);
      const face = run!.batchSave === 'invulnerable' ? f.invulnerable : f.armour;
      return roll(state, `${tag}.saves`, {
        title: `${w!.name}: saving throws`,
        actor: 'defender',
        count: run!.savesToMake,
        sides: 6,
        passOn: Math.min(7, face),
        needs: faceText(face),
        why: [...saveReasons(setup, f.group, w!, f, run!.batchSave!), { rule: 'Fast dice rolling', detail: batchWords(state) }],
      });
    }
    case 'batchSaveReroll': {
      const f = batchFaces(state);
      const face = run!.batchSave === 'invulnerable' ? f.invulnerable : f.armour;
      const policy = setup.defender.saveReroll as 'ones' | 'failed';
      return roll(state, `${tag}.saveRerolls`, {
        title: `${w!.name}: save re-rolls`,
        actor: 'defender',
        count: run!.saveRerollsPending,
        sides: 6,
        passOn: Math.min(7, face),
        needs: faceText(face),
        why: [saveRerollReason(policy), { rule: 'Fast dice rolling', detail: 'the dice to re-roll are re-rolled together, needing the same' }],
        notes: [ONCE],
      });
    }
    case 'batchFnp': {
      const f = batchFaces(state);
      const failed = run!.damageToApply;
      const perAttack = fixedAttackDamage(setup, w!) ?? 0;
      const fnp = f.group.feelNoPain!;
      return roll(state, `${tag}.fnp`, {
        title: `${groupName(setup, f.group)}: Feel No Pain`,
        actor: 'defender',
        count: failed * perAttack,
        sides: 6,
        passOn: fnp,
        needs: `${fnp}+`,
        why: [
          feelNoPainReason(fnp, 'attack', `${plural(failed, 'failed save')} × ${perAttack} damage, taken in order; dice for wounds after a model is destroyed are ignored (excess damage is lost)`),
          { rule: 'Fast dice rolling', detail: 'every model has the same profile and the Damage is fixed: the order of allocation makes no difference, so the Feel No Pain dice of the whole batch are rolled at once' },
        ],
      });
    }
    case 'eventBatch': {
      const b = eventBatch(state)!;
      const g = groupOf(state, state.models.findIndex((m) => m.woundsLeft > 0));
      const what = b.source === 'devastating' ? `${plural(b.events, 'Devastating Wounds Critical Wound')} × ${b.damage} mortal wounds` : plural(b.events, 'mortal wound');
      return roll(state, `after.${b.source}.fnp`, {
        title: `${groupName(setup, g)}: Feel No Pain against ${b.source === 'devastating' ? `${weaponOf(state, b.weapon!).name}'s Devastating Wounds` : 'mortal wounds'}`,
        actor: 'defender',
        count: b.events * b.damage,
        sides: 6,
        passOn: b.fnp!,
        needs: `${b.fnp}+`,
        why: [
          b.source === 'devastating'
            ? { rule: 'Devastating Wounds', detail: `a Critical Wound allows no saving throw: ${b.damage} mortal wounds each, after all normal damage; excess is lost` }
            : { rule: 'Mortal wounds', detail: 'one point of damage each, after all attacks; they spill over to the next model' },
          feelNoPainReason(b.fnp!, b.source, `${what}, taken in order`),
          { rule: 'Fast dice rolling', detail: 'every model has the same profile and the damage is fixed: the order of allocation makes no difference, so the Feel No Pain dice are rolled at once' },
        ],
      });
    }
    case 'allocate': {
      const precision = res!.source !== 'mortal' && w !== null && w.abilities.precision;
      const a = allocationFor(state, precision, res!.precisionDeclined);
      if (a.kind === 'auto') throw new Error('allocation is automatic here');
      const what = res!.source === 'attack' ? (res!.saveFailed ? 'failed save' : 'attack') : res!.source === 'devastating' ? 'Devastating Wounds attack' : 'mortal wound';
      return choose(state, `${tag}.allocate`, {
        title: `Allocate the ${what}${w ? ` (${w.name})` : ''}`,
        actor: a.actor,
        prompt: a.prompt.replace('attack', what),
        options: a.options,
        why: [{ rule: 'Allocate attack — Making Attacks', detail: 'a model that has lost wounds or had an attack allocated must take it; CHARACTER models only when no other model is left, or by Precision (the attacker picks)' }],
      });
    }
    case 'saveKind': {
      const g = groupOf(state, res!.target!);
      const f = saveFaces(setup, g, w!);
      return choose(state, `${tag}.saveChoice`, {
        title: `${modelLabel(state, res!.target!)}: which save?`,
        actor: 'defender',
        prompt: `Use the armour save (${faceText(f.armour)}) or the invulnerable save (${faceText(f.invulnerable)})?`,
        options: saveOptions(f),
        why: [...saveReasons(setup, g, w!, f, 'armour'), ...saveReasons(setup, g, w!, f, 'invulnerable').slice(0, 1)],
      });
    }
    case 'save': {
      const g = groupOf(state, res!.target!);
      const f = saveFaces(setup, g, w!);
      const face = res!.save === 'invulnerable' ? f.invulnerable : f.armour;
      const again = res!.saveRerolling;
      return roll(state, `${tag}.save`, {
        title: `${modelLabel(state, res!.target!)}: ${again ? 'save re-roll' : 'saving throw'}`,
        actor: 'defender',
        count: 1,
        sides: 6,
        passOn: Math.min(7, face),
        needs: faceText(face),
        why: again ? [saveRerollReason(setup.defender.saveReroll as 'ones' | 'failed')] : saveReasons(setup, g, w!, f, res!.save!),
        notes: again ? [ONCE] : [],
      });
    }
    case 'damage':
    case 'damageReroll': {
      const d = damageDiceOf(state, res!);
      const groups = stage === 'damage' ? damageGroups(state) : rerollGroups(state);
      const devastating = res!.source === 'devastating';
      const melta = d.melta ? ` + Melta ${w!.abilities.melta}` : '';
      const why: Reason[] = [
        devastating
          ? { rule: 'Devastating Wounds', detail: `a Critical Wound allows no saving throw: mortal wounds equal to the Damage (${w!.damage}${melta}), after all normal damage; excess is lost` }
          : { rule: 'Inflict damage — Making Attacks', detail: `Damage ${w!.damage}${melta}; excess damage from this attack is lost` },
      ];
      if (stage === 'damageReroll' || rerollPossible(w!, d)) why.push(damageRerollReason(w!, d.damage, stage === 'damageReroll' ? res!.damageFaces! : undefined));
      if (d.melta) why.push({ rule: 'Melta', detail: `+${w!.abilities.melta} Damage within half range, rolled on its own and never re-rolled` });
      why.push(...damageModifierReasons(setup));
      const fnpGroup = groups.find((g) => g.id === 'fnp');
      if (d.fnp !== null && fnpGroup) why.push(feelNoPainReason(d.fnp, res!.source, 'rolled with the Damage, the first dice counting, one per point'));
      why.push({
        rule: 'Fast dice rolling',
        detail:
          stage === 'damageReroll'
            ? 'the re-rolled dice and the Feel No Pain dice are rolled together'
            : `random Damage is rolled one attack at a time (the order of allocation matters when excess damage is lost)${groups.length > 1 ? ', so this step takes all of this attack\'s damage dice at once' : ''}${d.fnp !== null && !fnpGroup ? '; its Feel No Pain dice come once the Damage is known (it may be re-rolled)' : ''}`,
      });
      return groupedRoll(state, `${tag}.${stage}`, { title: `${w!.name}: ${stage === 'damageReroll' ? 'damage re-roll' : devastating ? 'Devastating Wounds damage' : 'damage'}`, actor: 'attacker', why }, groups);
    }
    case 'fnp': {
      const fnp = modelFeelNoPain(state, res!.target!, res!.source)!;
      const damage = res!.damage!;
      return roll(state, `${tag}.fnp`, {
        title: `${modelLabel(state, res!.target!)}: Feel No Pain`,
        actor: 'defender',
        count: damage,
        sides: 6,
        passOn: fnp,
        needs: `${fnp}+`,
        why: [feelNoPainReason(fnp, res!.source, `${plural(damage, 'point')} of damage; dice after the model is destroyed are ignored`)],
      });
    }
    case 'deadlyDemise': {
      const pending = deadlyDemiseModels(state).length - state.deadlyDemiseRolled;
      return roll(state, 'after.deadlyDemise', {
        title: 'Deadly Demise',
        actor: 'defender',
        count: Math.min(MAX_DICE, pending),
        sides: 6,
        passOn: 6,
        needs: '6',
        why: [{ rule: 'Deadly Demise', detail: `a D6 for each destroyed model with Deadly Demise (${pending}); on a 6 each unit within 6" suffers x mortal wounds` }],
      });
    }
    case 'hazardous': {
      const pending = hazardousModels(state).length - state.hazardousRolled;
      return roll(state, 'after.hazardous', {
        title: 'Hazardous tests',
        actor: 'attacker',
        count: Math.min(MAX_DICE, pending),
        sides: 6,
        passOn: 2,
        needs: '2+',
        why: [{ rule: 'Hazardous', detail: 'a D6 per model that attacked with a Hazardous weapon; on a 1 that model suffers 3 mortal wounds (excess lost)' }],
      });
    }
    case 'hazardousFate': {
      const h = state.hazardousFailed.find((x) => x.destroyed === null)!;
      const who = attackingModelLabel(state, h.model);
      return choose(state, 'after.hazardousFate', {
        title: `${who}: Hazardous`,
        actor: 'attacker',
        prompt: `${who} rolled a 1 for its ${weaponOf(state, h.weapon).name} and suffers 3 mortal wounds (excess is lost). Is it destroyed?`,
        options: [
          { id: 'destroyed', label: 'Destroyed', detail: 'it had 3 wounds or fewer left and no Feel No Pain saved it', suggested: true },
          { id: 'survived', label: 'It survives', detail: 'more than 3 wounds left, or Feel No Pain saved enough' },
        ],
        why: [{ rule: 'Hazardous', detail: 'after attacking, a D6 per model with a Hazardous weapon; on a 1 that model suffers 3 mortal wounds — the app does not know its wounds, so its player says whether it fell' }],
      });
    }
    case 'final':
      return { kind: 'outcome', id: `final.${state.counter}`, title: 'Result', lines: outcomeLines(state), final: true };
    default:
      throw new Error(`stage ${stage} is automatic: settle the state first`);
  }
}

function saveOptions(f: { armour: number; invulnerable: number }) {
  const invBetter = f.invulnerable < f.armour;
  return [
    { id: 'armour', label: `Armour save ${faceText(f.armour)}`, suggested: !invBetter },
    { id: 'invulnerable', label: `Invulnerable save ${faceText(f.invulnerable)}`, detail: 'never modified by AP', suggested: invBetter },
  ];
}
