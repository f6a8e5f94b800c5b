import { describe, expect, it } from 'vitest';
import type { CombatEnd } from '../../../../../core/analysis/combat/tally';
import type { SetupInput, State } from '../../../../../core/systems/wh40k-7e';
import { wh40k7eCombat } from '../../../../../core/systems/wh40k-7e/analysis';
import { wh40k7eModel } from '../../../../../core/systems/wh40k-7e/analysis/model';
import { transitionMatchesWalk } from '../../../../support/roundModel';
import { startOf } from './model/scenarios';
import { marine, parse } from './setups';

/**
 * The rules at the edges, each against a figure worked out by hand (and the engine's walk): units
 * wiped out, excess damage lost, a drawn round, and the natural rolls the rules read (a 6 to wound
 * against a far tougher model, a save failing on a 1, a Destroyer's 1 and 6, a double 1 on a
 * Morale check).
 */

type Group = SetupInput['attacker']['models'][number];
/** A plain model: a Space Marine's characteristics, Leadership 7, no save. */
const model = (over: Partial<Group>): Group => ({ ...marine, name: 'Model', leadership: 7, save: null, ...over });

/** One round from the start: the model's transition (checked against the walk), and the chance of the ends that pass `which`. */
function firstRound(attacker: Group[], defender: Group[], sides: { attacker?: object; defender?: object } = {}) {
  const state: State = startOf(
    parse({
      attacker: { name: 'Red', models: attacker, ...sides.attacker },
      defender: { name: 'Blue', models: defender, ...sides.defender },
    } as Omit<SetupInput, 'system'>),
  );
  transitionMatchesWalk(wh40k7eCombat, wh40k7eModel, state);
  const t = wh40k7eModel.transition(wh40k7eModel.enter(state)!);
  const ended = (which: (e: CombatEnd) => boolean) => t.ended.filter((e) => which(e.end)).reduce((n, e) => n + e.p, 0);
  return { t, ended };
}

describe('wiped out', () => {
  it('both units wiped out at the same Initiative step: a draw, both destroyed', () => {
    // Each strikes once at I4: 4+ to hit, 4+ to wound, no save — a kill 1/4 each, at the same moment.
    const { t, ended } = firstRound([model({})], [model({})]);
    expect(
      ended((e) => e.winner === 'draw' && e.fates.attacker === 'destroyed' && e.fates.defender === 'destroyed'),
    ).toBeCloseTo(1 / 16, 12);
    expect(ended((e) => e.winner === 'attacker' && e.fates.defender === 'destroyed')).toBeCloseTo(3 / 16, 12);
    expect(ended((e) => e.winner === 'defender' && e.fates.attacker === 'destroyed')).toBeCloseTo(3 / 16, 12);
    // Neither wounded: a drawn round, both fight on.
    expect(t.next.reduce((n, x) => n + x.p, 0)).toBeCloseTo(9 / 16, 12);
  });
});

describe('excess damage is lost', () => {
  it('a Destroyer wound on a one-wound Grot counts 1 wound for the result, not D3 or D6 + 6', () => {
    // WS10 hits WS1 on 3+; the Destroyer roll: 1 nothing, 2–6 a wound the Grot cannot save. Won by 1, the
    // Grots test on Ld 5 − 1 = 4: they stay on 2D6 ≤ 4 (6 of 36). Counted as 7 or more wounds, only a double 1 would.
    // Caught always: D6 + I10 against D6 + I1.
    const titan = model({
      weaponSkill: 10,
      toughness: 10,
      initiative: 10,
      weapon: { name: 'Destroyer', strength: 'D', ap: null, unwieldy: false },
    });
    const grots = model({
      name: 'Grot',
      count: 2,
      weaponSkill: 1,
      strength: 1,
      toughness: 2,
      initiative: 1,
      leadership: 5,
    });
    const { ended } = firstRound([titan], [grots]);
    expect(ended((e) => e.fates.defender === 'caught')).toBeCloseTo((2 / 3) * (5 / 6) * (30 / 36), 12);
  });

  it('Instant Death on a two-wound Nob counts both his wounds', () => {
    // A power fist (S8 against T4: 4+ to hit, 2+ to wound, no save) slays the Nob, first in his unit's order,
    // outright: 2 wounds to the result, so the Boyz test on Ld 7 − 2 = 5 (10 of 36 hold; on Ld 6, 15 would).
    // They fall back unless caught: D6 + I4 against D6 + I4, caught on a tie (21 of 36).
    const fist = model({ weapon: { name: 'Power fist', strength: 'x2', ap: 2, unwieldy: true } });
    const nob = model({ name: 'Nob', wounds: 2, attacks: 0 });
    const boy = model({ name: 'Boy', attacks: 0 });
    const { ended } = firstRound([fist, model({ attacks: 0 })], [nob, boy]);
    const nobSlain = (e: CombatEnd) => e.units!.some((u) => u.unit === 'Nob' && u.end === 'destroyed');
    expect(ended((e) => e.fates.defender === 'flees' && nobSlain(e))).toBeCloseTo((5 / 12) * (26 / 36) * (15 / 36), 12);
    expect(ended((e) => e.fates.defender === 'caught' && nobSlain(e))).toBeCloseTo(
      (5 / 12) * (26 / 36) * (21 / 36),
      12,
    );
  });
});

describe('a drawn round', () => {
  it('nobody tests Morale: both units fight on into the next round, whatever their Leadership', () => {
    // Two-wound models striking at once, each causing 0 or 1 wound (1/4): equal wounds is a draw.
    const { t, ended } = firstRound([model({ wounds: 2, leadership: 2 })], [model({ wounds: 2, leadership: 2 })]);
    const after = (a: number, d: number) =>
      t.next
        .filter((x) => x.position.kind === 'start' && x.position.a[a] === 1 && x.position.d[d] === 1)
        .reduce((n, x) => n + x.p, 0);
    expect(after(1, 1)).toBeCloseTo(9 / 16, 12);
    expect(after(0, 0)).toBeCloseTo(1 / 16, 12);
    // Won by 1 on Ld 2: only a double 1 holds the loser.
    expect(ended((e) => e.fates.attacker === 'flees' || e.fates.attacker === 'caught')).toBeCloseTo(
      (3 / 16) * (35 / 36),
      12,
    );
  });
});

describe('natural rolls the rules read', () => {
  it('S3 against T5 wounds only on a 6, and a 2+ save still fails on a 1', () => {
    const { ended } = firstRound([model({ strength: 3 })], [model({ toughness: 5, save: 2, attacks: 0 })]);
    expect(ended((e) => e.fates.defender === 'destroyed')).toBeCloseTo((1 / 2) * (1 / 6) * (1 / 6), 12);
  });

  it('a double 1 always passes a Morale check, even against Ld 2 − 1', () => {
    // WS10 S10 against WS1 T1: 2/3 to hit, 5/6 to wound; won by 1, the Grots need 2D6 ≤ 1: only a double 1. Caught always.
    const brute = model({ weaponSkill: 10, strength: 10, toughness: 10, initiative: 10 });
    const grots = model({
      name: 'Grot',
      count: 2,
      weaponSkill: 1,
      strength: 1,
      toughness: 1,
      initiative: 1,
      leadership: 2,
    });
    const { ended } = firstRound([brute], [grots]);
    expect(ended((e) => e.fates.defender === 'caught')).toBeCloseTo((2 / 3) * (5 / 6) * (35 / 36), 12);
    // Fearless: no test at all.
    expect(firstRound([brute], [grots], { defender: { fearless: true } }).ended((e) => e.fates.defender !== null)).toBe(
      0,
    );
  });
});
