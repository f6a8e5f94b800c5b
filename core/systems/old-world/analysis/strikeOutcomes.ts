import { inflict, strikeTasks } from '../flow';
import {
  fighting,
  memberKey,
  membersOf,
  roles,
  unitIndices,
  woundsLeft,
  type Blow,
  type Role,
  type State,
  type Task,
} from '../state';
import { armourFace, attacksOf, hitFace, pass, targetOf, wardFace, woundChance, woundFace } from '../strikes';
import { spend } from '../../../analysis/budget';
import { binomial } from '../../../dice/probability';

/**
 * The round's remaining strikes as an exact distribution over where they can end (seed 002, "Order
 * of Combat" to "Remove Casualties"; RULES §3): a dynamic programme over the joint wounds lost by
 * every pool plus each side's overkill. Every decision is the engine's own (flow.ts, strikes.ts):
 * who strikes and in what order, at whom, with how many attacks, what each attack needs, and how
 * unsaved wounds are taken (`inflict`: capped at the pool's wounds left, excess counting only as
 * overkill in a challenge). Each WFB wound is one wound, so a strike's unsaved wounds are
 * Binomial(dice, product of the stages still to roll). Exact: nothing is pruned.
 */

/** Where the strikes can end: the parts of the state they change, and how likely. */
export interface StrikeEnd {
  lost: Record<string, number>;
  caused: Record<Role, number>;
  overkill: Record<Role, number>;
  p: number;
}

type Strike = Extract<Task, { kind: 'strike' }>;
type Volley = Extract<Task, { kind: 'volley' }>;

/** Every pool of the combat, in a fixed order: the key of a DP node. */
function poolKeys(state: State): string[] {
  return roles.flatMap((role) =>
    unitIndices(state.setup, role).flatMap((unit) => membersOf(state.setup, role, unit).map(memberKey)),
  );
}

/**
 * P(one die of a blow still to roll at its stage ends as an unsaved wound): the stages after it, as
 * the engine walks them (volley.ts stageAfter: a save nobody has is skipped).
 */
export function remainingChance(state: State, blow: Blow): number {
  const { by, target } = blow;
  const armour = 1 - pass(armourFace(state, by, target));
  const ward = 1 - pass(wardFace(state, target));
  switch (blow.stage) {
    case 'hit':
      return pass(hitFace(state, by, target)) * pass(woundFace(state, by, target)) * armour * ward;
    case 'wound':
      return pass(woundFace(state, by, target)) * armour * ward;
    case 'armour':
      return armour * ward;
    case 'ward':
      return ward;
  }
}

/**
 * What one task does from one node, as blows with the chance of each unsaved wound: a volley's
 * blows (targets fixed), or a strike that has not begun (its target and attacks as volley.ts fixes
 * them: none when its unit left the combat, its pool is slain, nobody is left in contact, no attacks).
 */
function blowsOf(s: State, task: Strike | Volley, chance: Map<string, number>): Array<{ blow: Blow; p: number }> {
  if (task.kind === 'volley') return task.blows.map((blow) => ({ blow, p: remainingChance(s, blow) }));
  const by = task.by;
  if (!fighting(s, by.role, by.unit) || woundsLeft(s.setup, s.lost, by) <= 0) return [];
  const target = targetOf(s, by);
  if (!target) return [];
  const dice = attacksOf(s, by);
  if (dice === 0) return [];
  // woundChance depends only on the two profiles and who has won a round (fixed within a round).
  const key = `${memberKey(by)}>${memberKey(target)}`;
  let p = chance.get(key);
  if (p === undefined) chance.set(key, (p = woundChance(s, by, target)));
  return [{ blow: { by, target, stage: 'hit', dice }, p }];
}

