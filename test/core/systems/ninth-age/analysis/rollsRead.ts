import type { WeightedDice } from '../../../../../core/analysis/combat/rollOutcomes';
import { binomial } from '../../../../../core/dice/probability';
import type { DiceGroup } from '../../../../../core/combat/steps';
import { passChance } from '../../../../../core/systems/ninth-age/tables';
import type { NaCombat } from '../helpers';

/**
 * The rolls of a Ninth Age step as its rules read them, where that is less than the step's own
 * data says (the one-step identity, test/support/oneStep.ts, takes them in place of every roll the
 * step can tell apart): an Agility step's dice, rolled through in chains (one per part and target:
 * to hit, then to wound for each hit, saves for each wound), of which the state keeps how many of
 * each chain's dice end as unsaved wounds — so each chain is answered with k dice that go all the
 * way through (the rest missing at the hit), with the binomial chance of k: the chance of a die
 * going through read from the step's own groups (a hit or wound passes, a save fails). Any other
 * step: null, the step's own.
 */
export function agilityRolls(combat: NaCombat): WeightedDice[] | null {
  const step = combat.step;
  if (step.kind !== 'roll' || !step.groups?.some((g) => g.passOn !== undefined)) return null;
  const chains: DiceGroup[][] = [];
  for (const g of step.groups) {
    if (g.per) chains.at(-1)!.push(g);
    else chains.push([g]);
  }
  const isSave = (g: DiceGroup) => /\.(armour|special)$/.test(g.id);
  const through = (g: DiceGroup) => (isSave(g) ? 1 - passChance(g.passOn!) : passChance(g.passOn!));
  const goesOn = (g: DiceGroup) => (isSave(g) ? g.passOn! - 1 : g.passOn!);
  let all: WeightedDice[] = [{ dice: [], p: 1 }];
  for (const chain of chains) {
    const n = chain[0]!.count;
    const q = chain.reduce((p, g) => p * through(g), 1);
    const options = binomial(n, q).flatMap((pk, k) =>
      pk > 0
        ? [
            {
              dice: [
                ...Array<number>(k).fill(goesOn(chain[0]!)),
                ...Array<number>(n - k).fill(chain[0]!.passOn! - 1),
                ...chain.slice(1).flatMap((g) => Array<number>(k).fill(goesOn(g))),
              ],
              p: pk,
            },
          ]
        : [],
    );
    all = all.flatMap((a) => options.map((o) => ({ dice: [...a.dice, ...o.dice], p: a.p * o.p })));
  }
  return all;
}
