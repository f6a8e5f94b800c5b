import type { Input, Step } from '../../combat/steps';
import { InputError } from '../../combat/system';
import { classId, modelClasses } from './allocation';
import { afterResult, afterSaves, applyDamage, beginRound, currentPool, pushLog, resolveSweep, runTarget, settle, startAllocation } from './flow';
import { moraleTestOf, sweepInitiatives } from './morale';
import { nextStep } from './next';
import { addWounds, poolFor, poolLabel, poolSummary } from './pools';
import { headline } from './result';
import { modelName, otherRole, plural, type Fate, type State, type StrikeRoll } from './state';
import { destroyerResult, moralePasses, sweepCatches } from './tables';

/**
 * Applies a player's input to the step it answers (the engine has already checked it: right id,
 * right number of dice, faces on the die, a listed option), logs it and settles.
 */

const sum = (dice: readonly number[]) => dice.reduce((a, b) => a + b, 0);

export function applyInput(state: State, input: Input, step: Step = nextStep(state)): State {
  if (state.phase === 'over') throw new InputError('The combat is over.');
  const s0: State = { ...state, counter: state.counter + 1 };
  const log = (s: State, result: string, dice?: number[]) =>
    pushLog(s, { stepId: step.id, actor: step.kind === 'outcome' ? 'attacker' : step.actor, title: step.title, result, ...(dice ? { dice } : {}), ...(step.kind !== 'outcome' ? { why: step.why } : {}) });
  const dice = input.kind === 'roll' ? input.dice : [];
  const option = input.kind === 'choose' ? input.option : null;
  const { setup } = state;

  switch (state.phase) {
    case 'strikes':
      return settle(applyStrikes(s0, step, dice, option, log));
    case 'result':
      return settle(afterResult(log(s0, headline(setup, state.result!))));
    case 'morale': {
      const loser = otherRole(state.result!.winner!);
      const test = moraleTestOf(setup, loser, state.wounds[loser], state.result!.difference);
      if (test.kind !== 'roll') throw new Error('an automatic Morale check takes no dice');
      const passed = moralePasses(dice, test.leadership, test.modifier);
      const doubleOne = dice[0] === 1 && dice[1] === 1;
      const need = test.leadership - test.modifier;
      const text = `${sum(dice)} against ${need}: ${passed ? `${doubleOne && sum(dice) > need ? 'a double 1 always passes — ' : ''}${setup[loser].name} fight on` : `failed — ${setup[loser].name} fall back`}`;
      const s = log(s0, text, dice);
      return settle(passed ? { ...s, phase: 'roundEnd' } : { ...s, phase: 'sweep', broken: loser });
    }
    case 'sweep': {
      const winner = state.result!.winner!;
      const loser = otherRole(winner);
      const i = sweepInitiatives(setup, winner, loser, state.wounds);
      const face = dice[0]!;
      if (state.sweepRoll === null) return settle({ ...log(s0, `${face} + I${i.winner} = ${face + i.winner}`, dice), sweepRoll: face });
      const w = state.sweepRoll + i.winner;
      const l = face + i.loser;
      const caught = sweepCatches(w, l);
      const s = log(s0, `${face} + I${i.loser} = ${l} against ${w}: ${caught ? 'caught' : 'escaped'}`, dice);
      return settle(resolveSweep(s, caught, `${w} against ${l}`));
    }
    case 'roundEnd': {
      if (option === 'stop') {
        const s = log(s0, 'Stop here: the combat goes on in the next turn');
        return settle({ ...s, phase: 'over', notes: [...s.notes, `The combat goes on: round ${state.round + 1} is fought in the next turn.`] });
      }
      return settle(beginRound({ ...log(s0, `On to round ${state.round + 1}`), round: state.round + 1 }));
    }
  }
  throw new InputError('The combat is over.');
}

type Log = (s: State, result: string, dice?: number[]) => State;

