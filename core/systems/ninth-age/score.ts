import type { Reason } from '../../combat/steps';
import type { Setup, Unit } from './setup';
import { heightName, MAX_RANK_BONUS, properRankSize, SCORE } from './tables';
import {
  chargeBonusApplies,
  modelsStanding,
  otherRole,
  plural,
  wipedOut,
  type Role,
  type RoundScore,
  type ScoreLine,
  type SideScore,
  type Standing,
} from './state';

/**
 * The Combat Score at the end of a round (RULES §5, SCENARIOS §3): HP the enemy lost, +1 if the
 * enemy unit was wiped out, +1 for the charge, +2 in the enemy's flank or rear, the rank bonus,
 * +1 Standard, +1 Battle Standard Bearer. `scoreParts` is the arithmetic (the analysis sums it for
 * every way a round can end); `sideScore` the same as lines players read.
 */

/**
 * RULES §5 and SCENARIOS §3: ranks are filled from the front with the standing rank and file plus
 * characters, `width` to a rank; a rank is Proper with 5 models at Height 0–1, 3 at Height 2, never
 * at Height 3+ (the first rank counts). A rank narrower than that can never be Proper.
 */
export function properRanks(models: number, width: number, height: number): number {
  const size = properRankSize(height);
  if (size === null || width < size || models <= 0) return 0;
  return Math.floor(models / width) + (models % width >= size ? 1 : 0);
}

export const properRanksOf = (unit: Unit, s: Standing) => properRanks(modelsStanding(s), unit.width, unit.height);

export interface ScoreParts {
  hpLost: number;
  wipedOut: number;
  charge: number;
  flankOrRear: number;
  rankBonus: number;
  standard: number;
  battleStandard: number;
}

export function scoreParts(setup: Setup, round: number, role: Role, mine: Standing, theirs: Standing): ScoreParts {
  const unit = setup[role].unit;
  return {
    hpLost: theirs.hpLost,
    wipedOut: wipedOut(theirs) ? SCORE.wipedOut : 0,
    // The charge counts in the round of the charge only (the first of this combat).
    charge: chargeBonusApplies(setup, role, round) ? SCORE.charge : 0,
    flankOrRear: unit.facing === 'front' ? 0 : SCORE.flankOrRear,
    rankBonus: Math.min(MAX_RANK_BONUS, properRanksOf(unit, mine)),
    standard: unit.standard && mine.rankAndFile > 0 ? SCORE.standard : 0,
    battleStandard: unit.characters.some((c, j) => c.battleStandard && mine.characters[j]) ? SCORE.battleStandard : 0,
  };
}

export const totalOf = (p: ScoreParts) =>
  p.hpLost + p.wipedOut + p.charge + p.flankOrRear + p.rankBonus + p.standard + p.battleStandard;

