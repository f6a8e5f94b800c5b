import type { Input, Step } from '../../combat/steps';
import { InputError } from '../../combat/system';
import { fishingMatters, hitTest, rerollOf, woundTest } from './abilities';
import { afterBatchSaves, applyEventBatch, batchFaces, batchSaveFace, eventBatch, resolveBatch, saveRerollIndices } from './batching';
import { attackDamage, damageRerollIndices, expressionValue, withRerolled } from './damageRoll';
import { damageDiceOf, damageGroups, diceByGroup, rerollGroups } from './damageSteps';
import { modelFeelNoPain } from './damage';
import { expr, tally, valuesOf, type Tally } from './dice';
import { deadlyDemiseModels, failSave, finishResolving, hazardousModels, settle, stageOf } from './flow';
import { nextStep } from './next';
import { attackingModelLabel, groupOf, modelLabel, plural, setModel, updateRun, weaponOf, type Run, type State } from './state';

/** Applies an input the engine has checked against `nextStep` (seed 001 rules per stage). */
export function applyInput(state: State, input: Input, step: Step = nextStep(state)): State {
  if (input.stepId !== step.id) throw new InputError(`This answers step "${input.stepId}", but the combat is at "${step.id}".`, 'stepId');
  if (step.kind === 'outcome') throw new InputError('The combat is over: there is nothing left to roll or choose.');
  if (input.kind !== step.kind) throw new InputError(`"${step.title}" needs ${step.kind === 'roll' ? 'dice' : 'a choice'}, not a ${input.kind}.`, 'kind');
  const { state: after, result } = input.kind === 'roll' ? applyRoll(state, input.dice, step) : applyChoice(state, input.kind === 'choose' ? input.option : '');
  const dice = input.kind === 'roll' ? { dice: [...input.dice], ...(input.typed ? { typed: [...input.typed] } : {}) } : {};
  const line = { stepId: step.id, actor: step.actor, title: step.title, result, why: step.why, ...dice };
  return settle({ ...after, counter: state.counter + 1, log: [...after.log, line] });
}

type Applied = { state: State; result: string };

function addDevastating(list: State['devastatingPending'], weapon: number, n: number): State['devastatingPending'] {
  if (n === 0) return list;
  const last = list[list.length - 1];
  if (last && last.weapon === weapon) return [...list.slice(0, -1), { weapon, count: last.count + n }];
  return [...list, { weapon, count: n }];
}

/** Hits scored: Lethal Hits auto-wound, Sustained Hits add hits, the rest roll to wound (RULES §1). */
function creditHits(state: State, run: Run, t: Tally): { run: Run; text: string } {
  const w = weaponOf(state, run.weapon);
  let { woundsToRoll, savesToMake, sustainedRollsPending } = run;
  const notes: string[] = [];
  // RULES §1 Lethal Hits: a Critical Hit wounds automatically (not a Critical Wound).
  if (w.abilities.lethalHits) {
    savesToMake += t.critical;
    if (t.critical > 0) notes.push(`${t.critical} Lethal: wound automatically`);
  } else woundsToRoll += t.critical;
  // RULES §1 Sustained Hits X: a Critical Hit scores X additional hits.
  if (w.abilities.sustainedHits !== null && t.critical > 0) {
    const e = expr(w.abilities.sustainedHits);
    if (e.count === 0) {
      woundsToRoll += t.critical * e.modifier;
      notes.push(`+${t.critical * e.modifier} Sustained Hits`);
    } else {
      sustainedRollsPending += t.critical;
      notes.push(`Sustained Hits ${w.abilities.sustainedHits} to roll for ${t.critical}`);
    }
  }
  woundsToRoll += t.success;
  return { run: { ...run, woundsToRoll, savesToMake, sustainedRollsPending }, text: notes.join('; ') };
}

function creditWounds(state: State, run: Run, t: Tally): { state: State; run: Run; text: string } {
  const w = weaponOf(state, run.weapon);
  // RULES §1 Devastating Wounds: a Critical Wound allows no save; its D mortal wounds come after all normal damage.
  const dev = w.abilities.devastatingWounds ? t.critical : 0;
  const s = { ...state, devastatingPending: addDevastating(state.devastatingPending, run.weapon, dev) };
  const text = dev > 0 ? `${dev} Devastating Wounds: mortal wounds after all normal damage` : '';
  return { state: s, run: { ...run, savesToMake: run.savesToMake + t.critical - dev + t.success }, text };
}

