import { ANALYSIS_WORK_LIMIT, AnalysisTooLargeError, metered } from '../analysis/budget';
import type { Chunked } from '../analysis/chunked';
import { wholeCombatInChunksOf } from '../analysis/combat';
import { chanceText, fightHeadline } from '../analysis/combat/headline';
import { noOddsBecause } from '../analysis/guarded';
import type { SystemAnalysis } from '../analysis/system';
import type { SystemDefinition } from '../systems/definition';
import { matchupSetup, type MatchupFighter } from './setup';
import type { MatchupCell, MatchupMode, MatchupOdds } from './types';

/**
 * The work one cell may take (budget.ts units): a fortieth of an odds panel's figure, for the exact
 * chain and as much again for the estimate past it — some 50 ms, so a 10 × 10 table fills in a few
 * seconds on a two-core machine (test/bench/matchups.bench.ts). A cell over it is an estimate from
 * play-outs, marked as one with its error, never a hang.
 */
export const CELL_WORK = ANALYSIS_WORK_LIMIT / 40;

/** The two units of a cell, each with the id the table names it by. */
export interface CellRequest {
  mine: MatchupFighter & { id: string };
  theirs: MatchupFighter & { id: string };
  mode?: MatchupMode | undefined;
}

const refusedCell = (request: CellRequest, why: string): MatchupCell => ({
  mine: request.mine.id,
  theirs: request.theirs.id,
  odds: null,
  why,
});

/**
 * One cell of the table, in chunks (core/analysis/chunked.ts): the combat filled from the two units
 * as the setup screen fills it, then its whole-combat odds by the host's own chain (`wholeCombatOf`)
 * within `CELL_WORK`; for a game whose combat is one attack, that attack's exact odds.
 */
export function* cellInChunks(
  definition: SystemDefinition,
  request: CellRequest,
  work: number = CELL_WORK,
): Chunked<MatchupCell> {
  const setup = matchupSetup(definition, request.mine, request.theirs, request.mode);
  if (!setup.ok) return refusedCell(request, setup.message);
  const rules = definition.rules;
  const state = rules.start(rules.setupSchema.parse(setup.value));
  const analysis = definition.analysis;
  if (!analysis) return refusedCell(request, `There are no odds for ${definition.name} yet.`);
  const answer = yield* wholeCombatInChunksOf(analysis, state, work);
  if (answer === null) {
    const attack = attackOdds(analysis, state, request, work);
    return typeof attack === 'string'
      ? refusedCell(request, attack)
      : { mine: request.mine.id, theirs: request.theirs.id, odds: attack };
  }
  if (!answer.ok) return refusedCell(request, noOddsBecause('No odds for this matchup', answer.tooLarge));
  const o = answer.odds;
  const odds: MatchupOdds = {
    kind: 'whole',
    win: o.pAttackerWins,
    lose: o.pDefenderWins,
    draw: o.pDraw,
    unfinished: o.pUnfinished,
    exact: o.exact,
    ...(o.exact ? {} : { standardError: o.standardError ?? 0 }),
    headline: fightHeadline(o),
  };
  return { mine: request.mine.id, theirs: request.theirs.id, odds };
}

/**
 * One attack's odds (40k 10th edition: the combat is my unit's attack sequence): the chance to wipe
 * their unit out — every model the distribution can count destroyed — and the models destroyed on
 * average. Exact, within the cell's work, or why not in words.
 */
function attackOdds(
  analysis: SystemAnalysis,
  state: unknown,
  request: CellRequest,
  work: number,
): MatchupOdds | string {
  const refused = analysis.tooLarge?.(state) ?? null;
  if (refused !== null) return noOddsBecause('No odds for this matchup', refused);
  let main: number[];
  try {
    main = metered(
      () => analysis.distributions(state).main,
      () => 'too many outcomes to count for one cell',
      2 * work,
    );
  } catch (error) {
    if (error instanceof AnalysisTooLargeError) return noOddsBecause('No odds for this matchup', error.message);
    throw error;
  }
  const wipe = main[main.length - 1] ?? 0;
  const mean = main.reduce((sum, q, k) => sum + q * k, 0);
  return {
    kind: 'attack',
    win: wipe,
    lose: 0,
    draw: 0,
    unfinished: Math.max(0, 1 - wipe),
    exact: true,
    meanModelsDestroyed: mean,
    targetModels: main.length - 1,
    headline: `${request.mine.unitName} wipe out ${request.theirs.unitName} ${chanceText(wipe)} · ${mean.toFixed(1)} models destroyed on average`,
  };
}
