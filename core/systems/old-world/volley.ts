import { popTask, pushLog } from '../../combat/stepEngine';
import type { Reason } from '../../combat/steps';
import { inflict } from './flow';
import {
  fighting,
  memberKey,
  memberName,
  plural,
  stages,
  verbOf,
  woundsLeft,
  type Blow,
  type MemberRef,
  type Stage,
  type State,
  type Task,
} from './state';
import {
  armourFace,
  armourTest,
  attacksOf,
  hitFace,
  hitTest,
  targetOf,
  wardFace,
  wardTest,
  woundFace,
  woundTest,
  type Test,
} from './strikes';

/**
 * Fast dice rolling (seed 002, "Order of Combat"): the pools of one side that strike one after the
 * other, with no enemy blow between them, roll their to-hit dice together, then their to-wound
 * dice, then the saves — one step per kind of roll, one group of dice per pool. It changes nothing
 * the rules decide: a pool joins only while the blows before it cannot slay its whole target (so
 * its target is the one it would have struck anyway), and the analysis, which plays the pools one
 * by one, counts the same odds.
 */

/** Dice and groups one step can take (the step protocol's limits). */
export const MAX_STEP_DICE = 200;
export const MAX_GROUPS = 8;

type Strike = Extract<Task, { kind: 'strike' }>;

/** What a pool does when the order reaches it: its blow, or the reason it strikes none (null: it has left the combat). */
function blowOf(s: State, by: MemberRef): Blow | { none: string; why?: Reason[] } | null {
  const name = memberName(s.setup, by);
  if (!fighting(s, by.role, by.unit)) return null;
  if (woundsLeft(s.setup, s.lost, by) <= 0)
    return { none: `${name}: slain before striking: casualties strike no blows` };
  const target = targetOf(s, by);
  if (!target) return { none: `${name}: no enemy left in contact to strike` };
  const attacks = attacksOf(s, by);
  if (attacks === 0) return { none: `${name}: no attacks` };
  // Seed 002 "Roll to Damage": an "N" Strength cannot wound; its hits could do nothing, so nobody rolls them.
  if (woundFace(s, by, target) === null)
    return { none: `${name} cannot wound ${memberName(s.setup, target)}`, why: woundTest(s, by, target).why };
  return { by, target, stage: 'hit', dice: attacks };
}

/** Splits blows into volleys a step can take: at most 200 dice and 8 groups each (a pool's dice may span volleys). */
export function volleysOf(blows: readonly Blow[]): Task[] {
  const volleys: Blow[][] = [[]];
  for (const blow of blows) {
    let left = blow.dice;
    while (left > 0) {
      let cur = volleys[volleys.length - 1]!;
      const used = cur.reduce((n, b) => n + b.dice, 0);
      if (cur.length >= MAX_GROUPS || used >= MAX_STEP_DICE) volleys.push((cur = []));
      const dice = Math.min(left, MAX_STEP_DICE - cur.reduce((n, b) => n + b.dice, 0));
      cur.push({ ...blow, dice });
      left -= dice;
    }
  }
  return volleys.filter((v) => v.length > 0).map((blows) => ({ kind: 'volley', blows }));
}

/**
 * The strike at the head of the queue begins: it and the strikes of the same side right after it
 * fix their targets and attacks and become volleys; a pool that strikes no blow is logged and left.
 */
export function beginStrikes(s: State): State {
  let next = s;
  const blows: Blow[] = [];
  const committed = new Map<string, number>();
  const role = (s.queue[0] as Strike).by.role;
  for (let head = next.queue[0]; head?.kind === 'strike' && head.by.role === role; head = next.queue[0]) {
    const blow = blowOf(next, head.by);
    if (blow === null) {
      next = popTask(next);
      continue;
    }
    if ('none' in blow) {
      const title = `${memberName(s.setup, head.by)} ${verbOf(head.by, 'strike')}`;
      next = pushLog(popTask(next), {
        stepId: `strike.${s.counter}.${memberKey(head.by)}`,
        actor: role,
        title,
        result: blow.none,
        ...(blow.why ? { why: blow.why } : {}),
      });
      continue;
    }
    // The blows before it could slay its whole target: it waits, to strike whoever is left then.
    const before = committed.get(memberKey(blow.target)) ?? 0;
    if (before > 0 && before >= woundsLeft(next.setup, next.lost, blow.target)) break;
    committed.set(memberKey(blow.target), before + blow.dice);
    blows.push(blow);
    next = popTask(next);
  }
  return { ...next, queue: [...volleysOf(blows), ...next.queue] };
}

/** Each stage's test and the face it needs alone (the same rule without its words), side by side so they cannot drift apart. */
const atStage: Record<Stage, { test: (s: State, b: Blow) => Test; face: (s: State, b: Blow) => number | null }> = {
  hit: { test: (s, b) => hitTest(s, b.by, b.target), face: (s, b) => hitFace(s, b.by, b.target) },
  wound: { test: (s, b) => woundTest(s, b.by, b.target), face: (s, b) => woundFace(s, b.by, b.target) },
  armour: { test: (s, b) => armourTest(s, b.by, b.target), face: (s, b) => armourFace(s, b.by, b.target) },
  ward: { test: (s, b) => wardTest(s, b.target), face: (s, b) => wardFace(s, b.target) },
};

/** The test a blow's dice take at its stage. */
export const testAt = (s: State, blow: Blow): Test => atStage[blow.stage].test(s, blow);

/** The face a blow's dice need at its stage, without the test's words (testAt's face). */
export const faceAt = (s: State, blow: Blow): number | null => atStage[blow.stage].face(s, blow);

export const isSave = (stage: Stage) => stage === 'armour' || stage === 'ward';

/** The stage rolled now: the earliest any blow of the volley is at. */
export const stageOf = (blows: readonly Blow[]): Stage => stages.find((st) => blows.some((b) => b.stage === st))!;

/**
 * Where a blow's passing dice go next (seed 002): the next test they can pass — a save nobody has
 * is skipped — or 'unsaved' (they are unsaved wounds), or 'harmless' (a Strength that cannot wound).
 */
export function stageAfter(s: State, blow: Blow): Stage | 'unsaved' | 'harmless' {
  for (const next of stages.slice(stages.indexOf(blow.stage) + 1)) {
    const face = faceAt(s, { ...blow, stage: next });
    if (next === 'wound') {
      if (face === null) return 'harmless';
      return next;
    }
    if (face !== null) return next;
  }
  return 'unsaved';
}

/** A blow's unsaved wounds taken, as one line per target: "3 unsaved wounds on Orc Boyz, 17 wounds left". */
export function takeWounds(
  s: State,
  done: ReadonlyArray<{ blow: Blow; unsaved: number }>,
): { state: State; lines: string[] } {
  let next = s;
  const byTarget = new Map<string, { target: MemberRef; unsaved: number }>();
  for (const { blow, unsaved } of done) {
    if (unsaved === 0) continue;
    next = inflict(next, blow.by, blow.target, unsaved);
    const key = memberKey(blow.target);
    byTarget.set(key, { target: blow.target, unsaved: (byTarget.get(key)?.unsaved ?? 0) + unsaved });
  }
  const lines = [...byTarget.values()].map(
    ({ target, unsaved }) =>
      `${plural(unsaved, 'unsaved wound')} on ${memberName(next.setup, target)}, ${plural(woundsLeft(next.setup, next.lost, target), 'wound')} left`,
  );
  return { state: next, lines };
}