/** The side's Combat Score as lines of arithmetic, every component listed (0 too) with its reason. */
export function sideScore(setup: Setup, round: number, role: Role, mine: Standing, theirs: Standing): SideScore {
  const unit = setup[role].unit;
  const foe = setup[otherRole(role)].unit;
  const p = scoreParts(setup, round, role, mine, theirs);
  const models = modelsStanding(mine);
  const ranks = properRanksOf(unit, mine);
  const size = properRankSize(unit.height);
  const characters = mine.characters.filter(Boolean).length;
  const bsb = unit.characters.find((c) => c.battleStandard);
  const lines: ScoreLine[] = [
    {
      label: 'HP lost by the enemy',
      value: p.hpLost,
      detail: `${foe.name} lost ${plural(theirs.hpLost, 'HP', 'HP')} this round`,
    },
    {
      label: 'Enemy wiped out',
      value: p.wipedOut,
      detail: p.wipedOut
        ? `no model of ${foe.name} is left`
        : `${foe.name} still have ${plural(modelsStanding(theirs), 'model')}`,
    },
    {
      label: 'Charge',
      value: p.charge,
      detail: p.charge
        ? `${unit.name} charged this round`
        : unit.charged
          ? 'the charge counts only in the round of the charge'
          : `${unit.name} did not charge`,
    },
    {
      label: 'Flank or rear',
      value: p.flankOrRear,
      detail:
        unit.facing === 'front'
          ? `${unit.name} fight in the enemy’s front`
          : `${unit.name} fight in the enemy’s ${unit.facing}`,
    },
    {
      label: 'Rank bonus',
      value: p.rankBonus,
      detail:
        size === null
          ? `Gigantic Height: no Proper Ranks`
          : `${plural(models, 'model')} (${mine.rankAndFile} rank and file + ${plural(characters, 'character')}) ${unit.width} wide, ${heightName(unit.height)} Height: ${plural(ranks, 'Proper Rank')} of ${size}+ models${ranks > MAX_RANK_BONUS ? `, at most +${MAX_RANK_BONUS}` : ''}`,
    },
    {
      label: 'Standard',
      value: p.standard,
      detail: !unit.standard
        ? 'no standard'
        : p.standard
          ? `carried by the ${plural(mine.rankAndFile, 'rank-and-file model')} left`
          : 'no rank-and-file model is left to carry it',
    },
    {
      label: 'Battle Standard Bearer',
      value: p.battleStandard,
      detail: !bsb
        ? 'no Battle Standard Bearer'
        : p.battleStandard
          ? `${bsb.name} still stands`
          : `${bsb.name} has fallen`,
    },
  ];
  return { lines, total: totalOf(p) };
}

/** RULES §5: the higher score wins; equal scores: both win, and nobody takes a break test. */
export function roundScore(setup: Setup, round: number, standing: Record<Role, Standing>): RoundScore {
  const attacker = sideScore(setup, round, 'attacker', standing.attacker, standing.defender);
  const defender = sideScore(setup, round, 'defender', standing.defender, standing.attacker);
  const winner = attacker.total > defender.total ? 'attacker' : defender.total > attacker.total ? 'defender' : null;
  return { attacker, defender, winner, difference: Math.abs(attacker.total - defender.total) };
}

/** "7 + 0 + 1 + 0 + 2 + 1 + 0 = 11" */
export const scoreArithmetic = (s: SideScore) => `${s.lines.map((l) => l.value).join(' + ')} = ${s.total}`;

export function scoreHeadline(setup: Setup, r: RoundScore): string {
  if (r.winner === null)
    return `Equal Combat Scores (${r.attacker.total} each): both sides win, nobody takes a break test.`;
  return `${setup[r.winner].unit.name} win by ${r.difference} (${r[r.winner].total} to ${r[otherRole(r.winner)].total}).`;
}

/** A side's Combat Score in a line: "Knights 11: 7 HP lost by the enemy, +1 Charge, +2 Rank bonus, +1 Standard". */
export function scoreLine(setup: Setup, role: Role, s: SideScore): string {
  const scored = s.lines
    .filter((l) => l.value !== 0)
    .map((l, i) =>
      i === 0 && l.label === 'HP lost by the enemy' ? `${l.value} ${l.label}` : `+${l.value} ${l.label}`,
    );
  return `${setup[role].unit.name} ${s.total}: ${scored.length > 0 ? scored.join(', ') : 'nothing scored'}`;
}

/**
 * The round's Combat Score as reasons for the step that follows it (it is not a step of its own):
 * who won, then each side's arithmetic with every component and why.
 */
export function scoreReasons(state: { setup: Setup; round: number; score: RoundScore | null }): Reason[] {
  const r = state.score;
  if (!r) return [];
  const side = (role: Role): Reason => ({
    rule: `Combat Score: ${state.setup[role].unit.name}`,
    detail: `${scoreArithmetic(r[role])}; ${r[role].lines.map((l) => `+${l.value} ${l.label}: ${l.detail}`).join('; ')}`,
  });
  return [
    { rule: `Round ${state.round}: Combat Score`, detail: scoreHeadline(state.setup, r) },
    side('attacker'),
    side('defender'),
  ];
}
