import { describe, expect, it } from 'vitest';
import { chanceText, wholeFigureText, wholeHeadlinesOf, type WholeCombatOdds } from '../../../core/analysis/combat';
import {
  bestForTheFight,
  fightHeadline,
  sameChanceNote,
  stoppedUndecided,
} from '../../../core/analysis/combat/headline';

/** An option's whole-combat figure: the chooser's chance to win the combat, shown only when the options change it. */

const odds = (pAttackerWins: number, estimate?: number): WholeCombatOdds => ({
  exact: estimate === undefined,
  fromRound: 1,
  maxRounds: 10,
  pAttackerWins,
  pDefenderWins: 1 - pAttackerWins,
  pDraw: 0,
  pUnfinished: 0,
  rounds: [0.4, 0.6],
  // The loser's unit is wiped out: a combat decided, round 1 or 2.
  attacker: { side: 'Empire', unit: 'A', pDestroyed: 1 - pAttackerWins, pFlees: 0, pCaught: 0 },
  defender: { side: 'Orcs', unit: 'D', pDestroyed: pAttackerWins, pFlees: 0, pCaught: 0 },
  ...(estimate === undefined ? {} : { playouts: 500, standardError: estimate }),
});

/** The odds from "Stop here: the combat goes on next turn" after round 1, won by `winner`: over at once, nobody's unit gone. */
const stopped = (winner: 'attacker' | 'defender'): WholeCombatOdds => ({
  ...odds(winner === 'attacker' ? 1 : 0),
  rounds: [1],
  attacker: { side: 'Empire', unit: 'A', pDestroyed: 0, pFlees: 0, pCaught: 0 },
  defender: { side: 'Orcs', unit: 'D', pDestroyed: 0, pFlees: 0, pCaught: 0 },
});

describe('whole-combat figures beside a choice', () => {
  it('the chooser’s chance to win the combat, by option, when the options change it', () => {
    const h = wholeHeadlinesOf([odds(0.7), odds(0.55)], 'defender', 'Orcs');
    expect(h.map((x) => x && wholeFigureText(x))).toEqual(['30.0% to win the fight', '45.0% to win the fight']);
  });

  it('none when the choice only matters for this round (the same figure every way)', () => {
    expect(wholeHeadlinesOf([odds(0.6), odds(0.6)], 'attacker')).toEqual([null, null]);
  });

  it('estimates that differ by less than their errors are noise, not a difference', () => {
    expect(wholeHeadlinesOf([odds(0.6, 0.02), odds(0.62, 0.02)], 'attacker')).toEqual([null, null]);
    expect(wholeHeadlinesOf([odds(0.4, 0.01), odds(0.62, 0.01)], 'attacker')[1]).toEqual({
      side: 'Attacker',
      value: 0.62,
      standardError: 0.01,
    });
  });

  it('a stop with both sides still fighting has no figure: the fight goes on next turn, so "win 100%" would mislead', () => {
    expect(stoppedUndecided(stopped('attacker'))).toBe(true);
    expect(stoppedUndecided(odds(0.55))).toBe(false);
    // Fight on (55%) or stop after winning round 1: no "100%" beside the stop, and so no difference to show.
    expect(wholeHeadlinesOf([odds(0.55), stopped('attacker')], 'attacker')).toEqual([null, null]);
    // Two real options beside a stop are still compared.
    expect(
      wholeHeadlinesOf([odds(0.55), odds(0.7), stopped('defender')], 'attacker').map((h) => h?.value ?? null),
    ).toEqual([0.55, 0.7, null]);
  });

  it('an estimate reads "≈ 62% ± 1%", an exact chance to a tenth of a percent', () => {
    expect(chanceText(0.6234, 0.012)).toBe('≈\u00a062%\u00a0±\u00a01%');
    expect(chanceText(0.6234)).toBe('62.3%');
    expect(chanceText(0.5, 0.0051)).toBe('≈\u00a050%\u00a0±\u00a01%');
  });

  it('an estimate finer than half a percent reads to a tenth, its error at least 0.1% (no line break after ≈ or ±)', () => {
    expect(chanceText(0.50149, 0.0025)).toBe('≈\u00a050.1%\u00a0±\u00a00.3%');
    expect(chanceText(0.5, 0.0049)).toBe('≈\u00a050.0%\u00a0±\u00a00.5%');
    expect(chanceText(0.913, 0.0002)).toBe('≈\u00a091.3%\u00a0±\u00a00.1%');
  });
});