function applyStrikes(s0: State, step: Step, dice: number[], option: string | null, log: Log): State {
  const { setup } = s0;
  const head = s0.rolls[0];
  if (head) return applyStrikeRoll(s0, head, step, dice, log);
  const a = s0.allocation;
  if (!a) {
    // The attacking player picks the next wound pool.
    const by = step.kind === 'choose' ? step.actor : 'attacker';
    const pool = s0.pools[by].find((p) => p.key === option);
    if (!pool) throw new InputError(`"${option}" is not a wound pool of ${setup[by].name}.`, 'option');
    // The result says what follows: the choice itself is in the step's option.
    const later = s0.pools[by].filter((p) => p.key !== pool.key && p.wounds > 0);
    const then = later.length > 0 ? `; then ${later.map(poolSummary).join(', ')}` : '';
    return startAllocation(log(s0, `${plural(pool.wounds, 'wound')} of ${poolLabel(pool)} allocated now${then}`), by, pool.key);
  }
  const foe = otherRole(a.by);
  const run = a.run;
  if (!run) {
    // The defending player picks a model, or the suggested order for the rest of the pool.
    if (option === 'auto') return { ...log(s0, 'the rest of this pool as suggested'), allocation: { ...a, auto: true } };
    const c = modelClasses(s0.wounds[foe]).find((x) => classId(x) === option);
    if (!c) throw new InputError(`"${option}" is not a model that can take this wound.`, 'option');
    const pool = currentPool(s0);
    const name = modelName(setup, foe, c.group, c.first);
    // Seed 000: the model keeps taking this pool's wounds until it is removed.
    const s = log(s0, pool.wounds === 1 ? `${name} takes it` : `${name} takes the next wound, and the rest of the pool until it is removed`);
    return { ...s, allocation: { ...a, lock: { group: c.group, model: c.first } } };
  }
  if (step.kind !== 'roll') throw new Error('a run takes dice');
  if (run.stage === 'save') {
    const face = step.passOn!;
    const fates: Fate[] = dice.map((f) => (f >= face ? 'saved' : 'unsaved'));
    const saved = fates.filter((f) => f === 'saved').length;
    const s = log(s0, `${plural(saved, 'save')}, ${dice.length - saved} failed`, dice);
    return { ...s, allocation: { ...a, run: afterSaves(s, { ...run, fates }) } };
  }
  if (run.stage === 'fnp') {
    const face = step.passOn!;
    let k = 0;
    // The FNP dice answer the unsaved wounds in order.
    const fates = run.fates!.map((f): Fate => (f === 'unsaved' ? (dice[k++]! >= face ? 'shrugged' : 'unsaved') : f));
    const shrugged = dice.filter((f) => f >= face).length;
    const s = log(s0, `${plural(shrugged, 'wound')} ignored, ${dice.length - shrugged} lost`, dice);
    return { ...s, allocation: { ...a, run: { ...run, fates, stage: 'apply' } } };
  }
  // A D3 (seriously wounded) or D6 + 6 (deathblow) for the wound being applied.
  const target = runTarget(s0);
  const left = s0.wounds[foe][target.group]![target.model]!;
  const damage = currentPool(s0).kind === 'seriously' ? dice[0]! : dice[0]! + 6;
  const removed = Math.min(left, damage);
  const name = modelName(setup, foe, target.group, target.model);
  const text = `${damage} wound${damage === 1 ? '' : 's'}: ${name} loses ${removed}${removed >= left ? ' and is slain' : `, ${left - removed} left`}${damage > left ? ` (${damage - left} excess lost)` : ''}`;
  return applyDamage(log(s0, text, dice), target, damage);
}

function applyStrikeRoll(s0: State, head: StrikeRoll, step: Step, dice: number[], log: Log): State {
  const { setup } = s0;
  const rest = s0.rolls.slice(1);
  if (step.kind !== 'roll' || step.passOn === undefined) throw new Error('a strike roll is a pass/fail roll');
  const passing = dice.filter((f) => f >= step.passOn!).length;
  if (head.stage === 'hit') {
    const s = log(s0, plural(passing, 'hit'), dice);
    // Hits go on to the wound roll (or the Destroyer roll) straight away.
    return { ...s, rolls: passing > 0 ? [{ ...head, stage: 'wound', dice: passing }, ...rest] : rest };
  }
  let pools = s0.pools[head.role];
  let text: string;
  if (setup[head.role].models[head.group]!.weapon.strength === 'D') {
    // Seed 000 Destroyer table: 1 nothing, 2–5 seriously wounded, 6 deathblow.
    const seriously = dice.filter((f) => destroyerResult(f) === 'seriously').length;
    const deathblow = dice.filter((f) => destroyerResult(f) === 'deathblow').length;
    pools = addWounds(addWounds(pools, poolFor(setup, head.role, head.group, 'deathblow'), deathblow), poolFor(setup, head.role, head.group, 'seriously'), seriously);
    text = `${plural(deathblow, 'deathblow')}, ${seriously} seriously wounded, ${dice.length - seriously - deathblow} no effect`;
  } else {
    const pool = poolFor(setup, head.role, head.group);
    pools = addWounds(pools, pool, passing);
    text = `${plural(passing, 'wound')} into the ${poolLabel(pool)} pool`;
  }
  const s = log(s0, text, dice);
  return { ...s, rolls: rest, pools: { ...s.pools, [head.role]: pools } };
}
