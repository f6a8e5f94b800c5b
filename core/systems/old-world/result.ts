import { memo } from '../../combat/memo';
import {
  fighting,
  memberName,
  modelsLeft,
  otherRole,
  troopsOf,
  unitIndices,
  unitAlive,
  unitOf,
  unitStrength,
  type Role,
  type RoundResult,
  type SideResult,
  type State,
  type UnitStatus,
} from './state';
import { countingRanks, rankBonus } from './tables';

/**
 * The combat result (seed 002, "Combat Results"; RULES §3): unsaved wounds caused plus the
 * bonuses, each a line with its reason. A pure function of the state at the end of the strikes.
 */

type ResultInput = Pick<State, 'setup' | 'lost' | 'roundStart' | 'status' | 'statusAtStart' | 'caused' | 'overkill'>;

/** A flanker of Unit Strength 5 or more in a unit's flank or rear cancels its rank bonus (RULES §3). */
export const FLANK_CANCEL_US = 5;

const inCombat = (status: Record<string, UnitStatus>, role: Role, unit: number) => fighting({ status }, role, unit);

/** The enemy unit of US 5+ in this unit's flank or rear that cancels its ranks (RULES §3), if any. */
export function flankerCancellingRanks(
  s: Pick<State, 'setup' | 'lost' | 'status'>,
  role: Role,
  unit: number,
): number | undefined {
  const other = otherRole(role);
  return unitIndices(s.setup, other).find((j) => {
    const e = unitOf(s.setup, other, j);
    return (
      inCombat(s.status, other, j) &&
      e.target === unit &&
      e.facing !== 'front' &&
      unitStrength(s.setup, s.lost, other, j) >= FLANK_CANCEL_US
    );
  });
}

/**
 * RULES §3: +1 per rank after the first (max +3), counted at the start of the round; only the
 * side's unit with the most counts; none for fast cavalry/skirmishers; none while an enemy of US 5+
 * is in its flank or rear.
 */
export function rankBonusOf(s: ResultInput, role: Role): { value: number; why: string } {
  const other = otherRole(role);
  let best = { value: 0, why: 'no unit with a second rank of 4 or more models' };
  for (const unit of unitIndices(s.setup, role)) {
    if (!inCombat(s.statusAtStart, role, unit)) continue;
    const u = unitOf(s.setup, role, unit);
    const models = u.models > 0 ? modelsLeft(s.setup, s.roundStart, troopsOf(role, unit)) : 0;
    if (u.noRankBonus) {
      if (best.value === 0) best = { value: 0, why: `${u.name}: fast cavalry or skirmishers count no ranks` };
      continue;
    }
    const flanker = flankerCancellingRanks({ setup: s.setup, lost: s.roundStart, status: s.statusAtStart }, role, unit);
    const ranks = countingRanks(models, u.rankWidth);
    const value = flanker === undefined ? rankBonus(models, u.rankWidth) : 0;
    const why =
      flanker !== undefined
        ? `${u.name}: ranks lost, ${unitOf(s.setup, other, flanker).name} (US 5+) is in its ${unitOf(s.setup, other, flanker).facing}`
        : `${u.name}: ${models} models ${u.rankWidth} wide at the start of the round → ${ranks} rank${ranks === 1 ? '' : 's'} of 4+ models`;
    if (value > best.value || (best.value === 0 && (ranks > 0 || flanker !== undefined))) best = { value, why };
  }
  return best;
}

export function sideUnitStrength(s: Pick<State, 'setup' | 'lost' | 'status'>, role: Role): number {
  return unitIndices(s.setup, role)
    .filter((u) => inCombat(s.status, role, u))
    .reduce((sum, u) => sum + unitStrength(s.setup, s.lost, role, u), 0);
}

/**
 * RULES §3 (6th edition): a side with no models left in the combat at the end of the round — every
 * unit it fought the round with has been slain.
 */
export function sideWipedOut(s: Pick<State, 'setup' | 'lost' | 'statusAtStart'>, role: Role): boolean {
  const inRound = unitIndices(s.setup, role).filter((u) => inCombat(s.statusAtStart, role, u));
  return inRound.length > 0 && inRound.every((u) => !unitAlive(s.setup, s.lost, role, u));
}

