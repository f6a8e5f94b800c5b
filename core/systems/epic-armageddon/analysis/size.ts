import { beginA4, roundStartState } from '../flow';
import { otherRole, roles, supportOf, type Role, type State } from '../state';
import { sideModel, type SideModel } from './model';
import { poolKey, poolOf } from './pools';

/**
 * How much work the exact analysis of a state is, in the steps of its cost model (round.ts), and
 * the refusal of states over budget. The estimate bounds from above what the round's analysis
 * does:
 *  - main wave on side X: for each of X's states after First Strike, the states each hit count can
 *    lead to (the blocks the hits reach, each at any count up to its own), added once per enemy pool;
 *  - reading the states after A4: once per pair of pools;
 *  - supporting fire: its effect per reach of the hits and hit count, spread over the summaries;
 *  - the pairs: both sides' summaries per pair of pools, times A6's 11 differences.
 * The budget comes from measurements (test/core/systems/epic-armageddon/analysis/size.test.ts and the
 * bench): states at the budget take well under a second on a two-core laptop.
 */

/** The budget, in the estimate's steps (each a few tens of nanoseconds on a two-core laptop). */
export const WORK_BUDGET = 20_000_000;

/** Far more states after First Strike than any budget allows: no need to list them. */
const LIST_LIMIT = 100_000;

/** The states a side can be in after losing at most `hits` units or points of DC (null when more than `limit`). */
function statesWithin(m: SideModel, hits: number, limit: number): number[] | null {
  const out: number[] = [];
  const walk = (k: number, x: number, left: number): boolean => {
    if (k === m.blocks.length) {
      out.push(x);
      return out.length <= limit;
    }
    const size = m.blocks[k]!.size;
    for (let lost = 0; lost <= Math.min(size, left); lost++)
      if (!walk(k + 1, x - lost * m.stride[k]!, left - lost)) return false;
    return true;
  };
  return walk(0, m.start, hits) ? out : null;
}

/** Σ over hit counts of the states a transition from x can lead to: the blocks the hits reach, each at any count up to its own. */
function transitionsSize(m: SideModel, x: number, macro: number, normal: number): number {
  const counts = m.blocks.map((_, k) => Math.floor(x / m.stride[k]!) % m.radix[k]!);
  const places = counts.reduce((a, b) => a + b, 0);
  const below = counts.reduce((n, c) => n * (c + 1), 1);
  let n = 0;
  for (let all = 0; all <= macro + normal; all++) {
    // The hit counts (macro, normal) with this total.
    const ways = Math.min(all, macro) - Math.max(0, all - normal) + 1;
    let reach = 1;
    if (all >= places) reach = below;
    else for (let k = 0, pos = 0; k < counts.length && pos < all; pos += counts[k]!, k++) reach *= counts[k]! + 1;
    n += ways * reach;
  }
  return n;
}

const diceOf = (pool: readonly { macro: boolean; dice: number }[], macro: boolean) =>
  pool.filter((d) => d.macro === macro).reduce((n, d) => n + d.dice, 0);

/** The estimate and what it came from. */
export interface WorkParts {
  total: number;
  states: Record<Role, number>;
  afterFirstStrike: Record<Role, number>;
  pools: Record<Role, number>;
}

export function workParts(state: State): WorkParts {
  const s = state.phase.at === 'a3' ? beginA4(state) : state;
  const models: Record<Role, SideModel> = {
    attacker: sideModel(s.setup, 'attacker', s.units.attacker),
    defender: sideModel(s.setup, 'defender', s.units.defender),
  };
  // First Strike makes a side's states random before the main wave only while that wave is still to come.
  const firstStrike = s.phase.at === 'wave' && s.phase.wave.kind === 'firstStrike' ? s.phase.wave.groups : [];
  const fsHits = (role: Role) => firstStrike.filter((g) => g.by === otherRole(role)).reduce((n, g) => n + g.dice, 0);
  const after = {} as Record<Role, number[] | null>;
  const pools = {} as Record<Role, number>;
  for (const role of roles) {
    const list = statesWithin(models[role], fsHits(role), LIST_LIMIT);
    after[role] = list;
    pools[role] = list ? new Set(list.map((x) => poolKey(poolOf(models[role], x, 'main')))).size : LIST_LIMIT;
  }
  let total = 0;
  for (const role of roles) {
    const m = models[role];
    const enemy = otherRole(role);
    const pool = poolOf(models[enemy], models[enemy].start, 'main');
    const list = after[role];
    const reached = list
      ? list.reduce((n, x) => n + transitionsSize(m, x, diceOf(pool, true), diceOf(pool, false)), 0)
      : Infinity;
    total += reached * (1 + pools[enemy]);
    // Reading a state after A4 decodes each of its blocks.
    total += (20 + 4 * m.blocks.length) * pools[role] * pools[enemy] * Math.min(m.states, reached);
    const support = supportOf(s.setup, enemy).flatMap((x) =>
      x.ff === null
        ? []
        : [
            { macro: false, dice: x.count },
            ...x.weapons.map((w) => ({ macro: w.macroWeapon, dice: w.extraAttacks * x.count })),
          ],
    );
    const most = diceOf(support, true) + diceOf(support, false);
    const combos = (diceOf(support, true) + 1) * (diceOf(support, false) + 1);
    const reach = Math.min(m.states, 2 ** most * Math.max(1, m.blocks.length));
    total += 2 * reach * combos * Math.min(m.states, 2 ** most);
    total += pools[role] * pools[enemy] * reach * combos * (m.units + 1);
  }
  const summaries = (role: Role) =>
    (models[role].units + 1) * (models[role].maxInspiring + 1) * (models[role].maxFearless + 1);
  total += pools.attacker * pools.defender * summaries('attacker') * summaries('defender') * 11;
  const count = (role: Role) => after[role]?.length ?? LIST_LIMIT;
  return {
    total,
    states: { attacker: models.attacker.states, defender: models.defender.states },
    afterFirstStrike: { attacker: count('attacker'), defender: count('defender') },
    pools,
  };
}

export const workEstimate = (state: State) => workParts(state).total;

/**
 * The odds panel also works out the round from its start (its baseline, forSystem.ts), so a state
 * is judged by the larger of its own work and its round start's.
 */
/** States are numbered exactly in doubles only up to here (a formation of 40 different war engines would not be). */
export const MAX_STATES = 2 ** 40;

export function tooLargeReason(state: State): string | null {
  if (state.result) return null;
  const start = roundStartState(state) ?? state;
  for (const role of roles) {
    // The round's start has every unit the current state has, and more.
    if (sideModel(start.setup, role, start.units[role]).states > MAX_STATES) {
      return `Too many different units in ${state.setup[role].formation} to count its fates exactly: enter units that are alike as one entry with a count.`;
    }
  }
  const work = Math.max(workEstimate(state), start === state ? 0 : workEstimate(start));
  if (work <= WORK_BUDGET) return null;
  // More than LIST_LIMIT states after First Strike makes the estimate unbounded: say so in words, not "Infinity".
  const size = Number.isFinite(work)
    ? `about ${Math.round(work / 1e6)} million steps`
    : 'far more steps than can be counted';
  return `Too many ways this assault can go to count exactly (${size}): enter units that are alike as one entry with a count, or fewer separate entries.`;
}
