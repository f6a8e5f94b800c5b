import type { ChooseStep, RollStep, Step } from '../../combat/steps';
import { breakTestOf } from './morale';
import { resultArithmetic, resultHeadline } from './result';
import { armourTest, hitTest, wardTest, woundTest } from './strikes';
import { finalLines, redressLines } from './outcome';
import { leadershipOf, memberName, profileOf, movementOf, otherRole, plural, unitKey, unitOf, verbOf, type State } from './state';
import { moveDice } from './tables';

/** What the combat needs now, as a step of the protocol (core/combat/steps.ts). */

const roll = (state: State, tag: string, s: Omit<RollStep, 'kind' | 'id' | 'notes'> & { notes?: string[] }): RollStep => ({ kind: 'roll', id: `${tag}.${state.counter}`, notes: [], ...s });
const choose = (state: State, tag: string, s: Omit<ChooseStep, 'kind' | 'id'>): ChooseStep => ({ kind: 'choose', id: `${tag}.${state.counter}`, ...s });

export function nextStep(state: State): Step {
  const task = state.queue[0];
  const { setup } = state;
  if (!task) {
    return { kind: 'outcome', id: `end.${state.counter}`, title: 'The combat is over', lines: finalLines(state), final: true };
  }
  switch (task.kind) {
    case 'rolloff': {
      const actor = task.attackerRoll === null ? 'attacker' : 'defender';
      return roll(state, 'rolloff', {
        title: `Roll-off for the first strike: ${setup[actor].name}`,
        actor,
        count: 1,
        sides: 6,
        needs: task.attackerRoll === null ? 'the higher D6 strikes first' : `beat ${task.attackerRoll} (a tie rolls again)`,
        why: [{ rule: 'Order of Combat', detail: 'models of both sides share an Initiative and neither side won a previous round: each player rolls a D6, the higher strikes first at equal Initiative' }],
      });
    }
    case 'strike': {
      const by = task.by;
      const target = task.target!;
      const name = memberName(setup, by);
      const foe = memberName(setup, target);
      switch (task.stage) {
        case 'hit': {
          const t = hitTest(state, by, target);
          return roll(state, 'hit', { title: `${name} ${verbOf(by, 'attack')} ${foe}: to hit`, actor: by.role, count: task.dice, sides: 6, passOn: t.face!, needs: `${t.face}+`, why: t.why, notes: [`${plural(task.dice, 'attack')} at Initiative ${profileOf(setup, by).initiative}.`] });
        }
        case 'wound': {
          const t = woundTest(state, by, target);
          return roll(state, 'wound', { title: `${name} ${verbOf(by, 'attack')} ${foe}: to wound`, actor: by.role, count: task.dice, sides: 6, passOn: t.face!, needs: `${t.face}+`, why: t.why });
        }
        case 'armour': {
          const t = armourTest(state, by, target);
          return roll(state, 'armour', { title: `${foe}: armour saves`, actor: target.role, count: task.dice, sides: 6, passOn: t.face!, needs: `${t.face}+`, why: t.why, notes: ['Each die that passes saves a wound.'] });
        }
        case 'ward': {
          const t = wardTest(state, target);
          return roll(state, 'ward', { title: `${foe}: ward saves`, actor: target.role, count: task.dice, sides: 6, passOn: t.face!, needs: `${t.face}+`, why: t.why, notes: ['Each die that passes saves a wound.'] });
        }
        case 'begin':
          throw new Error('a strike is settled before it is shown');
      }
      break;
    }
    case 'result': {
      const r = state.result!;
      return {
        kind: 'outcome',
        id: `result.${state.counter}`,
        title: `Round ${state.round}: combat result`,
        lines: [
          `${setup.attacker.name}: ${resultArithmetic(r.attacker)}`,
          ...r.attacker.bonuses.map((b) => `  +${b.value} ${b.label}: ${b.why}`),
          `${setup.defender.name}: ${resultArithmetic(r.defender)}`,
          ...r.defender.bonuses.map((b) => `  +${b.value} ${b.label}: ${b.why}`),
          resultHeadline(setup, r),
        ],
        final: false,
      };
    }
    case 'break': {
      const test = breakTestOf(state, task.role, task.unit, state.result!.difference);
      if (test.kind !== 'roll') throw new Error('an automatic break test is settled before it is shown');
      const u = unitOf(setup, task.role, task.unit);
      const most = test.leadership - test.modifier;
      return roll(state, 'break', {
        title: `${u.name}: break test`,
        actor: task.role,
        count: 2,
        sides: 6,
        needs: test.modifier > 0 ? `2D6 + ${test.modifier} ≤ ${test.leadership} (roll ${most} or less)` : `2D6 ≤ ${test.leadership}`,
        why: test.why,
      });
    }
    case 'panicAsk': {
      const n = setup[task.role].nearby[task.nearby]!;
      // The friends that broke or were destroyed this round (as flow.ts enters the panic phase).
      const sources = setup[task.role].units
        .filter((_, u) => state.broke.includes(unitKey(task.role, u)) || (state.status[unitKey(task.role, u)] === 'destroyed' && state.statusAtStart[unitKey(task.role, u)] === 'fighting'))
        .map((u) => u.name);
      return choose(state, 'panicAsk', {
        title: `${n.name}: within 6"?`,
        actor: task.role,
        prompt: `Is ${n.name} within 6" of ${sources.join(' or ')}?`,
        options: [
          { id: 'yes', label: `Yes: ${n.name} takes a panic test` },
          { id: 'no', label: `No: ${n.name} is further away` },
        ],
        why: [{ rule: 'Panic Tests', detail: 'units within 6" of a friendly unit that broke or was destroyed test after all break tests, before fleeing troops move' }],
      });
    }
    case 'panicTest': {
      const n = setup[task.role].nearby[task.nearby]!;
      return roll(state, 'panic', { title: `${n.name}: panic test`, actor: task.role, count: 2, sides: 6, needs: `2D6 ≤ ${n.leadership}`, why: [{ rule: 'Panic Tests', detail: `a Leadership test: 2D6 equal to or under Ld ${n.leadership} passes; a failure flees` }] });
    }
    case 'pursueChoice': {
      const u = unitOf(setup, task.role, task.unit);
      const fleeing = unitOf(setup, otherRole(task.role), task.fleeing);
      const ld = leadershipOf(setup, state.lost, task.role, task.unit);
      return choose(state, 'pursue', {
        title: `${u.name}: pursue?`,
        actor: task.role,
        prompt: `${fleeing.name} broke. Will ${u.name} pursue? Decide before the flee roll.`,
        options: [
          { id: 'pursue', label: `Pursue (${moveDice(movementOf(setup, task.role, task.unit))}D6")`, suggested: true },
          u.defendedObstacle
            ? { id: 'hold', label: 'Hold the defended position (restrains automatically)' }
            : { id: 'restrain', label: `Try to restrain (2D6 ≤ Ld ${ld})` },
        ],
        why: [{ rule: 'Restraining Pursuit', detail: 'a unit may restrain its pursuit by passing a Leadership test, declared before the fleeing unit rolls; from a defended position it restrains automatically' }],
      });
    }
    case 'restrainTest': {
      const u = unitOf(setup, task.role, task.unit);
      const ld = leadershipOf(setup, state.lost, task.role, task.unit);
      return roll(state, 'restrain', { title: `${u.name}: restrain pursuit`, actor: task.role, count: 2, sides: 6, needs: `2D6 ≤ ${ld}`, why: [{ rule: 'Restraining Pursuit', detail: `2D6 equal to or under Ld ${ld} restrains; otherwise the unit must pursue` }] });
    }
    case 'flee': {
      const u = unitOf(setup, task.role, task.unit);
      const m = movementOf(setup, task.role, task.unit);
      const n = moveDice(m);
      return roll(state, 'flee', { title: `${u.name}: flee`, actor: task.role, count: n, sides: 6, needs: `${n}D6" away from the largest enemy unit`, why: [{ rule: 'Flee!', detail: `M${m}: ${n === 2 ? '6 or less flees 2D6"' : 'more than 6 flees 3D6"'}` }] });
    }
    case 'pursuit': {
      const u = unitOf(setup, task.role, task.unit);
      const m = movementOf(setup, task.role, task.unit);
      const n = moveDice(m);
      const flee = state.moves[unitKey(otherRole(task.role), task.fleeing)] ?? 0;
      const fleeing = unitOf(setup, otherRole(task.role), task.fleeing);
      return roll(state, 'pursuit', {
        title: `${u.name}: pursue ${fleeing.name}`,
        actor: task.role,
        count: n,
        sides: 6,
        needs: `${flee}" or more catches ${fleeing.name}`,
        why: [{ rule: 'Pursuit', detail: `M${m}: ${n}D6"; equal to or greater than the flee roll (${flee}") destroys the fleeing unit` }],
      });
    }
    case 'pursuitEnd': {
      const u = unitOf(setup, task.role, task.unit);
      const d = state.moves[unitKey(task.role, task.unit)] ?? 0;
      return choose(state, 'moveEnd', {
        title: `${u.name}: where does the ${task.move} end?`,
        actor: task.role,
        prompt: `${u.name}: a full ${d}" move. Where does it end?`,
        options: [
          { id: 'clear', label: 'In the open: no fresh enemy', suggested: true },
          { id: 'fresh', label: 'Into a fresh enemy unit: a new charge' },
          { id: 'offTable', label: 'Off the table edge' },
        ],
        why: [{ rule: task.move === 'pursuit' ? 'Pursuit; Pursuit Off Table' : 'The Overrun Rule', detail: 'contact with a fresh enemy counts as a charge resolved next turn; a unit off the table returns where it left in its next turn' }],
      });
    }
    case 'overrunChoice': {
      const u = unitOf(setup, task.role, task.unit);
      const n = moveDice(movementOf(setup, task.role, task.unit));
      return choose(state, 'overrun', {
        title: `${u.name}: overrun?`,
        actor: task.role,
        prompt: `${u.name} slew all their opponents in the first round. Overrun ${n}D6"?`,
        options: [
          { id: 'overrun', label: `Overrun (${n}D6")`, suggested: true },
          { id: 'stay', label: 'Stay put' },
        ],
        why: [{ rule: 'The Overrun Rule', detail: 'a unit that slays all its opponents in the first round of combat may make an overrun move, 2D6" or 3D6" by its Movement' }],
      });
    }
    case 'overrun': {
      const u = unitOf(setup, task.role, task.unit);
      const m = movementOf(setup, task.role, task.unit);
      const n = moveDice(m);
      return roll(state, 'overrunMove', { title: `${u.name}: overrun move`, actor: task.role, count: n, sides: 6, needs: `${n}D6"`, why: [{ rule: 'The Overrun Rule', detail: `M${m}: ${n}D6", exactly like flee and pursuit` }] });
    }
    case 'roundEnd':
      return choose(state, 'round', {
        title: `Round ${state.round} is over`,
        actor: 'attacker',
        prompt: ['Both sides are still fighting.', ...redressLines(state)].join('\n'),
        options: [
          { id: 'next', label: `Fight round ${state.round + 1} now`, suggested: true },
          { id: 'end', label: 'Stop here (the combat goes on next turn)' },
        ],
        why: [{ rule: 'Redress the Ranks', detail: 'formations are tidied; winners may expand their frontage or lap round; fleeing units may not redress' }],
      });
  }
  throw new Error('unknown task');
}
