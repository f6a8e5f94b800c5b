import { pursuersOf } from '../flow';
import { breakChance, breakTestOf, TWO_D6 } from '../morale';
import {
  fighting,
  leadershipOf,
  movementOf,
  otherRole,
  unitIndices,
  unitKey,
  type Role,
  type State,
  type UnitStatus,
} from '../state';
import { moveDice } from '../tables';
import { atLeast, sumOfD6 } from '../../../dice/probability';

/**
 * What happens to each side's main unit (unit 0) once the combat result is known: does it break
 * (seed 002 "Losers take Break Test"; RULES §3), and is it caught (seed 002 "Flee!", "Pursuit")?
 * Exact from any state after the result, respecting the dice already rolled: a unit that has
 * tested is in `broke` or not, a flee roll already made (with its pursuers' rolls) is in `moves`
 * and has set its status. Choices still to make are assumed to take the option the app suggests
 * (pursue), as "Roll for me" and `combat-companion resolve` do; a pursuer whose player tries to
 * restrain it pursues when its Leadership test fails.
 */

export interface Fate {
  breaks: number;
  caught: number;
}

/** Phases before the flee phase begins: pursuers are still to be named (flow.ts enterPhase 'flee'). */
const beforeFlee = new Set<State['phase']>(['strikes', 'result', 'break', 'panic']);

/** P(a unit breaks) from its break test (morale.ts): automatic, or 2D6 + difference over Ld. */
function breakProbability(state: State, role: Role, unit: number, difference: number): number {
  const test = breakTestOf(state, role, unit, difference);
  return test.kind === 'breaks' ? 1 : test.kind === 'holds' ? 0 : breakChance(test);
}

/** P(2D6 > Ld): a restraint test fails and the unit must pursue (seed 002, "Restraining Pursuit"). */
const failsLeadership = (leadership: number) => TWO_D6.reduce((sum, p, k) => (k > leadership ? sum + p : sum), 0);

/**
 * P(caught) of a fled unit: over its flee roll f (known, or nD6 by its Movement), at least one of
 * its pursuers rolls f or more (seed 002). Each pursuer: its chance to pursue at all, and its dice.
 */
function caughtChance(
  flee: { known: number } | { dice: number },
  pursuers: Array<{ chance: number; dice: number }>,
): number {
  const missAll = (f: number) => pursuers.reduce((m, c) => m * (1 - c.chance * atLeast(c.dice, f)), 1);
  if ('known' in flee) return 1 - missAll(flee.known);
  const dist = sumOfD6(flee.dice);
  let p = 0;
  for (let f = 0; f < dist.length; f++) if (dist[f]! > 0) p += dist[f]! * (1 - missAll(f));
  return p;
}

/** P(the broken `fleeing` unit of the loser is caught) in `state`, where its break is settled. */
function caughtFrom(state: State, winner: Role, fleeing: number): number {
  const loser = otherRole(winner);
  const key = unitKey(loser, fleeing);
  if (state.status[key] === 'caught') return 1;
  const diceOf = (unit: number) => moveDice(movementOf(state.setup, winner, unit));
  const fleeDice = { dice: moveDice(movementOf(state.setup, loser, fleeing)) };
  if (beforeFlee.has(state.phase)) {
    // Every winner free to pursue it (flow.ts pursuersOf) is asked; the suggested answer is to pursue.
    return caughtChance(
      fleeDice,
      pursuersOf(state, winner, fleeing).map((unit) => ({ chance: 1, dice: diceOf(unit) })),
    );
  }
  const fled = state.moves[key];
  // After the flee roll its pursuers have rolled too (one step, steps/pursuit.ts): caught or not is known.
  if (fled !== undefined) return 0;
  if (!state.queue.some((t) => t.kind === 'flee' && t.role === loser && t.unit === fleeing)) return 0;
  // Before the flee roll: units already pursuing it, those still to answer (pursue, as suggested), and those testing to restrain.
  const pursuers: Array<{ chance: number; dice: number }> = [];
  for (const [chaser, target] of Object.entries(state.chasing)) {
    const unit = Number(chaser.split('.')[1]);
    if (chaser === unitKey(winner, unit) && target === fleeing) pursuers.push({ chance: 1, dice: diceOf(unit) });
  }
  for (const t of state.queue) {
    if (t.kind === 'pursueChoice' && t.role === winner && t.fleeing === fleeing && fighting(state, winner, t.unit))
      pursuers.push({ chance: 1, dice: diceOf(t.unit) });
    if (t.kind === 'restrainTest' && t.role === winner && t.fleeing === fleeing) {
      pursuers.push({
        chance: failsLeadership(leadershipOf(state.setup, state.lost, winner, t.unit)),
        dice: diceOf(t.unit),
      });
    }
  }
  return caughtChance(fleeDice, pursuers);
}

/** Loser units whose break test is still to come (all fighting ones before the break phase). */
function pendingBreakTests(state: State, loser: Role): number[] {
  if (state.phase === 'result') return unitIndices(state.setup, loser).filter((u) => fighting(state, loser, u));
  if (state.phase === 'break')
    return state.queue.flatMap((t) => (t.kind === 'break' && t.role === loser ? [t.unit] : []));
  return [];
}

/**
 * Each side's main unit's fate from a state whose round result is known (`state.result`). The
 * loser's pending break tests are independent 2D6 rolls (a unit's test depends on its own losses
 * and the winners, not on its friends), so their joint outcomes are enumerated: whether a friend
 * also broke decides whether a winner held by it may pursue (flow.ts pursuersOf).
 */
export function mainUnitFates(state: State): Record<Role, Fate> {
  const result = state.result;
  if (!result) throw new Error('the fates follow the combat result');
  const known = (role: Role): Fate => ({
    breaks: state.broke.includes(unitKey(role, 0)) ? 1 : 0,
    caught: state.status[unitKey(role, 0)] === 'caught' ? 1 : 0,
  });
  const fates: Record<Role, Fate> = { attacker: known('attacker'), defender: known('defender') };
  const winner = result.winner;
  if (!winner) return fates;
  const loser = otherRole(winner);
  const main = unitKey(loser, 0);
  const pending = pendingBreakTests(state, loser);
  const chances = pending.map((u) => breakProbability(state, loser, u, result.difference));
  const fate: Fate = { breaks: 0, caught: 0 };
  for (let mask = 0; mask < 1 << pending.length; mask++) {
    let p = 1;
    const status: Record<string, UnitStatus> = { ...state.status };
    const broke = [...state.broke];
    pending.forEach((u, i) => {
      const breaks = (mask >> i) & 1;
      p *= breaks ? chances[i]! : 1 - chances[i]!;
      if (breaks) {
        status[unitKey(loser, u)] = 'fled';
        broke.push(unitKey(loser, u));
      }
    });
    if (p === 0 || !broke.includes(main)) continue;
    fate.breaks += p;
    fate.caught +=
      p *
      caughtFrom({ ...state, status, broke, ...(pending.length > 0 ? { phase: 'panic' as const } : {}) }, winner, 0);
  }
  fates[loser] = fate;
  return fates;
}
