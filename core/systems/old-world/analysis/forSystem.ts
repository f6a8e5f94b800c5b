import type { CombatChain } from '../../../analysis/combat/types';
import { oldWorldCombat } from './combat';
import type { State } from '../state';
import { meanOf } from '../../../analysis/mean';
import { roles, unitOf, type Role } from '../state';
import { differenceNowAndBefore, offsetDistReport, roundMemo, winFacts, winReport } from '../../../analysis/perRound';
import type { OutcomeDistributions, OutcomeFact, SystemAnalysis } from '../../../analysis/system';
import { analyzeRound, roundStartOf, type RoundOdds } from './round';

/**
 * The old-world analysis as the host and the CLI use it. A ranks game's odds are per combat round
 * (seed 002: each round has its own result, break test and pursuit), so the distributions are the
 * current round's, and the baseline is the same analysis from the start of that round.
 */

export const DIFFERENCE_MEASURE = 'combat result difference (attacker − defender)';
export const CAUSED_MEASURE = 'wounds caused by the attacker';

export function factsOf(state: State, odds: RoundOdds): OutcomeFact[] {
  const { setup } = state;
  const names = { attacker: setup.attacker.name, defender: setup.defender.name };
  const facts = winFacts(names, odds.win, 'the round', 'Draw');
  for (const role of roles) {
    const name = unitOf(setup, role, 0).name;
    facts.push(
      { label: `${name}: break`, probability: odds.fates[role].breaks },
      { label: `${name}: broken and caught`, probability: odds.fates[role].caught },
    );
  }
  return facts;
}

/**
 * The round's odds before any die: the same for every step of a round, so worked out once per
 * round. Every state of a round shares its `roundBegin` object (flow.ts beginRound makes it), which
 * keys the cache; a cache only remembers, so the analysis stays a pure function of the state.
 */
const baselines = roundMemo<RoundOdds>();
const roundBaseline = (key: object, start: State): RoundOdds => baselines(key, () => analyzeRound(start));

/**
 * The distributions now and at the start of the round on one common range: the host compares
 * them index by index with one offset (core/analysis/odds.ts oddsFrom).
 */
export function oldWorldDistributions(state: State): OutcomeDistributions {
  const start = roundStartOf(state);
  // At the very start of a round (a new round just begun, or the combat's first state) the odds now
  // are the baseline: counted once, and remembered as the round's baseline.
  const atStart = sameRoundPosition(state, start);
  const now = atStart ? roundBaseline(state.roundBegin, start) : analyzeRound(state);
  const before = roundBaseline(state.roundBegin, start);
  return differenceNowAndBefore(DIFFERENCE_MEASURE, { state, odds: now }, { state: start, odds: before }, beside);
}

const beside = (state: State, odds: RoundOdds) => ({
  secondary: { measure: CAUSED_MEASURE, dist: odds.caused.attacker },
  facts: factsOf(state, odds),
});

/** Whether two states of one round stand at the same point (nothing rolled or decided between them). */
function sameRoundPosition(a: State, b: State): boolean {
  const at = (s: State) =>
    JSON.stringify([
      s.phase,
      s.queue,
      s.lost,
      s.status,
      s.caused,
      s.overkill,
      s.rollOffWinner,
      s.previousWinner,
      s.hasWonRound,
      s.result,
      s.broke,
      s.moves,
      s.chasing,
    ]);
  return at(a) === at(b);
}

/** The CLI's JSON report (`combat-companion analyze`): the current round's exact odds. */
export function oldWorldReport(state: State): Record<string, unknown> {
  const odds = analyzeRound(state);
  const side = (role: Role) => {
    const name = unitOf(state.setup, role, 0).name;
    return {
      name: state.setup[role].name,
      woundsCaused: odds.caused[role],
      meanWoundsCaused: meanOf(odds.caused[role]),
      mainUnit: name,
      pBreaks: odds.fates[role].breaks,
      pCaught: odds.fates[role].caught,
    };
  };
  return {
    system: 'old-world',
    round: odds.round,
    attacker: side('attacker'),
    defender: side('defender'),
    difference: offsetDistReport(odds.difference),
    ...winReport(odds.win),
    facts: factsOf(state, odds),
  };
}

export const oldWorldAnalysis: SystemAnalysis = {
  systemId: 'old-world',
  combat: oldWorldCombat as CombatChain,
  distributions: (state) => oldWorldDistributions(state as State),
  report: (state) => oldWorldReport(state as State),
};