describe('every choice weighed by the fight (issue 34)', () => {
  const options = (suggested: number, n = 3) =>
    Array.from({ length: n }, (_, i) => ({ id: `o${i}`, ...(i === suggested ? { suggested: true } : {}) }));

  it('suggests the option with the chooser’s best chance to win the fight, not the rules’ default', () => {
    expect(bestForTheFight([odds(0.4), odds(0.7), odds(0.5)], options(0), 'attacker')).toBe('o1');
    // The defender's best is the attacker's worst.
    expect(bestForTheFight([odds(0.4), odds(0.7), odds(0.5)], options(0), 'defender')).toBe('o0');
  });

  it('on a tie the rules’ default stands; with no default, the first of the tied', () => {
    expect(bestForTheFight([odds(0.7), odds(0.4), odds(0.7)], options(2), 'attacker')).toBe('o2');
    expect(bestForTheFight([odds(0.7), odds(0.4), odds(0.7)], options(1), 'attacker')).toBe('o0');
  });

  it('estimates count as tied within their noise; an option without figures and a pause are never suggested', () => {
    expect(bestForTheFight([odds(0.5, 0.02), odds(0.53, 0.02)], options(0, 2), 'attacker')).toBe('o0');
    const withPause = [
      { id: 'next', suggested: true },
      { id: 'pause', pause: 'paused after round 1 — round 2 next turn' },
    ];
    expect(bestForTheFight([odds(0.3), odds(1)], withPause, 'attacker')).toBeNull();
    expect(bestForTheFight([null, odds(0.3)], options(0, 2), 'attacker')).toBeNull();
  });

  it('where the options leave the same chance, says so once in words', () => {
    expect(sameChanceNote([odds(0.62), odds(0.62)], 'attacker', 'Empire')).toBe(
      'Whichever is chosen, Empire win the fight 62.0%: the choice does not change the odds.',
    );
    expect(sameChanceNote([odds(0.62), null], 'attacker', 'Empire')).toBeNull();
  });
});

describe('the whole fight in one line, at the top of every step', () => {
  it('each side’s chance, and the round it is most likely over in', () => {
    expect(fightHeadline({ ...odds(0.656), rounds: [0.7, 0.3] })).toBe(
      'Empire win the fight 65.6% · Orcs 34.4% · most likely over in round 1',
    );
  });

  it('a draw where one can happen, and what is still fighting after the last round counted', () => {
    const o = { ...odds(0.5), pDefenderWins: 0.3, pDraw: 0.1, pUnfinished: 0.1, rounds: [0.2, 0.6] };
    expect(fightHeadline(o)).toBe(
      'Empire win the fight 50.0% · Orcs 30.0% · a draw 10.0% · most likely over in round 2 · still fighting after round 10 10.0%',
    );
  });

  it('no draw where it would read 0.0% (a draw in a few thousand fights is not a figure to weigh)', () => {
    const o = { ...odds(0.8164), pDefenderWins: 0.1833, pDraw: 0.0003, rounds: [0.6, 0.4] };
    expect(fightHeadline(o)).toBe('Empire win the fight 81.6% · Orcs 18.3% · most likely over in round 1');
    expect(fightHeadline({ ...o, pDraw: 0.0005 })).toContain(' · a draw 0.1% · ');
  });

  it('an estimate marked as one', () => {
    expect(fightHeadline({ ...odds(0.66, 0.011), rounds: [1] })).toBe(
      'Empire win the fight ≈\u00a066%\u00a0±\u00a01% · Orcs ≈\u00a034%\u00a0±\u00a01% · most likely over in round 1',
    );
  });
});
