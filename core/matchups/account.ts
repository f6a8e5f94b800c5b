import { chanceText, errorText, NBSP } from '../analysis/combat/headline';
import type { MatchupOdds } from './types';

/**
 * A cell's whole fight told in players' words, for its detail on tap (issue 37: "how the fight
 * most likely goes, rounds, who breaks"): my unit charging theirs, or theirs charging mine — the
 * same words both ways, always from my side's chance.
 */
export interface FightAccount {
  /** Who charges whom: "Greatswords charge Orc Boyz". */
  title: string;
  /** The figure a player decides by: "Empire win the fight 62.0%". */
  figure: string;
  /** How the fight most likely goes, in a sentence or two. */
  story: string;
  /** Each round's chance to end the fight: "Over in round 1: 20.0% · 2: 41.0% · 3: 25.1%" (none: null). */
  rounds: string | null;
  /** Each chance worth a line: their side winning, a draw, who breaks, who is caught, who is wiped out. */
  rows: Array<[label: string, value: string]>;
  /** How far an estimate may be off, in words (exact figures: null). */
  note: string | null;
}

/** The names the account speaks of: each roster (its side) and each unit. */
export interface AccountNames {
  mineSide: string;
  theirSide: string;
  mineUnit: string;
  theirUnit: string;
}

/** The least chance of a fate worth a row: less reads "0.0%", as if it could not happen. */
const SHOWN = 0.0005;

/** What can end a unit's fight, in the words of a sentence and of a row. */
const FATES = [
  { key: 'caught', sentence: 'break and are caught', row: 'breaks and is caught' },
  { key: 'flees', sentence: 'break and get away', row: 'breaks and gets away' },
  { key: 'destroyed', sentence: 'are wiped out', row: 'destroyed' },
] as const;

/**
 * The whole fight of a cell told from my side: `charging` says whose charge it is (mine: the cell
 * itself; theirs: its `defending` odds). A game of one attack has no account (null): its detail
 * stays the attack's own figures.
 */
export function fightAccount(odds: MatchupOdds, names: AccountNames, charging: 'mine' | 'theirs'): FightAccount | null {
  if (odds.kind !== 'whole') return null;
  const chance = (value: number) =>
    odds.exact ? chanceText(value) : chanceText(value, odds.standardError ?? 0, false);
  // My side's chance is the figure above the rows; theirs and the rest below it.
  const rows: Array<[string, string]> = [[`${names.theirSide} win the fight`, chance(odds.lose)]];
  if (odds.draw > 0) rows.push(['A draw', chance(odds.draw)]);
  if (odds.unfinished >= 0.005) rows.push(['Still fighting after the last round counted', chance(odds.unfinished)]);
  // Theirs first: whether their unit breaks is what a charge is for.
  for (const fate of odds.fates ? [odds.fates.theirs, odds.fates.mine] : [])
    for (const { key, row } of FATES) if (fate[key] >= SHOWN) rows.push([`${fate.unit}: ${row}`, chance(fate[key])]);
  const [attacker, defender] =
    charging === 'mine' ? [names.mineUnit, names.theirUnit] : [names.theirUnit, names.mineUnit];
  return {
    title: `${attacker} charge ${defender}`,
    figure: `${names.mineSide} win the fight ${chance(odds.win)}`,
    story: storyOf(odds, chance),
    rounds: roundsText(odds.rounds ?? [], chance),
    rows,
    note: odds.exact
      ? null
      : `Estimated from played-out fights, ±${NBSP}${errorText(odds.standardError ?? 0)}: too many outcomes to count exactly in the time a cell gets. The combat itself counts them.`,
  };
}

/** "Over in round 1: 20.0% · 2: 41.0% · 3: 25.1%": the rounds the fight can end in (under half a percent left out). */
function roundsText(rounds: readonly number[], chance: (value: number) => string): string | null {
  const each = rounds
    .map((p, i) => ({ p, round: i + 1 }))
    .filter(({ p }) => p >= 0.005)
    .map(({ p, round }) => `${round}:${NBSP}${chance(p)}`);
  return each.length > 0 ? `Over in round ${each.join(' · ')}` : null;
}

/**
 * How the fight most likely goes: the likeliest end of it — a unit breaking and getting away or
 * caught, a unit wiped out, a draw — and the round it is most likely over in. Each is the chance of
 * that alone (the odds give each end and each round apart, not together).
 */
function storyOf(odds: MatchupOdds, chance: (value: number) => string): string {
  const ends: Array<{ words: string; p: number }> = [];
  for (const fate of odds.fates ? [odds.fates.theirs, odds.fates.mine] : [])
    for (const { key, sentence } of FATES) ends.push({ words: `${fate.unit} ${sentence}`, p: fate[key] });
  ends.push({ words: 'the fight ends in a draw', p: odds.draw });
  const likeliest = ends.reduce((best, end) => (end.p > best.p ? end : best));
  const round = likeliestRound(odds.rounds ?? []);
  const parts: string[] = [];
  if (likeliest.p > 0) parts.push(`Most likely ${likeliest.words} (${chance(likeliest.p)}).`);
  if (round) parts.push(`The fight is most likely over in round ${round.round} (${chance(round.p)}).`);
  if (odds.unfinished >= 0.005)
    parts.push(`It may still be going after the last round counted (${chance(odds.unfinished)}).`);
  return parts.join(' ') || 'Nothing can end this fight in the rounds counted.';
}

function likeliestRound(rounds: readonly number[]): { round: number; p: number } | null {
  let best: { round: number; p: number } | null = null;
  rounds.forEach((p, i) => {
    if (p > 0 && (!best || p > best.p)) best = { round: i + 1, p };
  });
  return best;
}

/**
 * What charging is worth to my side in this pairing, in a sentence over the two ways: "Charging
 * gains Empire 2.5 points: 89.1% charging, 86.6% charged." Where the two figures are the same
 * (casualties come off the back of deep units and great weapons strike last, so the charge's first
 * strike can change nothing) it says so, lest equal figures look like a fault. Null when one way is
 * missing or either is an estimate (its error would swamp the difference).
 */
export function chargeWorth(
  charging: MatchupOdds | null | undefined,
  defending: MatchupOdds | null | undefined,
  mineSide: string,
): string | null {
  if (charging?.kind !== 'whole' || defending?.kind !== 'whole' || !charging.exact || !defending.exact) return null;
  const gain = charging.win - defending.win;
  const both = `${chanceText(charging.win)} charging, ${chanceText(defending.win)} charged`;
  if (Math.abs(gain) < SHOWN)
    return `Who charges changes nothing here: ${mineSide} win the fight ${chanceText(charging.win)} either way.`;
  const points = `${(100 * Math.abs(gain)).toFixed(1)} points`;
  return gain > 0
    ? `Charging gains ${mineSide} ${points}: ${both}.`
    : `Being charged suits ${mineSide} better by ${points}: ${both}.`;
}
