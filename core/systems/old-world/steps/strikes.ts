import { splitDice } from '../../../combat/rollGroups';
import type { RollStep } from '../../../combat/steps';
import { popTask, replaceHead, rollStep, withLastResult, type TaskKind } from '../../../combat/stepEngine';
import { strikeTasks } from '../flow';
import { memberName, plural, profileOf, verbOf, type Blow, type Stage, type State } from '../state';
import { beginStrikes, faceAt, isSave, stageAfter, stageOf, takeWounds, testAt } from '../volley';
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
      needs:
        task.attackerRoll === null ? 'the higher D6 strikes first' : `beat ${task.attackerRoll} (a tie rolls again)`,
      why: [
        {
          rule: 'Order of Combat',
          detail:
            'models of both sides share an Initiative and neither side won a previous round: each player rolls a D6, the higher strikes first at equal Initiative',
        },
      ],
    });
  },
  answer(s, task, { dice, log }) {
    const { setup } = s;
    const face = dice[0]!;
    if (task.attackerRoll === null)
      return replaceHead(log(s, `${setup.attacker.name} roll ${face}`, dice), { kind: 'rolloff', attackerRoll: face });
    if (face === task.attackerRoll)
      return replaceHead(log(s, `${face} each: a tie, roll again`, dice), { kind: 'rolloff', attackerRoll: null });
    const winner = face > task.attackerRoll ? 'defender' : 'attacker';
    const logged = log(
      s,
      `${setup.defender.name} roll ${face} against ${task.attackerRoll}: ${setup[winner].name} strike first at equal Initiative`,
      dice,
    );
    const decided: State = { ...popTask(logged), rollOffWinner: winner };
    return { ...decided, queue: [...strikeTasks(decided), ...decided.queue] };
  },
};

/** A pool whose turn to strike has come: it and its side's next pools fix their targets and attacks (volley.ts). */
export const strikeKind: TaskKind<State, Of<'strike'>> = {
  auto: (s) => beginStrikes(s),
};

const STAGE_WORDS: Record<Stage, string> = {
  hit: 'to hit',
  wound: 'to wound',
  armour: 'armour saves',
  ward: 'ward saves',
};

/** "Captain, Swordsmen and Knights" */
const listed = (names: readonly string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
const unique = (names: readonly string[]) => [...new Set(names)];

/** The roll of a volley's dice at its stage: one group per pool when several pools roll together. */
function volleyStep(state: State, task: Of<'volley'>): RollStep {
  const { setup } = state;
  const stage = stageOf(task.blows);
  const rolling = task.blows.filter((b) => b.stage === stage);
  const tests = rolling.map((b) => testAt(state, b));
  const save = isSave(stage);
  const by = (b: Blow) => memberName(setup, b.by);
  const foe = (b: Blow) => memberName(setup, b.target);
  const single = rolling.length === 1 ? rolling[0]! : null;
  const who = single ? `${by(single)} ${verbOf(single.by, 'attack')}` : `${listed(unique(rolling.map(by)))} attack`;
  const title = save
    ? `${listed(unique(rolling.map(foe)))}: ${STAGE_WORDS[stage]}`
    : `${who} ${listed(unique(rolling.map(foe)))}: ${STAGE_WORDS[stage]}`;
  const actor = save ? rolling[0]!.target.role : rolling[0]!.by.role;
  const faces = tests.map((t) => t.face!);
  const label = (b: Blow) => (save ? `${foe(b)} against ${by(b)}` : `${by(b)} at ${foe(b)}`);
  const needs = faces.every((f) => f === faces[0])
    ? `${faces[0]}+`
    : rolling.map((b, i) => `${faces[i]}+ for ${label(b)}`).join(', ');
  const attacksNote = (b: Blow) =>
    `${single ? '' : `${by(b)}: `}${plural(b.dice, 'attack')} at Initiative ${profileOf(setup, b.by).initiative}.`;
  const notes = stage === 'hit' ? rolling.map(attacksNote) : save ? ['Each die that passes saves a wound.'] : [];
  const count = rolling.reduce((n, b) => n + b.dice, 0);
  if (single)
    return rollStep(state, stage, {
      title,
      actor,
      count,
      sides: 6,
      passOn: faces[0]!,
      needs,
      why: tests[0]!.why,
      notes,
    });
  const why = [
    FAST_DICE,
    ...tests.flatMap((t, i) => t.why.map((r) => ({ rule: r.rule, detail: `${label(rolling[i]!)}: ${r.detail}` }))),
  ];
  const groups = rolling.map((b, i) => ({
    id: `g${i}`,
    label: label(b),
    roller: save ? b.target.role : b.by.role,
    count: b.dice,
    sides: 6 as const,
    passOn: faces[i]!,
    needs: `${faces[i]}+`,
  }));
  return rollStep(state, stage, { title, actor, count, sides: 6, needs, why, notes, groups });
}

const FAST_DICE = {
  rule: 'Fast dice rolling',
  detail:
    'these units and characters strike one after the other with no enemy attack between them: their dice are rolled together, a group each',
};

/** Pools of one side striking together: to hit, to wound, armour and ward saves, a step each (volley.ts). */
export const volleyKind: TaskKind<State, Of<'volley'>> = {
  ask: volleyStep,
  answer(s, task, { step, dice, log }) {
    if (step.kind !== 'roll') throw new Error('a volley step is a roll');
    const stage = stageOf(task.blows);
    const parts = splitDice(step, dice);
    const done: Array<{ blow: Blow; unsaved: number }> = [];
    const texts: string[] = [];
    let part = 0;
    const blows = task.blows.flatMap((blow): Blow[] => {
      if (blow.stage !== stage) return [blow];
      const rolled = parts[part++]!;
      const face = faceAt(s, blow)!;
      const ok = rolled.filter((f) => f >= face).length;
      const passing = isSave(stage) ? rolled.length - ok : ok;
      const what = {
        hit: plural(ok, 'hit'),
        wound: plural(ok, 'wound'),
        armour: `${plural(ok, 'save')}, ${rolled.length - ok} failed`,
        ward: `${plural(ok, 'ward save')}, ${rolled.length - ok} failed`,
      }[stage];
      texts.push(
        parts.length === 1
          ? what
          : `${isSave(stage) ? `against ${memberName(s.setup, blow.by)}` : memberName(s.setup, blow.by)}: ${what}`,
      );
      const next = passing === 0 ? 'harmless' : stageAfter(s, blow);
      if (next === 'harmless' || next === 'unsaved') {
        done.push({ blow, unsaved: next === 'unsaved' ? passing : 0 });
        return [];
      }
      return [{ ...blow, stage: next, dice: passing }];
    });
    const { state, lines } = takeWounds(log(s, texts.join('; '), dice), done);
    const after = lines.length > 0 ? withLastResult(state, lines.join('; ')) : state;
    return blows.length > 0 ? replaceHead(after, { kind: 'volley', blows }) : popTask(after);
  },
};
