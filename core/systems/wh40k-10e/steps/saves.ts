import { rollStep } from '../../../combat/stepEngine';
import type { Reason } from '../../../combat/steps';
import { bestSaveOf, faceText, saveFaces, saveReasons, saveRerollReason } from '../abilities';
import {
  afterBatchSaves,
  batchFaces,
  batchSaveFace,
  batchWords,
  resolveBatch,
  saveRerollIndices,
  savesBatchable,
  wholeBatchDamage,
} from '../batching';
import { fixedAttackDamage, withRerolled } from '../damageRoll';
import { failSave, withLog } from '../flow';
import { groupName, groupOf, modelLabel, plural, updateRun, type State } from '../state';
import { answered, feelNoPainReason, ONCE, tagOf, weaponNow, type Kind } from './common';

/**
 * Saving throws (seed 001, "Saving Throw"): rolled together for a weapon profile when every model
 * needs the same save (fast dice rolling, batching.ts), else one attack at a time; the armour or
 * invulnerable save chosen where both can be used; the target's save re-roll; Feel No Pain of a
 * whole batch of fixed damage.
 */

/** Fast dice rolling (batching.ts): saves together when every model needs the same save. */
export const saveModeKind: Kind = {
  auto(state) {
    const batch = savesBatchable(state);
    return updateRun(state, {
      mode: batch ? 'batch' : 'single',
      damageMode: batch ? (wholeBatchDamage(state) ? 'whole' : 'each') : null,
    });
  },
};

/**
 * Armour or invulnerable save for the whole batch (seed 001: the controlling player chooses). The
 * two differ only in the roll needed (an unmodified 1 fails either, the target's save re-roll
 * takes either), so the lower one is always at least as good: it is taken without asking, and the
 * log says why.
 */
export const batchChoiceKind: Kind = {
  auto(state) {
    const f = batchFaces(state);
    const chosen = updateRun(state, { batchSave: bestSaveOf(f) });
    if (!bothUsable(f)) return chosen;
    return withLog(
      chosen,
      `${tagOf(state)}.saveChoice`,
      'defender',
      `${weaponNow(state)!.name}: which save`,
      betterSaveWords(f),
    );
  },
};

/** The saves of the batch, rolled together; an armour save worsened to 7+ fails without a roll. */
export const batchSaveKind: Kind = {
  auto(state) {
    if (batchSaveFace(state) < 7) return null;
    const run = state.run!;
    const s = afterBatchSaves(
      state,
      Array.from({ length: run.savesToMake }, () => 1),
    );
    return withLog(s.state, `w${run.weapon}.saves`, 'defender', 'No save possible', s.result);
  },
  ask(state) {
    const w = weaponNow(state)!;
    const run = state.run!;
    const f = batchFaces(state);
    const face = run.batchSave === 'invulnerable' ? f.invulnerable : f.armour;
    return rollStep(state, `${tagOf(state)}.saves`, {
      title: `${w.name}: saving throws`,
      actor: 'defender',
      count: run.savesToMake,
      sides: 6,
      passOn: Math.min(7, face),
      needs: faceText(face),
      why: [
        ...saveReasons(state.setup, f.group, w, f, run.batchSave!),
        ...betterSaveReason(f),
        { rule: 'Fast dice rolling', detail: batchWords(state) },
      ],
    });
  },
  answer: answered((state, { dice }) => {
    // WH40K10-MODIFIERS.md save re-roll: an unmodified 1, or every failed save, is re-rolled once.
    const face = batchSaveFace(state);
    const again = saveRerollIndices(state.setup.defender.saveReroll, dice, face);
    if (again.length === 0) return afterBatchSaves(state, dice);
    const failed = dice.filter((d) => d < face).length;
    const s = updateRun(state, {
      batchFirst: [...dice],
      saveRerollsPending: again.length,
      savesToMake: 0,
      damageToApply: failed - again.length,
    });
    return { state: s, result: `${plural(failed, 'failed save')} of ${dice.length}, ${again.length} to re-roll` };
  }),
};

/** The batch's save re-rolls, together, needing the same. */
export const batchSaveRerollKind: Kind = {
  ask(state) {
    const w = weaponNow(state)!;
    const run = state.run!;
    const f = batchFaces(state);
    const face = run.batchSave === 'invulnerable' ? f.invulnerable : f.armour;
    const policy = state.setup.defender.saveReroll as 'ones' | 'failed';
    return rollStep(state, `${tagOf(state)}.saveRerolls`, {
      title: `${w.name}: save re-rolls`,
      actor: 'defender',
      count: run.saveRerollsPending,
      sides: 6,
      passOn: Math.min(7, face),
      needs: faceText(face),
      why: [
        saveRerollReason(policy),
        { rule: 'Fast dice rolling', detail: 'the dice to re-roll are re-rolled together, needing the same' },
      ],
      notes: [ONCE],
    });
  },
  answer: answered((state, { dice }) => {
    const first = state.run!.batchFirst!;
    const again = saveRerollIndices(state.setup.defender.saveReroll, first, batchSaveFace(state));
    const r = afterBatchSaves(state, withRerolled(first, again, dice));
    return { state: r.state, result: `after the re-rolls: ${r.result}` };
  }),
};

