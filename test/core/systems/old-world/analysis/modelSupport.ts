import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { walkRound, type RoundTransition } from '../../../../../core/analysis/combat/roundWalk';
import { advance } from '../../../../../core/combat/engine';
import type { Input } from '../../../../../core/combat/steps';
import { oldWorld, type Setup, type State } from '../../../../../core/systems/old-world';
import { oldWorldCombat } from '../../../../../core/systems/old-world/analysis/combat';
import { oldWorldModel } from '../../../../../core/systems/old-world/analysis/model';
import { transitionMatchesWalk } from '../../../../support/roundModel';
import { autoInput, rngFor } from '../../../../support/drive';
import { start, type OldWorldCombat } from '../helpers';

/**
 * What the old world's round model tests share: the setups they start from, states part-way
 * through a round found in seeded games, and the check of one round against the engine's walk —
 * also from a roll-off for the first strike, which the walk cannot follow (a tie rolls again, its
 * positions repeat), walked from its two ends with their chances worked out by hand.
 */

/** examples/old-world-swordsmen-vs-orcs.json: Swordsmen, a Captain and Knights against Orc Boyz, a Boss and Wolf Riders. */
export function exampleFile(): Setup {
  const { seed: _seed, ...setup } = JSON.parse(
    readFileSync('examples/old-world-swordsmen-vs-orcs.json', 'utf8'),
  ) as Record<string, unknown>;
  return oldWorld.setupSchema.parse(setup);
}

/** The setup screen's example (20 Halberdiers charge 20 Orc Boyz), `models` a side. */
export function exampleOf(models = 20): Setup {
  const raw = structuredClone(oldWorld.exampleSetup) as {
    attacker: { units: Array<{ models: number }> };
    defender: { units: Array<{ models: number }> };
  };
  raw.attacker.units[0]!.models = models;
  raw.defender.units[0]!.models = models;
  return oldWorld.setupSchema.parse(raw);
}

export const startOf = (setup: Setup): State => oldWorld.start(setup);

/** A seeded game's first state where `at` holds (played as "Roll for me" plays it), with its combat. */
export function firstWhere(
  setup: Setup,
  at: (c: OldWorldCombat) => boolean,
  seeds = 200,
  answer: (c: OldWorldCombat) => Input = autoInput,
): State | null {
  for (let seed = 0; seed < seeds; seed++) {
    let c: OldWorldCombat = { ...start(setup), rng: rngFor(seed) };
    for (let guard = 0; guard < 2000 && !(c.step.kind === 'outcome' && c.step.final); guard++) {
      if (at(c)) return c.state;
      const r = advance(oldWorld, c, answer(c));
      if (!r.ok) throw new Error(r.error.message);
      c = r.combat as OldWorldCombat;
    }
  }
  return null;
}

/** Every state of one seeded game, in order, until its end or round `lastRound` is over. */
export function statesOfGame(setup: Setup, seed: number, lastRound = 1): State[] {
  const out: State[] = [];
  let c: OldWorldCombat = { ...start(setup), rng: rngFor(seed) };
  while (!(c.step.kind === 'outcome' && c.step.final) && c.state.round <= lastRound) {
    out.push(c.state);
    const r = advance(oldWorld, c, autoInput(c));
    if (!r.ok) throw new Error(r.error.message);
    c = r.combat as OldWorldCombat;
  }
  return out;
}

/**
 * The engine's walk of one round from `state`. The walk cannot follow a roll-off for the first
 * strike (a tie rolls again: its positions repeat until the walk gives up), so from a roll-off it
 * is walked from both of its ends — the attacker strikes first, or the defender — each with its
 * chance worked out by hand, the positions of the two merged.
 */
export function walked(state: State): RoundTransition<State> {
  const head = state.queue[0];
  if (state.phase !== 'strikes' || head?.kind !== 'rolloff') return walkRound(oldWorldCombat, state);
  const roll = (s: State, face: number) =>
    oldWorld.apply(s, { kind: 'roll', stepId: oldWorld.next(s).id, dice: [face], by: 'entered' });
  // From the attacker's die a (or before it): the attacker strikes first on a defender's die under
  // a, the defender on one over it, and a tie starts again (either side then as likely).
  const a = head.attackerRoll;
  const attackerFirst = a === null ? 1 / 2 : (a - 1) / 6 + 1 / 12;
  // Played to the end: the attacker rolls 6 (or 1) and the defender 1 (or 6); a tie on the way rolls again.
  const decided = (attacker: boolean) => {
    let s = state;
    for (let head = s.queue[0]; s.phase === 'strikes' && head?.kind === 'rolloff'; head = s.queue[0])
      s = roll(s, head.attackerRoll === null ? (attacker ? 6 : 1) : attacker ? 1 : 6);
    return s;
  };
  const halves = [decided(true), decided(false)];
  const weights = [attackerFirst, 1 - attackerFirst];
  const next = new Map<string, RoundTransition<State>['next'][number]>();
  const ended = new Map<string, RoundTransition<State>['ended'][number]>();
  let work = 0;
  halves.forEach((s, i) => {
    if (weights[i] === 0) return;
    const half = walkRound(oldWorldCombat, oldWorldCombat.shed(s));
    work += half.work;
    for (const n of half.next) next.set(n.key, { ...n, p: (next.get(n.key)?.p ?? 0) + weights[i]! * n.p });
    for (const e of half.ended)
      ended.set(JSON.stringify(e.end), {
        end: e.end,
        p: (ended.get(JSON.stringify(e.end))?.p ?? 0) + weights[i]! * e.p,
      });
  });
  return { next: [...next.values()], ended: [...ended.values()], work };
}

const summed = (entries: Array<[string, number]>) => {
  const out = new Map<string, number>();
  for (const [k, p] of entries) out.set(k, (out.get(k) ?? 0) + p);
  for (const [k, p] of out) if (p < 1e-15) out.delete(k);
  return out;
};

function expectSame(a: Map<string, number>, b: Map<string, number>, what: string) {
  for (const [k, p] of b) expect(a.get(k) ?? 0, `${what}: ${k}`).toBeCloseTo(p, 9);
  for (const [k, p] of a) expect(b.get(k) ?? 0, `${what} (not in the walk): ${k}`).toBeCloseTo(p, 9);
}

/** One round from `state` by the model equals the engine's walk of it (test/support/roundModel.ts), a roll-off walked from its ends. */
export function matchesWalk(state: State): ReturnType<typeof oldWorldModel.transition> {
  const position = oldWorldModel.enter(state);
  expect(position, 'the model takes the state').not.toBeNull();
  const t = oldWorldModel.transition(position!);
  if (state.phase !== 'strikes' || state.queue[0]?.kind !== 'rolloff') {
    transitionMatchesWalk(oldWorldCombat, oldWorldModel, state);
    return t;
  }
  const walk = walked(state);
  expectSame(
    summed(t.next.map((n) => [oldWorldModel.key(n.position), n.p])),
    summed(walk.next.map((n) => [oldWorldModel.key(oldWorldModel.enter(n.state)!), n.p])),
    'next round starts',
  );
  expectSame(
    summed(t.ended.map((e) => [JSON.stringify(e.end), e.p])),
    summed(walk.ended.map((e) => [JSON.stringify(e.end), e.p])),
    'ends of the combat',
  );
  return t;
}
