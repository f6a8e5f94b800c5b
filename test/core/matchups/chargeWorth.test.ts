import { describe, expect, it } from 'vitest';
import { chargeWorth } from '../../../core/matchups';
import type { MatchupOdds } from '../../../core/matchups/types';

const whole = (win: number, exact = true): MatchupOdds => ({
  kind: 'whole',
  win,
  lose: 1 - win,
  draw: 0,
  unfinished: 0,
  exact,
  headline: '',
  ...(exact ? {} : { standardError: 0.01 }),
});

describe("what charging is worth to my side (a cell's detail, both ways)", () => {
  it('says how many points charging gains, with both figures', () => {
    expect(chargeWorth(whole(0.891), whole(0.866), 'Empire')).toBe(
      'Charging gains Empire 2.5 points: 89.1% charging, 86.6% charged.',
    );
  });

  it('says when being charged suits my side better', () => {
    expect(chargeWorth(whole(0.4), whole(0.45), 'Empire')).toMatch(/^Being charged suits Empire better by 5\.0 points/);
  });

  // Seed 002: casualties come off the back, so two deep units strike back in full whoever strikes
  // first; and great weapons always strike last. Equal figures are the rules, said in words.
  it('says who charges changes nothing when the figures are the same', () => {
    expect(chargeWorth(whole(0.35), whole(0.35 + 1e-12), 'Empire')).toBe(
      'Who charges changes nothing here: Empire win the fight 35.0% either way.',
    );
  });

  it('says nothing over an estimate, a missing way or one attack', () => {
    expect(chargeWorth(whole(0.6, false), whole(0.5), 'Empire')).toBeNull();
    expect(chargeWorth(whole(0.6), null, 'Empire')).toBeNull();
    expect(chargeWorth({ ...whole(0.6), kind: 'attack' }, whole(0.5), 'Empire')).toBeNull();
  });
});