/** The first roll of a pool: which dice the weapon re-rolls (before modifiers: seed 001). */
function rerollsOf(policy: string, t: Tally, fishing: boolean): { count: number; choice: number | null } {
  if (policy === 'ones') return { count: t.ones, choice: null };
  if (policy === 'failed') return { count: t.fail, choice: null };
  if (policy === 'all') return { count: t.fail, choice: fishing && t.success > 0 ? t.success : null };
  return { count: 0, choice: null };
}

function describe(t: Tally, what: string, reroll: number): string {
  const n = t.critical + t.success;
  return `${plural(n, what)} (${t.critical} critical)${reroll > 0 ? `, ${reroll} to re-roll` : ''}`;
}

function applyRoll(state: State, dice: readonly number[], step: Step): Applied {
  const stage = stageOf(state);
  const run = state.run;
  const res = state.resolving;
  const w = run ? weaponOf(state, run.weapon) : null;
  switch (stage) {
    case 'attacks':
    case 'rapidFire': {
      const e = expr(stage === 'attacks' ? w!.attacks : w!.abilities.rapidFire!);
      const values = valuesOf(e, dice);
      const sum = values.reduce((a, b) => a + b, 0);
      const pendingKey = stage === 'attacks' ? 'attackRollsPending' : 'rapidFireRollsPending';
      const s = updateRun(state, { hitsToRoll: run!.hitsToRoll + sum, [pendingKey]: run![pendingKey] - values.length });
      return { state: s, result: `${plural(sum, stage === 'attacks' ? 'attack' : 'extra attack')} (${values.join(', ')})` };
    }
    case 'hit':
    case 'hitReroll': {
      const test = hitTest(state.setup, w!);
      const t = tally(dice, test.face, test.criticalOn);
      const first = stage === 'hit';
      const r = first ? rerollsOf(rerollOf(w!, 'hit'), t, fishingMatters(w!, 'hit')) : { count: 0, choice: null };
      const base: Run = first
        ? { ...run!, hitsToRoll: run!.hitsToRoll - dice.length, hitRerollsPending: run!.hitRerollsPending + r.count }
        : { ...run!, hitRerollsPending: run!.hitRerollsPending - dice.length };
      const credited = creditHits(state, base, t);
      const next = { ...credited.run, rerollChoice: r.choice !== null ? { stage: 'hit' as const, successes: r.choice } : null };
      return { state: { ...state, run: next }, result: [describe(t, 'hit', r.count), credited.text].filter(Boolean).join('; ') };
    }
    case 'sustained': {
      const values = valuesOf(expr(w!.abilities.sustainedHits!), dice);
      const sum = values.reduce((a, b) => a + b, 0);
      const s = updateRun(state, { woundsToRoll: run!.woundsToRoll + sum, sustainedRollsPending: run!.sustainedRollsPending - values.length });
      return { state: s, result: `${plural(sum, 'extra hit')} (${values.join(', ')})` };
    }
    case 'wound':
    case 'woundReroll': {
      const test = woundTest(state.setup, state.models, w!);
      const t = tally(dice, test.face, test.criticalOn);
      const first = stage === 'wound';
      const r = first ? rerollsOf(rerollOf(w!, 'wound'), t, fishingMatters(w!, 'wound')) : { count: 0, choice: null };
      const base: Run = first
        ? { ...run!, woundsToRoll: run!.woundsToRoll - dice.length, woundRerollsPending: run!.woundRerollsPending + r.count }
        : { ...run!, woundRerollsPending: run!.woundRerollsPending - dice.length };
      const credited = creditWounds(state, base, t);
      const next = { ...credited.run, rerollChoice: r.choice !== null ? { stage: 'wound' as const, successes: r.choice } : null };
      return { state: { ...credited.state, run: next }, result: [describe(t, 'wound', r.count), credited.text].filter(Boolean).join('; ') };
    }
    case 'batchSave': {
      // WH40K10-MODIFIERS.md save re-roll: an unmodified 1, or every failed save, is re-rolled once.
      const face = batchSaveFace(state);
      const again = saveRerollIndices(state.setup.defender.saveReroll, dice, face);
      if (again.length === 0) return afterBatchSaves(state, dice);
      const failed = dice.filter((d) => d < face).length;
      const s = updateRun(state, { batchFirst: [...dice], saveRerollsPending: again.length, savesToMake: 0, damageToApply: failed - again.length });
      return { state: s, result: `${plural(failed, 'failed save')} of ${dice.length}, ${again.length} to re-roll` };
    }
    case 'batchSaveReroll': {
      const first = run!.batchFirst!;
      const again = saveRerollIndices(state.setup.defender.saveReroll, first, batchSaveFace(state));
      const r = afterBatchSaves(state, withRerolled(first, again, dice));
      return { state: r.state, result: `after the re-rolls: ${r.result}` };
    }
    case 'batchFnp': {
      const f = batchFaces(state);
      const r = resolveBatch(state, run!.batchFaces!, batchSaveFace(state), dice);
      const s = { ...r.state, run: { ...r.state.run!, damageToApply: 0, batchFaces: null } };
      const ignored = dice.filter((d) => d >= f.group.feelNoPain!).length;
      return { state: s, result: `${ignored} ignored by Feel No Pain; ${plural(r.lost, 'wound')} lost, ${plural(r.destroyed, 'model')} destroyed` };
    }
    case 'eventBatch': {
      const b = eventBatch(state)!;
      const r = applyEventBatch(state, b, dice);
      const ignored = dice.filter((d) => d >= b.fnp!).length;
      return { state: r.state, result: `${ignored} ignored by Feel No Pain; ${plural(r.lost, 'wound')} lost, ${plural(r.destroyed, 'model')} destroyed` };
    }
    case 'save': {
      const passOn = step.kind === 'roll' ? (step.passOn ?? 7) : 7;
      const label = modelLabel(state, res!.target!);
      // seed 001: a successful saving throw ends the attack sequence; a failed one inflicts damage.
      if (dice[0]! >= passOn) return { state: { ...updateRun(state, { savesToMake: run!.savesToMake - 1 }), resolving: null }, result: `${label} saves` };
      // WH40K10-MODIFIERS.md save re-roll: once, needing the same.
      if (!res!.saveRerolling && saveRerollIndices(state.setup.defender.saveReroll, dice, passOn).length > 0) {
        return { state: { ...state, resolving: { ...res!, saveRerolling: true } }, result: `${label} fails the save: re-rolled` };
      }
      return { state: failSave(state), result: `${label} fails the save` };
    }
    case 'damage':
    case 'damageReroll': {
      const groups = stage === 'damage' ? damageGroups(state) : rerollGroups(state);
      const parts = diceByGroup(groups, dice);
      const weapon = weaponOf(state, res!.weapon!);
      const d = damageDiceOf(state, res!);
      let faces: number[];
      let melta: number;
      if (stage === 'damage') {
        faces = parts['damage'] ?? [];
        melta = d.melta ? (d.melta.count > 0 ? expressionValue(d.melta, parts['melta'] ?? []) : Math.max(0, d.melta.modifier)) : 0;
        // WH40K10-MODIFIERS.md damage re-roll: decided by the first roll, before Melta and the target's modifiers.
        const again = damageRerollIndices(weapon.damageReroll, d.damage, faces);
        if (again.length > 0) {
          return { state: { ...state, resolving: { ...res!, damageFaces: faces, melta } }, result: `Damage ${faces.join(', ')}: ${plural(again.length, 'die', 'dice')} to re-roll` };
        }
      } else {
        faces = withRerolled(res!.damageFaces!, damageRerollIndices(weapon.damageReroll, d.damage, res!.damageFaces!), parts['reroll'] ?? []);
        melta = res!.melta;
      }
      const rolled = expressionValue(d.damage, faces);
      const damage = attackDamage(state.setup, rolled, melta);
      const words = damageWords(rolled, melta, damage);
      const s: State = { ...state, resolving: { ...res!, damageFaces: faces, melta, damage } };
      const fnpDice = parts['fnp'];
      if (fnpDice === undefined) return { state: s, result: words };
      const r = finishWithWords(s, fnpDice);
      return { state: r.state, result: `${words}; ${r.result}` };
    }
    case 'fnp':
      return finishWithWords(state, dice);
    case 'deadlyDemise': {
      const models = deadlyDemiseModels(state).slice(state.deadlyDemiseRolled, state.deadlyDemiseRolled + dice.length);
      const lines = models.flatMap((m, i) =>
        dice[i] === 6
          ? [`${modelLabel(state, m)}: Deadly Demise ${groupOf(state, m).deadlyDemise} — rolled a 6: each unit within 6" suffers ${groupOf(state, m).deadlyDemise} mortal wounds (rolled separately per unit if random); not applied to any unit by this combat — resolve them on the table`]
          : [],
      );
      return {
        state: { ...state, deadlyDemiseRolled: state.deadlyDemiseRolled + dice.length, outcomeLines: [...state.outcomeLines, ...lines] },
        result: lines.length > 0 ? `${plural(lines.length, 'model')} explode (6)` : 'no 6: nothing happens',
      };
    }
    case 'hazardous': {
      // RULES §1 Hazardous: on a 1 that model suffers 3 mortal wounds; its player then says whether it fell (hazardousFate).
      const entries = hazardousModels(state).slice(state.hazardousRolled, state.hazardousRolled + dice.length);
      const failed = entries.filter((_, i) => dice[i] === 1).map((e) => ({ ...e, destroyed: null }));
      return {
        state: { ...state, hazardousRolled: state.hazardousRolled + dice.length, hazardousFailed: [...state.hazardousFailed, ...failed] },
        result: failed.length > 0 ? `${plural(failed.length, 'Hazardous test')} failed` : 'all Hazardous tests passed',
      };
    }
    default:
      throw new InputError('This step does not take dice.');
  }
}

