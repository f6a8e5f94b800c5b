import { describe, expect, it } from 'vitest';
import { startCombat, type Combat } from '../../../../core/combat/engine';
import { hintFor } from '../../../../core/forms/hints';
import { wholeCombatOf } from '../../../../core/analysis/combat';
import { oldWorld, startState, type Setup, type State } from '../../../../core/systems/old-world';
import { oldWorldAnalysis } from '../../../../core/systems/old-world/analysis';
import { exampleSetup } from '../../../../core/systems/old-world/example';
import { roundResult } from '../../../../core/systems/old-world/result';
import { oldWorldLayout } from '../../../../core/systems/old-world/setupLayout';
import { applierFor, autoInput } from '../../../support/drive';
import { setupOf } from './helpers';

/**
 * Warhammer Fantasy Battle 6th edition's musician (issue 35). The close-combat rules this app follows
 * give it no part: RULES.md §3 (from seed 002) counts a combat result from wounds, ranks, outnumbering,
 * a standard in the front rank, a battle standard, high ground, flank and rear and overkill, and its
 * break test from the difference and Leadership — no musician anywhere. So the setup screen does not
 * ask for one and says why in its place, the setup still takes the field (old scenario files and
 * rosters load), and a musician changes no figure, no step and no result.
 */

type Side = 'attacker' | 'defender';

/**
 * The example with a musician in every unit of one side and none in the other's (one side only: a
 * bonus both sides had would cancel out and hide itself), or in neither.
 */
function withMusician(side: Side | null): Setup {
  const setup = structuredClone(exampleSetup) as Record<Side, { units: object[] }>;
  for (const role of ['attacker', 'defender'] as const)
    setup[role].units = setup[role].units.map((u) => ({ ...u, musician: role === side }));
  return oldWorld.setupSchema.parse(setup);
}
const sides = ['attacker', 'defender'] as const;

describe('the setup screen does not ask for a musician', () => {
  const hint = hintFor(oldWorldLayout.fields, 'attacker.units[0].musician');

  it('hides the field and says why in its place, in words', () => {
    expect(hint.hidden).toBe(true);
    expect(hint.note).toBe(
      'A musician is not asked for: it changes nothing in the close-combat rules this app follows.',
    );
    // In a defender's unit too, and in a flanking unit added later.
    expect(hintFor(oldWorldLayout.fields, 'defender.units[2].musician')).toMatchObject({ hidden: true });
  });

  it('says it under the unit’s command ticks (standard, battle standard, charged), not between two of them', () => {
    const order = hintFor(oldWorldLayout.fields, 'attacker.units[0]').order ?? [];
    const at = order.indexOf('musician');
    expect(order.slice(at - 3, at)).toEqual(['standard', 'battleStandard', 'charged']);
  });

  it('still takes a musician in a setup (old scenario files and rosters load as before)', () => {
    expect(withMusician('attacker').attacker.units.every((u) => u.musician)).toBe(true);
    expect(withMusician(null).attacker.units.every((u) => !u.musician)).toBe(true);
  });
});

describe('a musician changes no figure', () => {
  it.each(sides)('gives the example the same exact odds of the round, the %s with a musician or without', (side) => {
    const [withOne, without] = [withMusician(side), withMusician(null)].map((s) => startState(s));
    expect(oldWorldAnalysis.distributions(withOne)).toEqual(oldWorldAnalysis.distributions(without));
    expect(oldWorldAnalysis.report(withOne)).toEqual(oldWorldAnalysis.report(without));
  });

  it.each(sides)('gives the example the same odds of the whole fight, the %s with a musician or without', (side) => {
    const [withOne, without] = [withMusician(side), withMusician(null)].map((s) => startState(s));
    const answer = wholeCombatOf(oldWorldAnalysis, withOne);
    expect(answer).toMatchObject({ ok: true });
    expect(answer).toEqual(wholeCombatOf(oldWorldAnalysis, without));
  });

  it.each(sides)(
    'plays the example to the same steps and the same end, seed for seed, the %s with a musician or without',
    (side) => {
      const apply = applierFor(oldWorld);
      const playOut = (setup: Setup, seed: number) => {
        let c: Combat<Setup, State> = startCombat(oldWorld, setup, seed);
        const steps: unknown[] = [];
        const over = () => c.step.kind === 'outcome' && c.step.final;
        for (let guard = 0; guard < 400 && !over(); guard++) {
          steps.push(c.step);
          c = apply(c, autoInput(c));
        }
        expect(over(), 'played to its end').toBe(true);
        return { steps, end: c.step, winner: oldWorld.winner?.(c.state) };
      };
      for (const seed of [1, 2, 3])
        expect(playOut(withMusician(side), seed)).toEqual(playOut(withMusician(null), seed));
    },
  );

  it('leaves a drawn round a draw: a musician wins no tie', () => {
    // Five against five, one wound caused each: equal scores, neither side has lost.
    const draw = (musician: boolean) => {
      const setup = setupOf({ models: 5, musician }, { models: 5 });
      const s = startState(setup);
      return roundResult({
        ...s,
        lost: { ...s.lost, 'attacker.0': 1, 'defender.0': 1 },
        roundStart: s.roundStart,
        caused: { attacker: 1, defender: 1 },
      });
    };
    expect(draw(true)).toEqual(draw(false));
    expect(draw(true).winner).toBeNull();
  });
});
