import { expect } from 'vitest';
import type { RoundModel } from '../../../../../../core/analysis/combat/model';
import { walkRound } from '../../../../../../core/analysis/combat/roundWalk';
import type { CombatEnd } from '../../../../../../core/analysis/combat/tally';
import type { CombatChain, UnitEnd } from '../../../../../../core/analysis/combat/types';
import type { State } from '../../../../../../core/systems/epic-armageddon';
import type { Position } from '../../../../../../core/systems/epic-armageddon/analysis/model/roundModel';
import { transitionMatchesWalk } from '../../../../../support/roundModel';

/**
 * One round of the round model held to the engine's own walk of it, where the model carries which
 * of alike units is which as chances (model.ts `merge`, UnitFate.chances): the shared check
 * (test/support/roundModel.ts transitionMatchesWalk) compares ends as whole objects, and an end
 * whose units' fates are chances is never the walk's object. So here:
 *
 * - the next round's positions by key, each with its chance and each unit's chances over its
 *   class's ranks (the walk's states entered, each unit at its own rank for certain, summed);
 * - the ends by what tells them apart besides the labelled units (the winner, each formation's
 *   fate, every other unit's fate), each with its chance and every unit's chance of each fate
 *   (the walk's ends counted unit by unit).
 *
 * Where no unit is labelled, the shared check runs as well.
 */

const FATES = ['destroyed', 'flees', 'caught'] as const;

/** A position's labels as one list of chances. */
const labelsOf = (p: Position): number[] => [...p.labels];

interface Summed {
  p: number;
  v: number[];
}

function add(into: Map<string, Summed>, key: string, p: number, v: number[]): void {
  let s = into.get(key);
  if (!s) into.set(key, (s = { p: 0, v: v.map(() => 0) }));
  s.p += p;
  v.forEach((x, i) => (s.v[i]! += p * x));
}

function expectSame(actual: Map<string, Summed>, expected: Map<string, Summed>, what: string): void {
  const keys = new Set([...actual.keys(), ...expected.keys()]);
  for (const k of keys) {
    const a = actual.get(k) ?? { p: 0, v: [] };
    const b = expected.get(k) ?? { p: 0, v: [] };
    expect(a.p, `${what} ${k}: chance`).toBeCloseTo(b.p, 9);
    const n = Math.max(a.v.length, b.v.length);
    for (let i = 0; i < n; i++) expect(a.v[i] ?? 0, `${what} ${k}: [${i}]`).toBeCloseTo(b.v[i] ?? 0, 9);
  }
}

/** Each unit's chance of each fate at an end. */
const fatesOf = (end: CombatEnd): number[] =>
  (end.units ?? []).flatMap((u) => FATES.map((f) => (u.chances ? (u.chances[f] ?? 0) : u.end === f ? 1 : 0)));

/** What tells an end apart besides the labelled units (`labelled`: their places in the list). */
const shapeOf = (end: CombatEnd, labelled: ReadonlySet<number>): string =>
  JSON.stringify({
    winner: end.winner,
    fates: end.fates,
    units: (end.units ?? []).map((u, i): UnitEnd | '*' => (labelled.has(i) ? '*' : u.end)),
  });

/** One round from `state`: the model's transition equals the engine's walk of it, unit by unit (see above). */
export function roundMatchesWalk(chain: CombatChain<State>, model: RoundModel<State, Position>, state: State): void {
  const position = model.enter(state);
  expect(position, 'the model takes the state').not.toBeNull();
  const t = model.transition(position!);
  const walked = walkRound({ ...chain, transition: undefined, model: undefined }, state);
  const next = { model: new Map<string, Summed>(), walk: new Map<string, Summed>() };
  for (const n of t.next) add(next.model, model.key(n.position), n.p, labelsOf(n.position));
  for (const n of walked.next) {
    const entered = model.enter(n.state);
    expect(entered, 'the model takes every state a round starts from').not.toBeNull();
    add(next.walk, model.key(entered!), n.p, labelsOf(entered!));
  }
  expectSame(next.model, next.walk, 'next round starts');
  // The units of classes of two or more alike units, in the odds' order (the attacker's, then the defender's).
  const { ctx } = position!;
  const labelled = new Set(
    (['attacker', 'defender'] as const)
      .flatMap((r) => ctx.sides[r].unitClass.map(({ cls }) => ctx.sides[r].classes[cls]!.labelled >= 0))
      .flatMap((yes, i) => (yes ? [i] : [])),
  );
  const ends = { model: new Map<string, Summed>(), walk: new Map<string, Summed>() };
  for (const e of t.ended) add(ends.model, shapeOf(e.end, labelled), e.p, fatesOf(e.end));
  for (const e of walked.ended) add(ends.walk, shapeOf(e.end, labelled), e.p, fatesOf(e.end));
  expectSame(ends.model, ends.walk, 'ends of the assault');
  if (labelled.size === 0) transitionMatchesWalk(chain, model, state);
}
