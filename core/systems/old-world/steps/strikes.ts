import { popTask, pushLog, replaceHead, rollStep, type TaskKind } from '../../../combat/stepEngine';
import { strikeAfter, strikeTasks } from '../flow';
import { fighting, memberKey, memberName, plural, profileOf, verbOf, woundsLeft, type State } from '../state';
import { armourTest, attacksOf, hitTest, targetOf, wardTest, woundTest } from '../strikes';
import type { Of } from './task';

/**
 * The strikes of a round (seed 002, "Order of Combat" to "Take Armour Saves"): the roll-off for
 * the first strike at equal Initiative, then each pool's attacks — to hit, to wound, armour and
 * ward saves — in the order flow.ts queued them.
 */

/** Seed 002: at equal Initiative with no previous winner, each player rolls a D6; the higher strikes first. */
export const rolloffKind: TaskKind<State, Of<'rolloff'>> = {
  ask(state, task) {
    const actor = task.attackerRoll === null ? 'attacker' : 'defender';
    return rollStep(state, 'rolloff', {
      title: `Roll-off for the first strike: ${state.setup[actor].name}`,
      actor,
      count: 1,
      sides: 6,
      needs: task.attackerRoll === null ? 'the higher D6 strikes first' : `beat ${task.attackerRoll} (a tie rolls again)`,
      why: [{ rule: 'Order of Combat', detail: 'models of both sides share an Initiative and neither side won a previous round: each player rolls a D6, the higher strikes first at equal Initiative' }],
    });
  },
  answer(s, task, { dice, log }) {
    const { setup } = s;
    const face = dice[0]!;
    if (task.attackerRoll === null) return replaceHead(log(s, `${setup.attacker.name} roll ${face}`, dice), { kind: 'rolloff', attackerRoll: face });
    if (face === task.attackerRoll) return replaceHead(log(s, `${face} each: a tie, roll again`, dice), { kind: 'rolloff', attackerRoll: null });
    const winner = face > task.attackerRoll ? 'defender' : 'attacker';
    const logged = log(s, `${setup.defender.name} roll ${face} against ${task.attackerRoll}: ${setup[winner].name} strike first at equal Initiative`, dice);
    const decided: State = { ...popTask(logged), rollOffWinner: winner };
    return { ...decided, queue: [...strikeTasks(decided), ...decided.queue] };
  },
};

/** A pool whose turn to strike has come: its target and attacks are fixed now, or it strikes no blow (and the log says why). */
function beginStrike(s: State, task: Of<'strike'>): State | null {
  if (task.stage !== 'begin') return null;
  const by = task.by;
  const name = memberName(s.setup, by);
  const line = (result: string, why?: ReturnType<typeof woundTest>['why']): State =>
    pushLog(popTask(s), { stepId: `strike.${s.counter}.${memberKey(by)}`, actor: by.role, title: `${name} ${verbOf(by, 'strike')}`, result, ...(why ? { why } : {}) });
  if (!fighting(s, by.role, by.unit)) return popTask(s);
  if (woundsLeft(s.setup, s.lost, by) <= 0) return line(`${name}: slain before striking: casualties strike no blows`);
  const target = targetOf(s, by);
  if (!target) return line(`${name}: no enemy left in contact to strike`);
  const attacks = attacksOf(s, by);
  if (attacks === 0) return line(`${name}: no attacks`);
  // Seed 002 "Roll to Damage": an "N" Strength cannot wound; its hits could do nothing, so nobody rolls them.
  const wound = woundTest(s, by, target);
  if (wound.face === null) return line(`${name} cannot wound ${memberName(s.setup, target)}`, wound.why);
  return replaceHead(s, { ...task, target, stage: 'hit', dice: attacks });
}

/** One pool's attacks, a stage at a time: to hit, to wound, armour saves, ward saves. */
export const strikeKind: TaskKind<State, Of<'strike'>> = {
  auto: beginStrike,
  ask(state, task) {
    const { setup } = state;
    const by = task.by;
    const target = task.target!;
    const name = memberName(setup, by);
    const foe = memberName(setup, target);
    switch (task.stage) {
      case 'hit': {
        const t = hitTest(state, by, target);
        return rollStep(state, 'hit', { title: `${name} ${verbOf(by, 'attack')} ${foe}: to hit`, actor: by.role, count: task.dice, sides: 6, passOn: t.face!, needs: `${t.face}+`, why: t.why, notes: [`${plural(task.dice, 'attack')} at Initiative ${profileOf(setup, by).initiative}.`] });
      }
      case 'wound': {
        const t = woundTest(state, by, target);
        return rollStep(state, 'wound', { title: `${name} ${verbOf(by, 'attack')} ${foe}: to wound`, actor: by.role, count: task.dice, sides: 6, passOn: t.face!, needs: `${t.face}+`, why: t.why });
      }
      case 'armour': {
        const t = armourTest(state, by, target);
        return rollStep(state, 'armour', { title: `${foe}: armour saves`, actor: target.role, count: task.dice, sides: 6, passOn: t.face!, needs: `${t.face}+`, why: t.why, notes: ['Each die that passes saves a wound.'] });
      }
      case 'ward': {
        const t = wardTest(state, target);
        return rollStep(state, 'ward', { title: `${foe}: ward saves`, actor: target.role, count: task.dice, sides: 6, passOn: t.face!, needs: `${t.face}+`, why: t.why, notes: ['Each die that passes saves a wound.'] });
      }
      case 'begin':
        throw new Error('a strike is settled before it is shown');
    }
  },
  answer(s, task, { step, dice, log }) {
    const { target } = task;
    if (!target || task.stage === 'begin') throw new Error('a strike is settled before it takes dice');
    const foe = memberName(s.setup, target);
    // The step already says what each die needs (built from the same tests).
    if (step.kind !== 'roll' || step.passOn === undefined) throw new Error('a strike step is a pass/fail roll');
    const ok = dice.filter((f) => f >= step.passOn!).length;
    const saves = task.stage === 'armour' || task.stage === 'ward';
    const passing = saves ? dice.length - ok : ok;
    const what = { hit: plural(ok, 'hit'), wound: plural(ok, 'wound'), armour: `${plural(ok, 'save')}, ${dice.length - ok} failed`, ward: `${plural(ok, 'ward save')}, ${dice.length - ok} failed` }[task.stage];
    return strikeAfter(log(s, what, dice), task.stage, passing, foe);
  },
};
