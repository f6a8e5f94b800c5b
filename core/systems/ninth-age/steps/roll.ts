import { stepMemo } from '../../../combat/memo';
import { splitDice } from '../../../combat/rollGroups';
import { popTask, rollStep, type TaskKind } from '../../../combat/stepEngine';
import type { DiceGroup, Reason, RollStep } from '../../../combat/steps';
import { targetAt, targetName } from '../allocation';
import { isSave, nextStage, specialTest, testOf } from '../attacks';
import { inflict } from '../flow';
import {
  hpLeft,
  plural,
  poolName,
  possessive,
  roles,
  verb,
  type PoolRef,
  type Stage,
  type State,
  type Task,
} from '../state';

/**
 * An Agility step's dice, all in one roll step (issue 22: one roll step for everything that
 * happens at the same moment). Seed 004 lets them be rolled together: every attack of the step is
 * allocated before any hit is rolled, and the casualties are removed only when the step ends, so
 * no die of the step depends on another part's result. Each part's attacks at each pool are
 * rolled through as players roll an attack: to hit, then a D6 to wound for each hit, the
 * defender's armour save for each wound, the special save for each failed armour save — chained
 * dice groups, part by part and target by target (the order the dice were always taken in).
 */

type Of<K extends Task['kind']> = Extract<Task, { kind: K }>;

/** One part's attacks at one pool, and the stages it rolls (seed 004's sequence; no group for a save it cannot make). */
export interface Chain {
  part: PoolRef;
  target: PoolRef;
  dice: number;
  stages: Stage[];
}

export function chainsOf(state: State): Chain[] {
  const { setup } = state;
  return state.parts.flatMap((s) =>
    (s.allocation ?? []).flatMap((dice, i): Chain[] => {
      if (dice <= 0) return [];
      const target = targetAt(s.part, i);
      const stages: Stage[] = ['hit'];
      for (let st = nextStage(setup, s.part, target, 'hit'); st !== null; st = nextStage(setup, s.part, target, st))
        stages.push(st);
      return [{ part: s.part, target, dice, stages }];
    }),
  );
}

const groupId = (k: number, stage: Stage) => `${k}.${stage}`;

/**
 * A stage's dice group, its label short enough for one line of a tablet and saying whose dice
 * they are: "Knights to hit the Spearmen", "Knights to wound the Spearmen", "Spearmen’s armour saves".
 */
function groupOf(state: State, chains: readonly Chain[], k: number, j: number): DiceGroup {
  const { setup } = state;
  const chain = chains[k]!;
  const stage = chain.stages[j]!;
  const need = testOf(setup, chain.part, chain.target, stage).need!;
  const target = targetName(setup, chain.target);
  const before = j > 0 ? chain.stages[j - 1]! : null;
  const save = stage === 'armour' ? 'armour' : specialTest(setup, chain.target).name.replace(' save', '');
  // A save follows the wounds above it in the step's order: whose saves they are is enough.
  const label =
    stage === 'hit' || stage === 'wound'
      ? `${poolName(setup, chain.part)} to ${stage} ${target}`
      : `${possessive(poolName(setup, chain.target))} ${save} saves`;
  // Saves pass for the defender: the dice that go on from a save are those that fail.
  const per =
    before === null
      ? {}
      : { per: { group: groupId(k, before), on: isSave(before) ? ('fail' as const) : ('pass' as const) } };
  const note = {
    hit: undefined,
    wound: 'a D6 per hit',
    armour: 'a D6 per wound',
    special: before === 'armour' ? 'a D6 per failed save' : 'a D6 per wound',
  }[stage];
  return {
    id: groupId(k, stage),
    label,
    roller: stage === 'hit' || stage === 'wound' ? chain.part.role : chain.target.role,
    count: chain.dice,
    sides: 6,
    passOn: need,
    needs: `${need}+`,
    ...(note ? { note } : {}),
    ...per,
  };
}

/** Who rolls what: each player rolls their own models' attacks and their own saves ("Red: roll for the Knights (attacks and saves) and Baron (saves)."). */
function whoRolls(state: State, chains: readonly Chain[]): string[] {
  const { setup } = state;
  return roles.flatMap((role) => {
    const rolls = new Map<string, Set<string>>();
    const add = (p: PoolRef, what: string) =>
      rolls.set(targetName(setup, p), (rolls.get(targetName(setup, p)) ?? new Set()).add(what));
    for (const c of chains) {
      if (c.part.role === role) add(c.part, 'attacks');
      if (c.target.role === role && c.stages.length > 2) add(c.target, 'saves');
    }
    const each = [...rolls].map(([name, what]) => `${name} (${[...what].join(' and ')})`);
    return each.length > 0
      ? [
          `${setup[role].name}: roll for ${each.length > 1 ? `${each.slice(0, -1).join(', ')} and ${each.at(-1)}` : each[0]}.`,
        ]
      : [];
  });
}