/** Feel No Pain of a whole batch of fixed damage: one roll, the dice taken in order. */
export const batchFnpKind: Kind = {
  ask(state) {
    const w = weaponNow(state)!;
    const f = batchFaces(state);
    const failed = state.run!.damageToApply;
    const perAttack = fixedAttackDamage(state.setup, w) ?? 0;
    const fnp = f.group.feelNoPain!;
    return rollStep(state, `${tagOf(state)}.fnp`, {
      title: `${groupName(state.setup, f.group)}: Feel No Pain`,
      actor: 'defender',
      count: failed * perAttack,
      sides: 6,
      passOn: fnp,
      needs: `${fnp}+`,
      why: [
        feelNoPainReason(
          fnp,
          'attack',
          `${plural(failed, 'failed save')} × ${perAttack} damage, taken in order; dice for wounds after a model is destroyed are ignored (excess damage is lost)`,
        ),
        {
          rule: 'Fast dice rolling',
          detail:
            'every model has the same profile and the Damage is fixed: the order of allocation makes no difference, so the Feel No Pain dice of the whole batch are rolled at once',
        },
      ],
    });
  },
  answer: answered((state, { dice }) => {
    const f = batchFaces(state);
    const r = resolveBatch(state, state.run!.batchFaces!, batchSaveFace(state), dice);
    const s = { ...r.state, run: { ...r.state.run!, damageToApply: 0, batchFaces: null } };
    const ignored = dice.filter((d) => d >= f.group.feelNoPain!).length;
    return {
      state: s,
      result: `${ignored} ignored by Feel No Pain; ${plural(r.lost, 'wound')} lost, ${plural(r.destroyed, 'model')} destroyed`,
    };
  }),
};

/** Both saves can be passed and they need different rolls: the model uses the better one. */
const bothUsable = (f: { armour: number; invulnerable: number }) =>
  f.armour <= 6 && f.invulnerable <= 6 && f.armour !== f.invulnerable;

/** "the invulnerable save (4+) rather than the armour save (5+)": why the save used is the better one. */
function betterSaveWords(f: { armour: number; invulnerable: number }): string {
  const [used, other] =
    bestSaveOf(f) === 'invulnerable'
      ? [`invulnerable save (${faceText(f.invulnerable)})`, `armour save (${faceText(f.armour)})`]
      : [`armour save (${faceText(f.armour)})`, `invulnerable save (${faceText(f.invulnerable)})`];
  return `the ${used} rather than the ${other}: the lower roll needed is always the better save`;
}

const betterSaveReason = (f: { armour: number; invulnerable: number }): Reason[] =>
  bothUsable(f) ? [{ rule: 'Armour or invulnerable save', detail: betterSaveWords(f) }] : [];

const facesOf = (state: State) => saveFaces(state.setup, groupOf(state, state.resolving!.target!), weaponNow(state)!);

/** One attack's save: the better of armour and invulnerable, never asked (see batchChoiceKind); its save step says why. */
export const saveKindKind: Kind = {
  auto: (state) => ({ ...state, resolving: { ...state.resolving!, save: bestSaveOf(facesOf(state)) } }),
};

/** One attack's saving throw (and its re-roll); an armour save worsened to 7+ fails without a roll (seed 001). */
export const saveKind: Kind = {
  auto(state) {
    const f = facesOf(state);
    return (state.resolving!.save === 'invulnerable' ? f.invulnerable : f.armour) >= 7 ? failSave(state) : null;
  },
  ask(state) {
    const res = state.resolving!;
    const g = groupOf(state, res.target!);
    const w = weaponNow(state)!;
    const f = saveFaces(state.setup, g, w);
    const face = res.save === 'invulnerable' ? f.invulnerable : f.armour;
    const again = res.saveRerolling;
    return rollStep(state, `${tagOf(state)}.save`, {
      title: `${modelLabel(state, res.target!)}: ${again ? 'save re-roll' : 'saving throw'}`,
      actor: 'defender',
      count: 1,
      sides: 6,
      passOn: Math.min(7, face),
      needs: faceText(face),
      why: again
        ? [saveRerollReason(state.setup.defender.saveReroll as 'ones' | 'failed')]
        : [...saveReasons(state.setup, g, w, f, res.save!), ...betterSaveReason(f)],
      notes: again ? [ONCE] : [],
    });
  },
  answer: answered((state, { dice, step }) => {
    const run = state.run!;
    const res = state.resolving!;
    const passOn = step.kind === 'roll' ? (step.passOn ?? 7) : 7;
    const label = modelLabel(state, res.target!);
    // seed 001: a successful saving throw ends the attack sequence; a failed one inflicts damage.
    if (dice[0]! >= passOn)
      return {
        state: { ...updateRun(state, { savesToMake: run.savesToMake - 1 }), resolving: null },
        result: `${label} saves`,
      };
    // WH40K10-MODIFIERS.md save re-roll: once, needing the same.
    if (!res.saveRerolling && saveRerollIndices(state.setup.defender.saveReroll, dice, passOn).length > 0) {
      return {
        state: { ...state, resolving: { ...res, saveRerolling: true } },
        result: `${label} fails the save: re-rolled`,
      };
    }
    return { state: failSave(state), result: `${label} fails the save` };
  }),
};
