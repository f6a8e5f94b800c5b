import type { CombatChain } from '../../../analysis/combat/types';
import { wh40k7eCombat } from './combat';
import { settle } from '../engine';
import { beginRound } from '../flow';
import { roles, type Role, type State } from '../state';
import { meanOf } from '../../../analysis/mean';
import { differenceNowAndBefore, offsetDistReport, roundMemo, winFacts, winReport } from '../../../analysis/perRound';
import type { OutcomeDistributions, OutcomeFact, SystemAnalysis } from '../../../analysis/system';
import { analyzeRound, type RoundOdds } from './analyze';
import { estimatedWork, WORK_BUDGET } from './cost';

/**
 * The 7th edition analysis as the host and the CLI use it. The odds are per combat round (each
 * round has its own result, Morale check and Sweeping Advance), so the distributions are the
 * current round's, and the baseline is the same analysis from the start of that round.
 */

export const DIFFERENCE_MEASURE = 'wounds caused, attacker − defender';
export const CAUSED_MEASURE = 'wounds caused by the attacker';

export function factsOf(state: State, odds: RoundOdds): OutcomeFact[] {
  const { setup } = state;
  const names = { attacker: setup.attacker.name, defender: setup.defender.name };
  const facts = winFacts(names, odds.win, 'the round', 'Draw');
  for (const role of roles)
    facts.push({ label: `${setup[role].name} break and fall back`, probability: odds.breaks[role] });
  for (const role of roles)
    facts.push({ label: `${setup[role].name} destroyed by a Sweeping Advance`, probability: odds.swept[role] });
  return facts;
}

/** The state at the start of the current round, as flow.ts beginRound makes it. */
export function roundStartOf(state: State): State {
  return settle(
    beginRound({
      ...state,
      wounds: state.roundStart,
      fate: { attacker: 'fighting', defender: 'fighting' },
      broken: null,
      sweepRoll: null,
    }),
  );
}

/**
 * The round's odds before any die: the same for every state of a round, which all share the
 * round's `roundStart` object (flow.ts beginRound), so it keys the cache. A cache only remembers:
 * the analysis stays a pure function of the state.
 */
const baselines = roundMemo<{ state: State; odds: RoundOdds }>();
const roundBaseline = (state: State) =>
  baselines(state.roundStart, () => {
    const start = roundStartOf(state);
    return { state: start, odds: analyzeRound(start) };
  });

export function wh40k7eDistributions(state: State): OutcomeDistributions {
  const now = { state, odds: analyzeRound(state) };
  return differenceNowAndBefore(DIFFERENCE_MEASURE, now, roundBaseline(state), (s, odds) => ({
    secondary: { measure: CAUSED_MEASURE, dist: odds.caused.attacker },
    facts: factsOf(s, odds),
  }));
}

/** The CLI's JSON report (`combat-companion analyze`): exactly SCENARIOS §2, for the current round. */
export function wh40k7eReport(state: State): Record<string, unknown> {
  const odds = analyzeRound(state);
  const side = (role: Role) => ({
    woundsCaused: odds.caused[role],
    meanWoundsCaused: meanOf(odds.caused[role]),
    pWipedOut: odds.wiped[role],
    pBreaks: odds.breaks[role],
    pSwept: odds.swept[role],
  });
  return {
    system: 'wh40k-7e',
    attacker: side('attacker'),
    defender: side('defender'),
    difference: offsetDistReport(odds.difference),
    ...winReport(odds.win),
  };
}

/** Refuses states whose exact count would take more than about a second (cost.ts). */
export function wh40k7eTooLarge(state: State): string | null {
  const work = estimatedWork(state);
  if (work <= WORK_BUDGET) return null;
  return `${state.setup.attacker.name} against ${state.setup.defender.name}: too many ways the round can go to count exactly (about ${Math.round(work / 1e6)} million steps of work; the limit is ${Math.round(WORK_BUDGET / 1e6)} million). Fewer models or fewer wounds per model bring it within reach.`;
}

export const wh40k7eAnalysis: SystemAnalysis = {
  systemId: 'wh40k-7e',
  combat: wh40k7eCombat as CombatChain,
  tooLarge: (state) => wh40k7eTooLarge(state as State),
  distributions: (state) => wh40k7eDistributions(state as State),
  report: (state) => wh40k7eReport(state as State),
};
