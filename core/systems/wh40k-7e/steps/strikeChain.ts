import { MAX_OUTCOMES_PER_STEP } from '../../../analysis/combat/rollOutcomes';
import { MAX_DICE_PER_ROLL, MAX_GROUPS_PER_ROLL } from '../../../combat/steps';
import type { State, StrikeRoll } from '../state';

/**
 * How many of an Initiative step's strike rolls go into one step rolled through (to hit, then a
 * D6 to wound for each hit). All of them, as a rule; only a step so big that one roll could not
 * take it is split: more dice than one roll takes, more groups than one step shows, or more
 * outcomes than the whole-combat odds follow exactly (each to-hit die is a hit or a miss, so n
 * dice rolled through to wound come out C(n + 2, 2) ways a group, and the groups multiply).
 */

const choose = (n: number, k: number) => {
  let c = 1;
  for (let i = 0; i < k; i++) c = (c * (n - i)) / (i + 1);
  return c;
};

const isDestroyer = (state: State, roll: StrikeRoll) =>
  state.setup[roll.role].models[roll.group]!.weapon.strength === 'D';

/** The distinguishable outcomes of one group's dice in the step (a Destroyer die falls three ways, not two). */
function outcomesOf(state: State, roll: StrikeRoll): number {
  const ways = isDestroyer(state, roll) ? 3 : 2;
  // Rolled through: hits then wounds, C(n + ways, ways); a roll to wound alone: C(n + ways − 1, ways − 1).
  return roll.stage === 'hit' ? choose(roll.dice + ways, ways) : choose(roll.dice + ways - 1, ways - 1);
}

/** The most dice the group's part of the step can take: its dice to hit and as many to wound. */
const diceOf = (roll: StrikeRoll) => (roll.stage === 'hit' ? 2 * roll.dice : roll.dice);
const groupsOf = (roll: StrikeRoll) => (roll.stage === 'hit' ? 2 : 1);

/** The rolls, from the first, that one step rolls through; 0 when even the first alone is too big. */
export function strikesTaken(state: State): { chained: number } {
  let dice = 0;
  let groups = 0;
  let outcomes = 1;
  let chained = 0;
  for (const roll of state.rolls) {
    dice += diceOf(roll);
    groups += groupsOf(roll);
    outcomes *= outcomesOf(state, roll);
    if (dice > MAX_DICE_PER_ROLL || groups > MAX_GROUPS_PER_ROLL || outcomes > MAX_OUTCOMES_PER_STEP) break;
    chained++;
  }
  return { chained };
}
