import type { Role } from '../combat/steps';
import { meanOf } from './mean';
import type { OutcomeDistributions, OutcomeFact } from './system';

/**
 * What every round-by-round analysis (old world, 40k 7th edition, The Ninth Age, Epic) does the
 * same way when it gives the host its distributions: the round's odds before any die are worked
 * out once per round, and the distributions now and at the round's start are put on one common
 * range, since the host compares them index by index with one offset (odds.ts oddsFrom); and
 * they name who wins a round, and report its figures, alike.
 */

/** A distribution over offset, offset + 1, … (P(offset + k) at index k). */
export interface OffsetDist {
  readonly offset: number;
  readonly dist: readonly number[];
}

/**
 * A memo of the round's odds before any die, keyed by the object every state of one round shares
 * (each system's flow makes it when a round begins). A memo only remembers: the analysis stays a
 * pure function of the state, and a round's entry goes when its states do (a WeakMap).
 */
export function roundMemo<Odds>() {
  const memo = new WeakMap<object, Odds>();
  return (round: object, analyze: () => Odds): Odds => {
    let odds = memo.get(round);
    if (odds === undefined) {
      odds = analyze();
      memo.set(round, odds);
    }
    return odds;
  };
}

/** The range that holds both distributions: its first value and its length. */
export function commonRange(a: OffsetDist, b: OffsetDist): { offset: number; length: number } {
  const offset = Math.min(a.offset, b.offset);
  const end = Math.max(a.offset + a.dist.length, b.offset + b.dist.length);
  return { offset, length: end - offset };
}

/** `d` re-expressed from `to`, `length` values long (zeros where it has none). */
export function aligned(d: OffsetDist, to: number, length: number): number[] {
  return Array.from({ length }, (_, k) => d.dist[k + to - d.offset] ?? 0);
}

/** Each side's chance to win a round, and of a draw. */
export interface WinChances {
  readonly attacker: number;
  readonly draw: number;
  readonly defender: number;
}

/**
 * The facts a round-by-round system's list opens with: each side winning `what` ("the round", "the
 * assault"), tagged so that a choice's options are compared by them (headline.ts), and the draw
 * between them, in the system's own words.
 */
export function winFacts(names: Record<Role, string>, win: WinChances, what: string, draw: string): OutcomeFact[] {
  return [
    { label: `${names.attacker} win ${what}`, probability: win.attacker, wins: 'attacker' },
    { label: draw, probability: win.draw },
    { label: `${names.defender} win ${what}`, probability: win.defender, wins: 'defender' },
  ];
}

/** The win chances as the CLI's JSON report (`combat-companion analyze`) writes them. */
export const winReport = (win: WinChances) => ({
  pAttackerWins: win.attacker,
  pDraw: win.draw,
  pDefenderWins: win.defender,
});

/** A distribution over offset, offset + 1, … as the CLI's JSON report writes it, with its mean. */
export const offsetDistReport = ({ offset, dist }: OffsetDist) => ({ offset, dist, mean: offset + meanOf(dist) });

/** What a round's odds say beside its result difference: the secondary distribution and the facts. */
type BesideDifference = { secondary: NonNullable<OutcomeDistributions['secondary']>; facts: OutcomeFact[] };

/**
 * The distributions of a round whose main measure is its result difference, now and at the round's
 * start (the baseline), on one common range; `beside` gives the rest of each from its state.
 */
export function differenceNowAndBefore<S extends { round: number }, Odds extends { difference: OffsetDist }>(
  measure: string,
  now: { state: S; odds: Odds },
  before: { state: S; odds: Odds },
  beside: (state: S, odds: Odds) => BesideDifference,
): OutcomeDistributions {
  const { offset, length } = commonRange(now.odds.difference, before.odds.difference);
  const plain = ({ state, odds }: { state: S; odds: Odds }): Omit<OutcomeDistributions, 'baseline'> => {
    const { secondary, facts } = beside(state, odds);
    return {
      // The odds are the round's: say which, so a printed summary of a long combat is not misread.
      measure: `${measure}, round ${state.round}`,
      main: aligned(odds.difference, offset, length),
      offset,
      secondary,
      facts,
    };
  };
  return { ...plain(now), baseline: plain(before) };
}
