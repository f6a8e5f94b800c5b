import type { ChooseStep, RollStep, Step } from '../../combat/steps';
import { faceText, fixedDamage, hitTest, rerollOf, saveFaces, saveReason, woundTest } from './abilities';
import { allocationFor } from './allocation';
import { batchFaces } from './batching';
import { expr, itemsPerStep } from './dice';
import { deadlyDemiseModels, hazardousModels, partsOf, stageOf } from './flow';
import { outcomeLines } from './outcome';
import { attackingModelLabel, groupName, groupOf, MAX_DICE, modelLabel, plural, weaponOf, type State } from './state';

/** What the combat needs now, as a step of the protocol (core/combat/steps.ts). */

const rerollNote: Record<string, string> = {
  none: 'No re-rolls.',
  ones: 'Re-roll rights: the dice showing an unmodified 1 (re-rolls happen before modifiers; a die is re-rolled once).',
  failed: 'Re-roll rights: the failed dice (re-rolls happen before modifiers; a die is re-rolled once).',
  all: 'Re-roll rights: any die — the failed dice are re-rolled, and where criticals matter you may also re-roll the non-critical successes.',
};

function roll(state: State, tag: string, s: Omit<RollStep, 'kind' | 'id' | 'notes'> & { notes?: string[] }): RollStep {
  return { kind: 'roll', id: `${tag}.${state.counter}`, notes: [], ...s };
}

function choose(state: State, tag: string, s: Omit<ChooseStep, 'kind' | 'id'>): ChooseStep {
  return { kind: 'choose', id: `${tag}.${state.counter}`, ...s };
}

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
        why: [{ rule: stage === 'attacks' ? 'Attacks (seed 001)' : 'Rapid Fire X (RULES §1)', detail: `${text} ${what} for each of ${plural(models, 'model')}${stage === 'rapidFire' ? ', within half range' : ''}` }],
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
        criticalOn: 6,
        needs: `${t.face}+`,
        why: t.why,
        notes: [stage === 'hit' ? rerollNote[rerollOf(w!, 'hit')]! : 'These dice are re-rolls: they cannot be re-rolled again.'],
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
        why: [{ rule: 'Sustained Hits X (RULES §1)', detail: `each Critical Hit scores ${w!.abilities.sustainedHits} additional hits, which roll to wound normally` }],
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
        notes: [stage === 'wound' ? rerollNote[rerollOf(w!, 'wound')]! : 'These dice are re-rolls: they cannot be re-rolled again.'],
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
          { id: 'fish', label: `Also re-roll the ${plural(c.successes, 'non-critical success', 'non-critical successes')}`, detail: `they may fail; a 6 would be a ${crit.slice(0, -1)}` },
        ],
        why: [{ rule: 'Re-rolls (RULES §1)', detail: `re-roll rights on every ${c.stage} roll; a die is re-rolled once, before modifiers` }],
      });
    }
    case 'batchChoice': {
      const f = batchFaces(state);
      return choose(state, `${tag}.saveChoice`, {
        title: `${w!.name}: which save?`,
        actor: 'defender',
        prompt: `Use the armour save (${faceText(f.armour)}) or the invulnerable save (${faceText(f.invulnerable)}) for these ${run!.savesToMake} attacks?`,
        options: saveOptions(f),
        why: [saveReason(f.group, w!, f, 'armour'), saveReason(f.group, w!, f, 'invulnerable')],
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
        why: [
          saveReason(f.group, w!, f, run!.batchSave!),
          { rule: 'Fast dice rolling (seed 001)', detail: 'every model needs the same save and damage is fixed, so the order of allocation makes no difference: all saves at once' },
        ],
      });
    }
    case 'batchFnp': {
      const f = batchFaces(state);
      const damage = run!.damageToApply;
      const perAttack = fixedDamage(setup, w!) ?? 0;
      return roll(state, `${tag}.fnp`, {
        title: `${groupName(setup, f.group)}: Feel No Pain`,
        actor: 'defender',
        count: damage * perAttack,
        sides: 6,
        passOn: f.group.feelNoPain!,
        needs: `${f.group.feelNoPain}+`,
        why: [{ rule: 'Feel No Pain (seed 001)', detail: `one D6 per wound that would be lost: ${damage} failed saves × ${perAttack} damage; dice for wounds after a model is destroyed are ignored (excess damage is lost)` }],
      });
    }
    case 'allocate': {
      const precision = res!.source !== 'mortal' && w !== null && w.abilities.precision;
      const a = allocationFor(state, precision, res!.precisionDeclined);
      if (a.kind === 'auto') throw new Error('allocation is automatic here');
      const what = res!.source === 'attack' ? 'attack' : res!.source === 'devastating' ? 'Devastating Wounds attack' : 'mortal wound';
      return choose(state, `${tag}.allocate`, {
        title: `Allocate the ${what}${w ? ` (${w.name})` : ''}`,
        actor: a.actor,
        prompt: a.prompt.replace('attack', what),
        options: a.options,
        why: [{ rule: 'Allocating attacks (seed 001)', detail: 'a model that has lost wounds or had an attack allocated must take it; CHARACTER models only when no other model is left, or by Precision (the attacker picks)' }],
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
        why: [saveReason(g, w!, f, 'armour'), saveReason(g, w!, f, 'invulnerable')],
      });
    }
    case 'save': {
      const g = groupOf(state, res!.target!);
      const f = saveFaces(setup, g, w!);
      const face = res!.save === 'invulnerable' ? f.invulnerable : f.armour;
      return roll(state, `${tag}.save`, {
        title: `${modelLabel(state, res!.target!)}: saving throw`,
        actor: 'defender',
        count: 1,
        sides: 6,
        passOn: Math.min(7, face),
        needs: faceText(face),
        why: [saveReason(g, w!, f, res!.save!)],
      });
    }
    case 'damage': {
      const parts = partsOf(state, res!);
      const index = res!.damageParts.length;
      const part = parts[index]!;
      const text = index === 0 ? w!.damage : w!.abilities.melta!;
      return roll(state, `${tag}.damage`, {
        title: `${w!.name}: ${index === 0 ? 'damage' : 'Melta damage'}`,
        actor: 'attacker',
        count: part.count,
        sides: part.sides,
        needs: text,
        why: [
          index === 0
            ? { rule: 'Inflict damage (seed 001)', detail: `D ${text}, rolled one attack at a time; excess damage from this attack is lost` }
            : { rule: 'Melta X (RULES §1)', detail: `+${text} damage within half range` },
        ],
      });
    }
    case 'fnp': {
      const g = groupOf(state, res!.target!);
      const damage = res!.damageParts.reduce((a, b) => a + b, 0);
      return roll(state, `${tag}.fnp`, {
        title: `${modelLabel(state, res!.target!)}: Feel No Pain`,
        actor: 'defender',
        count: damage,
        sides: 6,
        passOn: g.feelNoPain!,
        needs: `${g.feelNoPain}+`,
        why: [{ rule: 'Feel No Pain (seed 001)', detail: `one D6 per wound that would be lost (${damage}); dice after the model is destroyed are ignored` }],
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
        why: [{ rule: 'Deadly Demise x (seed 001)', detail: `a D6 for each destroyed model with Deadly Demise (${pending}); on a 6 each unit within 6" suffers x mortal wounds` }],
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
        why: [{ rule: 'Hazardous (RULES §1)', detail: 'a D6 per model that attacked with a Hazardous weapon; on a 1 that model suffers 3 mortal wounds (excess lost)' }],
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