/** "Knights, Captain and Standard Bearer strike", "Baron strikes". */
function strikers(state: State, chains: readonly Chain[]): string {
  const parts = chains
    .map((c) => c.part)
    .filter((p, i, all) => all.findIndex((q) => q.role === p.role && q.who === p.who) === i);
  const names = parts.map((p) => poolName(state.setup, p));
  if (names.length === 1) return `${names[0]} ${verb(parts[0]!, 'strike')}`;
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)} strike`;
}

function rollsStep(state: State): RollStep {
  const { setup } = state;
  const chains = chainsOf(state);
  const groups = chains.flatMap((c, k) => c.stages.map((_, j) => groupOf(state, chains, k, j)));
  const several = chains.length > 1;
  const why: Reason[] = [
    // Two short reasons first (a tablet shows two before "Why: more"), the tables after.
    { rule: 'Agility step', detail: 'allocated first, casualties at its end: all rolled at once' },
    { rule: 'Dice', detail: 'each player rolls their own models’ attacks and saves' },
    ...chains.flatMap((c) =>
      c.stages.flatMap((st) =>
        testOf(setup, c.part, c.target, st).why.map((w) =>
          several
            ? { rule: `${w.rule}: ${poolName(setup, c.part)} at ${targetName(setup, c.target)}`, detail: w.detail }
            : w,
        ),
      ),
    ),
  ];
  const stageName = (c: Chain, st: Stage) =>
    ({
      hit: 'to hit',
      wound: 'to wound',
      armour: 'armour',
      special: specialTest(setup, c.target).name.replace(' save', ''),
    })[st];
  const needsOf = (c: Chain) =>
    c.stages.map((st) => `${stageName(c, st)} ${testOf(setup, c.part, c.target, st).need}+`).join(', ');
  // What each die needs, chain by chain: "Baron at Captain: to hit 3+, to wound 3+, armour 5+, Fortitude 5+".
  const needs = several
    ? chains.map((c) => `${poolName(setup, c.part)} at ${targetName(setup, c.target)}: ${needsOf(c)}`).join('; ')
    : needsOf(chains[0]!);
  return rollStep(state, 'strikes', {
    title: `Agility ${state.agility}: ${strikers(state, chains)}`,
    actor: chains[0]!.part.role,
    count: groups.reduce((n, g) => n + g.count, 0),
    sides: 6,
    needs,
    notes: [
      `${plural(
        chains.reduce((n, c) => n + c.dice, 0),
        'attack',
      )} at Agility ${state.agility}.`,
      ...whoRolls(state, chains),
    ],
    why,
    groups,
    // The rules keep only what each chain's last dice come to (the HP the pool loses, seed 004):
    // the hits and wounds along the way are said in the log, never read again.
    readsChainEnds: true,
  });
}

/**
 * What the step reads of a state besides the setup and the counter: the Agility step and each
 * part's attacks and allocation. Play-outs roll the same step thousands of times: it is built once.
 */
const rollsKey = (state: State) =>
  `${state.agility}|${state.parts.map((s) => `${s.part.role}.${s.part.who}:${s.attacks}:${s.allocation?.join(',')}`).join('|')}`;

const rememberedRolls = stepMemo<RollStep>();

/** "3 hits, 2 wounds, 1 armour save" — what each stage's dice came to. */
const stageWords = (stage: Stage, passed: number, save: string) =>
  ({
    hit: plural(passed, 'hit'),
    wound: plural(passed, 'wound'),
    armour: plural(passed, 'armour save'),
    special: plural(passed, `${save} save`),
  })[stage];

/** The step's dice, chain by chain: the unsaved wounds of each come off the pool its attacks were allocated to. */
export const rollsKind: TaskKind<State, Of<'rolls'>> = {
  ask: (state) => rememberedRolls(state.setup, rollsKey(state), state.counter, () => rollsStep(state)),
  answer(s, _task, { step, dice, log }) {
    if (step.kind !== 'roll' || !step.groups) throw new Error('an Agility step is a roll of dice groups');
    const parts = splitDice(step, dice);
    let next = popTask(s);
    let g = 0;
    const lines: string[] = [];
    for (const chain of chainsOf(s)) {
      let going = chain.dice;
      const words = [plural(chain.dice, 'attack')];
      const save = specialTest(s.setup, chain.target).name.replace(' save', '');
      for (const stage of chain.stages) {
        const faces = parts[g]!;
        const passOn = step.groups[g++]!.passOn!;
        if (faces.length === 0) continue;
        const passed = faces.filter((f) => f >= passOn).length;
        words.push(stageWords(stage, passed, save));
        going = isSave(stage) ? faces.length - passed : passed;
      }
      // A stage with no dice follows one where none went on: what went on from the last stage rolled is unsaved.
      const unsaved = going;
      const who = `${poolName(s.setup, chain.part)} at ${targetName(s.setup, chain.target)}`;
      lines.push(`${who}: ${words.join(', ')}${unsaved > 0 ? `: ${wounded(next, chain.target, unsaved)}` : ''}`);
      if (unsaved > 0) next = inflict(next, chain.target, unsaved).state;
    }
    return log(next, lines.join(' · '), dice);
  },
};

/**
 * What the unsaved wounds do to the pool: whatever it cannot take is lost, never moved to another
 * pool; a pool emptied earlier in the step takes nothing (seed 004, Health Pools).
 */
function wounded(state: State, target: PoolRef, unsaved: number): string {
  const name = targetName(state.setup, target);
  const left = hpLeft(state.setup, state.lost, target);
  if (left === 0) return `${plural(unsaved, 'unsaved wound')} lost: ${name} already slain this step`;
  const taken = Math.min(unsaved, left);
  return `${plural(unsaved, 'unsaved wound')}, ${name} ${verb(target, 'lose')} ${taken} HP${unsaved > taken ? ` (${unsaved - taken} beyond the pool, lost)` : ''}, ${left - taken} HP left`;
}
