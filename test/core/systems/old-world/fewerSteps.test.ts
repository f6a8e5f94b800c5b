import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { advance, startCombat, type Combat } from '../../../../core/combat/engine';
import { oldWorld, type Setup, type State } from '../../../../core/systems/old-world';
import { autoInput } from '../../../support/drive';
import { swordsmenVsBoyz, twoUnitsASide, ogresVsHalberdiers, knightsAtTheWall } from './analysis/setups';
import { setupOf } from './helpers';

/**
 * At the table, faster than dice alone (issue 22): Warhammer Fantasy Battle 6th edition's fast
 * dice rolling — the pools of a side that strike with no enemy blow between roll together, one step
 * per kind of roll (to hit, to wound, saves) with a group of dice per pool; the losers' break tests
 * at once; the flee roll and every pursuer's roll at once; where a pursuit ends is not asked. The
 * target: at most 10 steps a round, median over varied setups, with the suggested option at every
 * choice and the app's dice (the same steps as entered dice).
 */

type OwCombat = Combat<Setup, State>;

/** Plays to the end; the steps taken in each round (a round's last step is its "round over" choice). */
function stepsPerRound(setup: Setup, seed: number): number[] {
  let c: OwCombat = startCombat(oldWorld, setup, seed);
  const rounds = new Map<number, number>();
  for (let guard = 0; guard < 2000 && !(c.step.kind === 'outcome' && c.step.final); guard++) {
    rounds.set(c.state.round, (rounds.get(c.state.round) ?? 0) + 1);
    const r = advance(oldWorld, c, autoInput(c));
    if (!r.ok) throw new Error(r.error.message);
    c = r.combat;
  }
  return [...rounds.values()];
}

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

const example = (): Setup => oldWorld.setupSchema.parse(oldWorld.exampleSetup);
const exampleFile = (): Setup => {
  const { seed: _seed, ...setup } = JSON.parse(
    readFileSync('examples/old-world-swordsmen-vs-orcs.json', 'utf8'),
  ) as Record<string, unknown>;
  return oldWorld.setupSchema.parse(setup);
};

const setups: Array<[string, () => Setup]> = [
  ['the setup screen example: Halberdiers charge Orc Boyz', example],
  ['examples/old-world-swordsmen-vs-orcs.json: two units a side, characters, a nearby unit', exampleFile],
  ['Swordsmen and Captain charge Orc Boyz and Boss', swordsmenVsBoyz],
  ['two units a side, panic nearby', twoUnitsASide],
  ['a roll-off, fear, a ward save: Ogres against Halberdiers and a Priest', ogresVsHalberdiers],
  ['a challenge, a defended obstacle, 3D6 moves: Knights at the wall', knightsAtTheWall],
  ['ten a side, nobody charged, different Initiative', () => setupOf({ profile: { initiative: 4 } }, {})],
];

const seeds = Array.from({ length: 30 }, (_, i) => i + 1);

describe('WFB 6th edition: at most 10 steps a round (issue 22), median over varied setups', () => {
  it.each(setups)('%s', (_name, setup) => {
    const rounds = seeds.flatMap((seed) => stepsPerRound(setup(), seed));
    expect(median(rounds), `steps per round: ${rounds.join(', ')}`).toBeLessThanOrEqual(10);
  });

  it('over all the setups together, and the first round of the example alone', () => {
    const all = setups.flatMap(([, setup]) => seeds.flatMap((seed) => stepsPerRound(setup(), seed)));
    expect(median(all)).toBeLessThanOrEqual(10);
    const firstRounds = seeds.map((seed) => stepsPerRound(exampleFile(), seed)[0]!);
    // It took 27 steps before fast dice rolling (every pool's hits, wounds and saves, each break
    // test, each pursuit roll and where it ended asked one by one).
    expect(median(firstRounds), firstRounds.join(', ')).toBeLessThanOrEqual(10);
  });
});
