import { expect } from 'vitest';
import { analyzeRound, type RoundOdds } from '../../../../../core/systems/ninth-age/analysis';
import { binomial } from '../../../../../core/dice/probability';
import type { DiceGroup, RollStep } from '../../../../../core/combat/steps';
import { passChance } from '../../../../../core/systems/ninth-age/tables';
import { everyOrderedRoll, passCountInputs, type WeightedInput } from '../../../../support/drive';
import { roundDriver } from '../../../../support/roundDriver';
import { ninthAgeSystem } from '../../../../../core/systems/ninth-age/definition';
import type { NaCombat } from '../helpers';
import type { Setup, State } from '../../../../../core/systems/ninth-age';

const { apply, inputFor } = roundDriver<Setup, State>(ninthAgeSystem);

/**
 * The exact one-step identity: at a roll, the analysis equals the average of the analyses after
 * every possible roll, each weighted by its probability; at a choice or an outcome, the analysis
 * after the suggested input. With the point mass once the round is over, this is what "exact from
 * any state" means.
 */

/**
 * An Agility step's dice, rolled through in chains (one per part and target: to hit, then to wound
 * for each hit, saves for each wound): what the state keeps of them is how many of each chain's
 * dice end as unsaved wounds, so each chain is answered with k dice that go all the way through
 * (the rest missing at the hit), with the binomial chance of k — the chance of a die going through
 * read from the step's own groups (a hit or wound passes, a save fails).
 */
function chainInputs(step: RollStep): WeightedInput[] {
  const chains: DiceGroup[][] = [];
  for (const g of step.groups!) {
    if (g.per) chains.at(-1)!.push(g);
    else chains.push([g]);
  }
  const isSave = (g: DiceGroup) => /\.(armour|special)$/.test(g.id);
  const through = (g: DiceGroup) => (isSave(g) ? 1 - passChance(g.passOn!) : passChance(g.passOn!));
  const goesOn = (g: DiceGroup) => (isSave(g) ? g.passOn! - 1 : g.passOn!);
  let all: Array<{ dice: number[]; p: number }> = [{ dice: [], p: 1 }];
  for (const chain of chains) {
    const n = chain[0]!.count;
    const q = chain.reduce((p, g) => p * through(g), 1);
    const options = binomial(n, q).flatMap((pk, k) =>
      pk > 0
        ? [
            {
              dice: [
                ...Array(k).fill(goesOn(chain[0]!)),
                ...Array(n - k).fill(chain[0]!.passOn! - 1),
                ...chain.slice(1).flatMap((g) => Array(k).fill(goesOn(g))),
              ],
              p: pk,
            },
          ]
        : [],
    );
    all = all.flatMap((a) => options.map((o) => ({ dice: [...a.dice, ...o.dice], p: a.p * o.p })));
  }
  return all.map(({ dice, p }) => ({ input: { kind: 'roll', stepId: step.id, dice, by: 'entered' }, p }));
}

/** Every input that can answer the current step, with its probability. */
export function possibleInputs(combat: NaCombat): WeightedInput[] {
  const step = combat.step;
  if (step.kind !== 'roll') return [{ input: inputFor(combat), p: 1 }];
  if (step.groups?.some((g) => g.passOn !== undefined)) return chainInputs(step);
  // A stage of the attack sequence: only how many dice reach the need matters (6s pass, 1s fail every test).
  if (step.passOn !== undefined) return passCountInputs(step, passChance(step.passOn));
  // Break test, flee and pursuit (in one step when the winner pursues): every ordered roll.
  return everyOrderedRoll(step);
}

export function mixture(parts: Array<{ odds: RoundOdds; p: number }>): RoundOdds {
  const offset = Math.min(...parts.map((x) => x.odds.difference.offset));
  const add = (a: number[], k: number, p: number) => {
    while (a.length <= k) a.push(0);
    a[k]! += p;
  };
  const out: RoundOdds = {
    round: parts[0]!.odds.round,
    difference: { offset, dist: [] },
    hpLost: { attacker: [], defender: [] },
    wipedOut: { attacker: 0, defender: 0 },
    breaks: { attacker: 0, defender: 0 },
    caught: { attacker: 0, defender: 0 },
    win: { attacker: 0, draw: 0, defender: 0 },
  };
  for (const { odds, p } of parts) {
    odds.difference.dist.forEach((q, k) => add(out.difference.dist, k + odds.difference.offset - offset, p * q));
    for (const role of ['attacker', 'defender'] as const) {
      odds.hpLost[role].forEach((q, k) => add(out.hpLost[role], k, p * q));
      out.wipedOut[role] += p * odds.wipedOut[role];
      out.breaks[role] += p * odds.breaks[role];
      out.caught[role] += p * odds.caught[role];
    }
    for (const w of ['attacker', 'draw', 'defender'] as const) out.win[w] += p * odds.win[w];
  }
  return out;
}

export function expectSameOdds(actual: RoundOdds, expected: RoundOdds, label: string, tolerance = 1e-9) {
  const lo = Math.min(actual.difference.offset, expected.difference.offset);
  const hi = Math.max(
    actual.difference.offset + actual.difference.dist.length,
    expected.difference.offset + expected.difference.dist.length,
  );
  for (let d = lo; d < hi; d++) {
    const a = actual.difference.dist[d - actual.difference.offset] ?? 0;
    const e = expected.difference.dist[d - expected.difference.offset] ?? 0;
    expect(Math.abs(a - e), `${label}: P(difference ${d}) ${a} vs ${e}`).toBeLessThan(tolerance);
  }
  for (const role of ['attacker', 'defender'] as const) {
    const a = actual.hpLost[role];
    const e = expected.hpLost[role];
    for (let k = 0; k < Math.max(a.length, e.length); k++)
      expect(Math.abs((a[k] ?? 0) - (e[k] ?? 0)), `${label}: P(${role} loses ${k} HP)`).toBeLessThan(tolerance);
    for (const f of ['wipedOut', 'breaks', 'caught'] as const)
      expect(
        Math.abs(actual[f][role] - expected[f][role]),
        `${label}: ${role} ${f} ${actual[f][role]} vs ${expected[f][role]}`,
      ).toBeLessThan(tolerance);
  }
  for (const w of ['attacker', 'draw', 'defender'] as const)
    expect(Math.abs(actual.win[w] - expected.win[w]), `${label}: P(${w})`).toBeLessThan(tolerance);
}

/** Checks the identity at `combat`: its analysis against the average over its next input. */
export function checkOneStep(combat: NaCombat, label: string) {
  const parts = possibleInputs(combat).map(({ input, p }) => ({ odds: analyzeRound(apply(combat, input).state), p }));
  const total = parts.reduce((s, x) => s + x.p, 0);
  expect(Math.abs(total - 1), `${label}: the inputs' probabilities sum to 1`).toBeLessThan(1e-12);
  expectSameOdds(analyzeRound(combat.state), mixture(parts), label);
}
