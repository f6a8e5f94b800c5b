import type { CombatChain } from '../../../analysis/combat/types';
import { epicArmageddonCombat } from './combat';
import type { State } from '../state';
import { beginA4, roundStartState } from '../flow';
import { meanOf } from '../../../analysis/mean';
import { aligned, roundMemo, winFacts, winReport } from '../../../analysis/perRound';
import type { OutcomeDistributions, OutcomeFact, SystemAnalysis } from '../../../analysis/system';
import { analyzeRound, type RoundOdds } from './round';
import { tooLargeReason } from './size';

/**
 * The Epic Armageddon analysis as the host and the CLI use it (SCENARIOS §1). An assault goes
 * round by round (a draw goes on from A3), so the odds are the current round's, with a baseline at
 * the round's start (the start of its A4), worked out once per round.
 *
 * The main distribution is the kills the attacker's side makes (A4 + A5): unlike the A6 result
 * difference it exists whichever way the assault ends (an immediate win at A4 has no result roll),
 * it is what moves as the dice land, and it is what A6 adds up; the defender's kills are the
 * secondary distribution, and the win / draw / immediate-win chances are the facts.
 */

export const KILLS_MEASURE = "kills by the attacker's side (A4 + A5)";

export function factsOf(state: State, odds: RoundOdds): OutcomeFact[] {
  const { attacker, defender } = state.setup;
  return [
    ...winFacts({ attacker: attacker.name, defender: defender.name }, odds.win, 'the assault', 'Draw (another round)'),
    { label: `${attacker.name} win at once (A4)`, probability: odds.atA4.attacker },
    { label: `${defender.name} win at once (A4)`, probability: odds.atA4.defender },
  ];
}

type Plain = Omit<OutcomeDistributions, 'baseline'>;

const pad = (dist: readonly number[], length: number) => aligned({ offset: 0, dist }, 0, length);

function plain(state: State, odds: RoundOdds, length: number, secondaryLength: number): Plain {
  return {
    measure: `${KILLS_MEASURE}, round ${odds.round}`,
    main: pad(odds.kills.attacker, length),
    offset: 0,
    secondary: {
      measure: `kills by the defender's side, round ${odds.round}`,
      dist: pad(odds.kills.defender, secondaryLength),
    },
    facts: factsOf(state, odds),
  };
}

/** The state at the start of the current round's A4: the round's odds before any die. */
export function roundStartOf(state: State): State {
  return roundStartState(state) ?? (state.phase.at === 'a3' ? beginA4(state) : state);
}

/** A cache only remembers: the analysis stays a pure function of the state. Keyed by the round's RoundStart object. */
const baselines = roundMemo<RoundOdds>();
function baselineOf(state: State): RoundOdds {
  if (!state.roundStart) return analyzeRound(state);
  return baselines(state.roundStart, () => analyzeRound(roundStartOf(state)));
}

export function epicDistributions(state: State): OutcomeDistributions {
  const now = analyzeRound(state);
  const before = baselineOf(state);
  const length = Math.max(now.kills.attacker.length, before.kills.attacker.length);
  const second = Math.max(now.kills.defender.length, before.kills.defender.length);
  return { ...plain(state, now, length, second), baseline: plain(roundStartOf(state), before, length, second) };
}

/** The CLI's JSON report (`combat-companion analyze`): exactly the figures of SCENARIOS §1. */
export function epicReport(state: State): Record<string, unknown> {
  const odds = analyzeRound(state);
  const side = (role: 'attacker' | 'defender') => ({
    kills: odds.kills[role],
    meanKills: meanOf(odds.kills[role]),
    meanExtraHits: odds.meanExtraHits[role],
    meanExtraLosses: odds.meanExtraLosses[role],
  });
  return {
    system: 'epic-armageddon',
    attacker: side('attacker'),
    defender: side('defender'),
    ...winReport(odds.win),
    pAttackerWinsAtA4: odds.atA4.attacker,
    pDefenderWinsAtA4: odds.atA4.defender,
  };
}

export const epicArmageddonAnalysis: SystemAnalysis = {
  systemId: 'epic-armageddon',
  combat: epicArmageddonCombat as CombatChain,
  tooLarge: (state) => tooLargeReason(state as State),
  distributions: (state) => epicDistributions(state as State),
  report: (state) => epicReport(state as State),
};
