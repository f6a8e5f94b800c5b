import { MAX_GROUP_DICE } from '../setup';
import { attacksPerModel, otherRole, roles, strikesAt, type Role, type State } from '../state';
import { strikeSteps } from '../strikes';
import { UnitSpace } from './unitState';

/**
 * The cost model of the exact analysis (round.ts), as an upper estimate of its work from the
 * start of the current round:
 *  - R = 1 + Σ models × W: the unit states reachable under the default allocation;
 *  - J: the pairs of unit states the joint distribution can hold before a step (1 at the start,
 *    at most R_A × R_D);
 *  - per striking step, every pair takes the outer product of the two sides' outcome rows, each
 *    at most min(R, (dice + 1) × W) long;
 *  - rows are worked out once per (strikers standing, target state) — at most min(J, S × R_target)
 *    times, S = Π (striking models + 1) — each a chain of `dice` wounds over at most
 *    min(R, dice + 1) states (a chain step costs about CHAIN_WEIGHT outer-product steps: its states
 *    are keyed by strings), and for Destroyer weapons the joint counts of their two pools (dice²)
 *    mixed into the chain.
 * WORK_BUDGET is calibrated so that the largest estimate accepted runs in about a second on a
 * busy two-core machine (test/core/systems/wh40k-7e/analysis/forSystem.test.ts).
 */
export const WORK_BUDGET = 120_000_000;
const CHAIN_WEIGHT = 8;

export function estimatedWork(state: State): number {
  const { setup } = state;
  const spaces = { attacker: new UnitSpace(setup, 'attacker'), defender: new UnitSpace(setup, 'defender') };
  const u = {
    attacker: spaces.attacker.fromWounds(state.roundStart.attacker),
    defender: spaces.defender.fromWounds(state.roundStart.defender),
  };
  const reach = { attacker: spaces.attacker.reachable(u.attacker), defender: spaces.defender.reachable(u.defender) };
  const maxW = (role: Role) => Math.max(...setup[role].models.map((g) => g.wounds));
  let pairs = 1;
  let work = 0;
  for (const step of strikeSteps(setup)) {
    // Dice at full strength: an upper bound, models only die.
    const dice: Record<Role, number> = { attacker: 0, defender: 0 };
    const standing: Record<Role, number> = { attacker: 1, defender: 1 };
    const destroyer: Record<Role, boolean> = { attacker: false, defender: false };
    for (const role of roles) {
      spaces[role].groups.forEach((g, gi) => {
        if (strikesAt(g) !== step) return;
        const alive = spaces[role].alive(u[role], gi);
        dice[role] += Math.min(MAX_GROUP_DICE, alive * attacksPerModel(setup, role, gi, state.round));
        standing[role] *= alive + 1;
        if (g.weapon.strength === 'D') destroyer[role] = true;
      });
    }
    /** Outcomes on the unit struck by `striker`, and the work of one chain of its wounds. */
    const row = (striker: Role) =>
      dice[striker] === 0 ? 1 : Math.min(reach[otherRole(striker)], (dice[striker] + 1) * maxW(otherRole(striker)));
    const rows = (striker: Role) => {
      const target = otherRole(striker);
      const states = Math.min(reach[target], dice[striker] + 1);
      // Destroyer: the joint counts of the two pools mixed into the seriously-wounded chain (dice² × states).
      const once =
        CHAIN_WEIGHT * dice[striker] * states + dice[striker] * dice[striker] * (destroyer[striker] ? states : 1);
      return Math.min(pairs, standing[striker] * reach[target]) * once;
    };
    const outer = row('attacker') * row('defender');
    work += pairs * outer + rows('attacker') + rows('defender');
    pairs = Math.min(reach.attacker * reach.defender, pairs * outer);
  }
  return work;
}
