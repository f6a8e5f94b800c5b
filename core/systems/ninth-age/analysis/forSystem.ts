import type { CombatChain } from '../../../analysis/combat/types';
import { ninthAgeCombat } from './combat';
import type { State } from '../state';
import { roles, type Role } from '../state';
import { meanOf as meanFromZero } from '../../../analysis/mean';
import {
  aligned,
  differenceNowAndBefore,
  offsetDistReport,
  roundMemo,
  winFacts,
  winReport,
} from '../../../analysis/perRound';
import type { OutcomeDistributions, OutcomeFact, SystemAnalysis } from '../../../analysis/system';
import { analyzeRound, roundStartOf, type RoundOdds } from './round';
import { workOf, WORK_LIMIT } from './work';

/**
 * The Ninth Age analysis as the host and the CLI use it. The odds are per round of melee (each
 * round has its own Combat Score, break test and pursuit), so the distributions are the current
 * round's, and the baseline is the same analysis from the start of that round.
 */

export const DIFFERENCE_MEASURE = 'Combat Score difference (attacker − defender)';
export const HP_MEASURE = 'HP lost by the defender';

export function factsOf(state: State, odds: RoundOdds): OutcomeFact[] {
  const { setup } = state;
  const a = setup.attacker.unit.name;
  const d = setup.defender.unit.name;
  return [
    ...winFacts({ attacker: a, defender: d }, odds.win, 'the round', 'A tie (both win)'),
    { label: `${a}: break`, probability: odds.breaks.attacker },
    { label: `${a}: caught`, probability: odds.caught.attacker },
    { label: `${d}: break`, probability: odds.breaks.defender },
    { label: `${d}: caught`, probability: odds.caught.defender },
  ];
}

/**
 * The round's odds before any die, worked out once per round: every state of a round shares its
 * `roundStart` object (flow.ts beginRound makes it), which keys the cache. A cache only
 * remembers, so the analysis stays a pure function of the state.
 */
const baselines = roundMemo<RoundOdds>();
function roundBaseline(state: State): { start: State; odds: RoundOdds } {
  const start = roundStartOf(state);
  return { start, odds: baselines(state.roundStart, () => analyzeRound(start)) };
}

/** Now and at the start of the round on one common range (core/analysis/odds.ts oddsFrom compares them index by index). */
export function ninthAgeDistributions(state: State): OutcomeDistributions {
  const now = analyzeRound(state);
  const before = roundBaseline(state);
  const hp = Math.max(now.hpLost.defender.length, before.odds.hpLost.defender.length);
  return differenceNowAndBefore(
    DIFFERENCE_MEASURE,
    { state, odds: now },
    { state: before.start, odds: before.odds },
    (s, odds) => ({
      secondary: { measure: HP_MEASURE, dist: aligned({ offset: 0, dist: odds.hpLost.defender }, 0, hp) },
      facts: factsOf(s, odds),
    }),
  );
}

/** The CLI's JSON report (`combat-companion analyze`): exactly the figures of SCENARIOS §3, for the current round. */
export function ninthAgeReport(state: State): Record<string, unknown> {
  const odds = analyzeRound(state);
  const side = (role: Role) => ({
    hpLost: odds.hpLost[role],
    meanHpLost: meanFromZero(odds.hpLost[role]),
    pWipedOut: odds.wipedOut[role],
    pBreaks: odds.breaks[role],
    pCaught: odds.caught[role],
  });
  const [attacker, defender] = roles.map(side);
  return {
    system: 'ninth-age',
    attacker,
    defender,
    difference: offsetDistReport(odds.difference),
    ...winReport(odds.win),
  };
}

/** Refuses a round too large to count exactly within about a second (work.ts has the cost model). */
export function ninthAgeTooLarge(state: State): string | null {
  const work = Math.max(workOf(state), workOf(roundStartOf(state)));
  if (work <= WORK_LIMIT) return null;
  return `Too many ways this round can go to count exactly (about ${work.toExponential(1)} steps of work, the limit is ${WORK_LIMIT.toExponential(0)}): fewer attacks, fewer Health Points or fewer characters would fit.`;
}

export const ninthAgeAnalysis: SystemAnalysis = {
  systemId: 'ninth-age',
  combat: ninthAgeCombat as CombatChain,
  tooLarge: (state) => ninthAgeTooLarge(state as State),
  distributions: (state) => ninthAgeDistributions(state as State),
  report: (state) => ninthAgeReport(state as State),
};
