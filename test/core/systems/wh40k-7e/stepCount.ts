import { advance, rollForMe, startCombat, type Combat } from '../../../../core/combat';
import type { Input } from '../../../../core/combat/steps';
import { wh40k7e, type Setup, type State } from '../../../../core/systems/wh40k-7e';

/**
 * Plays a 7th edition combat to its end as a table would with "Roll for me" (seeded dice) and the
 * suggested option at every choice, and counts the steps the players take in each round.
 */
export function stepsPerRound(setup: Setup, seed: number): number[] {
  let c: Combat<Setup, State> = startCombat(wh40k7e, setup, seed);
  const perRound: number[] = [];
  for (let guard = 0; guard < 10_000; guard++) {
    const step = c.step;
    if (step.kind === 'outcome' && step.final) return perRound;
    const round = c.state.round;
    perRound[round - 1] = (perRound[round - 1] ?? 0) + 1;
    const input: Input =
      step.kind === 'roll'
        ? rollForMe(c)
        : step.kind === 'choose'
          ? { kind: 'choose', stepId: step.id, option: (step.options.find((o) => o.suggested) ?? step.options[0]!).id }
          : { kind: 'continue', stepId: step.id };
    const r = advance(wh40k7e, c, input);
    if (!r.ok) throw new Error(r.error.message);
    c = r.combat;
  }
  throw new Error('the combat did not end');
}

export const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