/** The strikes in `tasks`, from `state`, as a distribution over their ends. */
function walk(state: State, tasks: readonly Task[], weight: number): StrikeEnd[] {
  const keys = poolKeys(state);
  const keyOf = (e: Omit<StrikeEnd, 'p'>) =>
    `${keys.map((k) => e.lost[k] ?? 0).join(',')}|${e.overkill.attacker},${e.overkill.defender}`;
  let nodes = new Map<string, StrikeEnd>();
  const first: StrikeEnd = { lost: state.lost, caused: state.caused, overkill: state.overkill, p: weight };
  nodes.set(keyOf(first), first);
  const chance = new Map<string, number>();
  for (const task of tasks) {
    if (task.kind !== 'strike' && task.kind !== 'volley')
      throw new Error(`unexpected ${task.kind} task among the strikes`);
    // A volley's blows one after the other, with their targets fixed: each a step of the walk.
    const count = task.kind === 'volley' ? task.blows.length : 1;
    for (let i = 0; i < count; i++) nodes = walkBlow(nodes, task, i, state, chance, keys.length, keyOf);
  }
  return [...nodes.values()];
}

/** One blow of a task (the i-th of a volley, or a strike's) from every node. */
function walkBlow(
  nodes: Map<string, StrikeEnd>,
  task: Strike | Volley,
  i: number,
  state: State,
  chance: Map<string, number>,
  pools: number,
  keyOf: (e: Omit<StrikeEnd, 'p'>) => string,
): Map<string, StrikeEnd> {
  const next = new Map<string, StrikeEnd>();
  const add = (e: Omit<StrikeEnd, 'p'>, p: number) => {
    const key = keyOf(e);
    const seen = next.get(key);
    if (seen) seen.p += p;
    else next.set(key, { lost: e.lost, caused: e.caused, overkill: e.overkill, p });
  };
  for (const node of nodes.values()) {
    const s: State = { ...state, lost: node.lost, caused: node.caused, overkill: node.overkill };
    const strike =
      task.kind === 'volley'
        ? { blow: task.blows[i]!, p: remainingChance(s, task.blows[i]!) }
        : blowsOf(s, task, chance)[0];
    if (!strike) {
      add(node, node.p);
      continue;
    }
    const row = binomial(strike.blow.dice, strike.p);
    // Each outcome builds a node: a copy of the wounds lost by every pool and a key naming them all,
    // so its cost grows with the pools in the combat (about 50 multiply-adds' worth each).
    spend(row.length * (100 + 50 * pools));
    for (let k = 0; k < row.length; k++) {
      const q = row[k]!;
      if (q === 0) continue;
      add(k === 0 ? node : inflict(s, strike.blow.by, strike.blow.target, k), node.p * q);
    }
  }
  return next;
}

/**
 * P(the roll-off gives `winner` the first strike). Apply.ts: the attacker rolls, then the
 * defender; the higher strikes first, and a tie starts the roll-off again (both roll anew), so
 * after the attacker's a: P(defender) = (6 − a)/6 + 1/6 · 1/2.
 */
export function rollOffChance(attackerRoll: number | null, winner: Role): number {
  if (attackerRoll === null) return 1 / 2;
  const defender = (6 - attackerRoll) / 6 + 1 / 12;
  return winner === 'defender' ? defender : 1 - defender;
}

/** The ends of the round's remaining strikes from a state in the strikes phase (a state past them is its own end). */
export function strikeEnds(state: State): StrikeEnd[] {
  if (state.phase !== 'strikes') return [{ lost: state.lost, caused: state.caused, overkill: state.overkill, p: 1 }];
  const head = state.queue[0];
  if (head?.kind === 'rolloff') {
    // Seed 002: the roll-off decides who strikes first at equal Initiative; the order follows from it.
    return roles.flatMap((winner) => {
      const decided: State = { ...state, rollOffWinner: winner };
      return walk(
        decided,
        [...strikeTasks(decided), ...state.queue.slice(1)],
        rollOffChance(head.attackerRoll, winner),
      );
    });
  }
  return walk(state, state.queue, 1);
}