/** "3 damage", "3 + Melta 2 = 5 → 3 damage after the target's damage modifiers". */
function damageWords(rolled: number, melta: number, damage: number): string {
  const sum = rolled + melta;
  const base = melta > 0 ? `${rolled} + Melta ${melta} = ${sum}` : `${sum}`;
  return damage === sum ? (melta > 0 ? `${base} damage` : `${damage} damage`) : `${base} → ${damage} damage after the target's damage modifiers`;
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
  return { state: s, result: `${label} loses ${plural(before - after, 'wound')}${saved}${after === 0 ? ' and is destroyed' : ''}` };
}

function applyChoice(state: State, option: string): Applied {
  const stage = stageOf(state);
  const run = state.run;
  const res = state.resolving;
  switch (stage) {
    case 'hazardousFate': {
      const index = state.hazardousFailed.findIndex((h) => h.destroyed === null);
      const h = state.hazardousFailed[index]!;
      const destroyed = option === 'destroyed';
      const line = `Hazardous: ${attackingModelLabel(state, h.model)} with ${weaponOf(state, h.weapon).name} rolled a 1 and suffers 3 mortal wounds (excess lost): ${destroyed ? 'destroyed' : 'survived'}`;
      return {
        state: { ...state, hazardousFailed: state.hazardousFailed.map((x, i) => (i === index ? { ...x, destroyed } : x)), outcomeLines: [...state.outcomeLines, line] },
        result: destroyed ? `${attackingModelLabel(state, h.model)} is destroyed` : `${attackingModelLabel(state, h.model)} survives`,
      };
    }
    case 'rerollChoice': {
      const c = run!.rerollChoice!;
      if (option === 'failed') return { state: updateRun(state, { rerollChoice: null }), result: 'failed dice only' };
      // 'all' re-rolls: the non-critical successes are taken back and re-rolled with the failed dice.
      const s =
        c.stage === 'hit'
          ? updateRun(state, { rerollChoice: null, woundsToRoll: run!.woundsToRoll - c.successes, hitRerollsPending: run!.hitRerollsPending + c.successes })
          : updateRun(state, { rerollChoice: null, savesToMake: run!.savesToMake - c.successes, woundRerollsPending: run!.woundRerollsPending + c.successes });
      return { state: s, result: `also re-rolling ${plural(c.successes, 'non-critical success', 'non-critical successes')}` };
    }
    case 'batchChoice':
      return { state: updateRun(state, { batchSave: option === 'invulnerable' ? 'invulnerable' : 'armour' }), result: `${option} save` };
    case 'saveKind':
      return { state: { ...state, resolving: { ...res!, save: option === 'invulnerable' ? 'invulnerable' : 'armour' } }, result: `${option} save` };
    case 'allocate': {
      if (option === 'defender') return { state: { ...state, resolving: { ...res!, precisionDeclined: true } }, result: 'the defender allocates' };
      const model = Number(option.slice(1));
      const m = state.models[model];
      if (!option.startsWith('m') || !m || m.woundsLeft <= 0) throw new InputError(`"${option}" is not a model that can take this attack.`, 'option');
      return { state: { ...setModel(state, model, { allocated: true }), resolving: { ...res!, target: model } }, result: `allocated to ${modelLabel(state, model)}` };
    }
    default:
      throw new InputError('This step does not take a choice.');
  }
}