export function sideResult(s: ResultInput, role: Role): SideResult {
  const other = otherRole(role);
  // RULES §3: a side wiped out gets no static bonus (ranks, outnumber, standard, position).
  if (sideWipedOut(s, role)) return { wounds: s.caused[role], bonuses: [], total: s.caused[role] };
  const units = unitIndices(s.setup, role).filter((u) => inCombat(s.status, role, u));
  const bonuses: SideResult['bonuses'] = [];
  const add = (label: string, value: number, why: string) => value !== 0 && bonuses.push({ label, value, why });

  const ranks = rankBonusOf(s, role);
  add('Ranks', ranks.value, ranks.why);
  // Outnumbering is judged on the Unit Strength still in the combat when the result is worked out.
  const mine = sideUnitStrength(s, role);
  const theirs = sideUnitStrength(s, other);
  add('Outnumber', mine > theirs ? 1 : 0, `Unit Strength ${mine} against ${theirs}`);
  const banner = units.find((u) => {
    const unit = unitOf(s.setup, role, u);
    return (
      (unit.standard || unit.battleStandard) && unit.models > 0 && modelsLeft(s.setup, s.lost, troopsOf(role, u)) > 0
    );
  });
  if (banner !== undefined)
    add('Standard', 1, `${unitOf(s.setup, role, banner).name} has a standard in its front rank (once per side)`);
  const high = units.find((u) => unitOf(s.setup, role, u).highGround);
  if (high !== undefined) add('Higher ground', 1, `${unitOf(s.setup, role, high).name} occupies higher ground`);
  const flank = units.find((u) => unitOf(s.setup, role, u).facing === 'flank');
  if (flank !== undefined)
    add('Flank attack', 1, `${unitOf(s.setup, role, flank).name} fights in the enemy's flank (+1 however many flanks)`);
  const rear = units.find((u) => unitOf(s.setup, role, u).facing === 'rear');
  if (rear !== undefined) add('Rear attack', 2, `${unitOf(s.setup, role, rear).name} fights in the enemy's rear`);
  if (s.overkill[role] > 0) {
    const c = s.setup.challenge![role];
    add(
      'Overkill',
      s.overkill[role],
      `${memberName(s.setup, { role, unit: c.unit, character: c.character })} slew the challenged character with ${s.overkill[role]} wound${s.overkill[role] === 1 ? '' : 's'} to spare`,
    );
  }
  return { wounds: s.caused[role], bonuses, total: s.caused[role] + bonuses.reduce((sum, b) => sum + b.value, 0) };
}

/**
 * Seed 002: the side with the higher score has won; RULES §3: a draw has no loser. RULES §3 (6th
 * edition): a side wiped out has lost whatever the scores (the survivors take no break test);
 * both wiped out is a draw.
 */
/**
 * The round's result, from what it reads (ResultInput): every round of every play-out (and of the
 * exact walk) works it out, and the same losses come back again and again — once per combat and key.
 */
export const roundResult = (s: ResultInput): RoundResult =>
  results(s.setup, JSON.stringify([s.lost, s.roundStart, s.status, s.statusAtStart, s.caused, s.overkill]), () =>
    freshRoundResult(s),
  );
const results = memo<RoundResult>();

function freshRoundResult(s: ResultInput): RoundResult {
  const attacker = sideResult(s, 'attacker');
  const defender = sideResult(s, 'defender');
  const wipedOut = (['attacker', 'defender'] as const).filter((role) => sideWipedOut(s, role));
  const byScore = attacker.total > defender.total ? 'attacker' : defender.total > attacker.total ? 'defender' : null;
  const winner = wipedOut.length === 2 ? null : wipedOut.length === 1 ? otherRole(wipedOut[0]!) : byScore;
  return { attacker, defender, winner, difference: Math.abs(attacker.total - defender.total), wipedOut };
}

/** "5 wounds + 2 ranks + 1 standard = 8" */
export function resultArithmetic(side: SideResult): string {
  // "1 rank", "2 ranks": the rank bonus reads as a count of ranks; the other bonuses by their name.
  const term = (b: SideResult['bonuses'][number]) =>
    b.label === 'Ranks' ? `${b.value} rank${b.value === 1 ? '' : 's'}` : `${b.value} ${b.label.toLowerCase()}`;
  const parts = [`${side.wounds} wound${side.wounds === 1 ? '' : 's'}`, ...side.bonuses.map(term)];
  return `${parts.join(' + ')} = ${side.total}`;
}

export function resultHeadline(setup: State['setup'], r: RoundResult): string {
  if (r.wipedOut.length === 2) return 'Both sides were wiped out: a draw.';
  if (r.wipedOut.length === 1 && r.winner)
    return `${setup[r.wipedOut[0]!].name} were wiped out: ${setup[r.winner].name} win the combat, whatever the scores.`;
  if (r.winner === null) return `A draw at ${r.attacker.total}: nobody has to take a break test.`;
  return `${setup[r.winner].name} win by ${r.difference} (${r[r.winner].total} to ${r[otherRole(r.winner)].total}).`;
}
