import { ANALYSIS_WORK_LIMIT, AnalysisTooLargeError, metered } from '../analysis/budget';
import type { Chunked } from '../analysis/chunked';
import { wholeCombatInChunksOf } from '../analysis/combat';
import { chanceText, fightHeadline } from '../analysis/combat/headline';
import type { SideCombatOdds, WholeCombatOdds } from '../analysis/combat/types';
import { noOddsBecause } from '../analysis/guarded';
import type { SystemAnalysis } from '../analysis/system';
import type { Role } from '../combat/steps';
import type { SystemDefinition } from '../systems/definition';
import { combatSize } from './order';
import { matchupSetup, type MatchupFighter } from './setup';
import type { FightFate, MatchupCell, MatchupMode, MatchupOdds } from './types';

/**
 * The work one cell may take (budget.ts units): a fortieth of an odds panel's figure, for the exact
 * chain and as much again for the estimate past it — some 50 ms, so a 10 × 10 table fills in a few
 * seconds on a two-core machine (test/bench/matchups.bench.ts). A cell over it is an estimate from
 * play-outs, marked as one with its error, never a hang. Each way of a pairing (my charge, theirs)
 * gets it whole.
 */
export const CELL_WORK = ANALYSIS_WORK_LIMIT / 40;

/** The two units of a cell, each with the id the table names it by. */
export interface CellRequest {
  mine: MatchupFighter & { id: string };
  theirs: MatchupFighter & { id: string };
  mode?: MatchupMode | undefined;
}

/** One combat of a pairing, started and ready to work out — with its size, to order by — or why it cannot be. */
export type PreparedCombat = { ok: true; state: unknown; size: number } | { ok: false; why: string };

/**
 * A pairing ready to work out: my unit charging theirs and, where the game's combat is a fight of
 * rounds, theirs charging mine; `size` the two combats' sizes together (order.ts), so the table
 * can work the cheapest pairings out first.
 */
export interface PreparedPair {
  request: CellRequest;
  charging: PreparedCombat;
  defending: PreparedCombat | null;
  size: number;
}

/** The combat of `attacker` charging `defender`, filled as the setup screen fills it and started, or why not. */
function prepareCombat(
  definition: SystemDefinition,
  attacker: MatchupFighter,
  defender: MatchupFighter,
  mode: MatchupMode | undefined,
): PreparedCombat {
  const setup = matchupSetup(definition, attacker, defender, mode);
  if (!setup.ok) return { ok: false, why: setup.message };
  const rules = definition.rules;
  const state = rules.start(rules.setupSchema.parse(setup.value));
  return { ok: true, state, size: combatSize(rules.view(state)) };
}

/** A pairing's combats started: mine charging, and theirs charging mine where a fight goes both ways (a chain of rounds). */
export function preparePair(definition: SystemDefinition, request: CellRequest): PreparedPair {
  const charging = prepareCombat(definition, request.mine, request.theirs, request.mode);
  const defending = definition.analysis?.combat
    ? prepareCombat(definition, request.theirs, request.mine, request.mode)
    : null;
  const sizeOf = (c: PreparedCombat | null) => (c?.ok ? c.size : 0);
  return { request, charging, defending, size: sizeOf(charging) + sizeOf(defending) };
}

/**
 * One cell of the table, in chunks (core/analysis/chunked.ts): the combat filled from the two units
 * as the setup screen fills it, then its whole-combat odds by the host's own chain (`wholeCombatOf`)
 * within `CELL_WORK` — and the same with their unit charging mine; for a game whose combat is one
 * attack, that attack's exact odds.
 */
export function* cellInChunks(
  definition: SystemDefinition,
  request: CellRequest,
  work: number = CELL_WORK,
): Chunked<MatchupCell> {
  return yield* pairInChunks(definition, preparePair(definition, request), work);
}

/** A prepared pairing worked out (see `cellInChunks`): my charge first, then theirs, each within `work`. */
export function* pairInChunks(
  definition: SystemDefinition,
  pair: PreparedPair,
  work: number = CELL_WORK,
): Chunked<MatchupCell> {
  const { request } = pair;
  const cell: MatchupCell = { mine: request.mine.id, theirs: request.theirs.id, odds: null };
  const charging = yield* combatInChunks(definition, pair.charging, 'attacker', request, work);
  if (typeof charging === 'string') return { ...cell, why: charging };
  if (charging.kind !== 'whole' || !pair.defending) return { ...cell, odds: charging };
  const defending = yield* combatInChunks(definition, pair.defending, 'defender', request, work);
  return typeof defending === 'string'
    ? { ...cell, odds: charging, defending: null, defendingWhy: defending }
    : { ...cell, odds: charging, defending };
}

/** One combat's odds told from my unit's side (`mine`: the role it has in this combat), or why there are none. */
function* combatInChunks(
  definition: SystemDefinition,
  combat: PreparedCombat,
  mine: Role,
  request: CellRequest,
  work: number,
): Chunked<MatchupOdds | string> {
  if (!combat.ok) return combat.why;
  const analysis = definition.analysis;
  if (!analysis) return `There are no odds for ${definition.name} yet.`;
  const answer = yield* wholeCombatInChunksOf(analysis, combat.state, work);
  if (answer === null) return attackOdds(analysis, combat.state, request, work);
  if (!answer.ok) return noOddsBecause('No odds for this matchup', answer.tooLarge);
  return wholeOdds(answer.odds, mine);
}

const fateOf = (side: SideCombatOdds): FightFate => ({
  unit: side.unit,
  destroyed: side.pDestroyed,
  flees: side.pFlees,
  caught: side.pCaught,
});

/** A whole fight's odds as a cell keeps them, from my side: `win` my unit's side winning, whichever role it has. */
function wholeOdds(o: WholeCombatOdds, mine: Role): MatchupOdds {
  const theirs: Role = mine === 'attacker' ? 'defender' : 'attacker';
  const [win, lose] = mine === 'attacker' ? [o.pAttackerWins, o.pDefenderWins] : [o.pDefenderWins, o.pAttackerWins];
  return {
    kind: 'whole',
    win,
    lose,
    draw: o.pDraw,
    unfinished: o.pUnfinished,
    exact: o.exact,
    ...(o.exact ? {} : { standardError: o.standardError ?? 0 }),
    headline: fightHeadline(o),
    rounds: o.rounds,
    fates: { mine: fateOf(o[mine]), theirs: fateOf(o[theirs]) },
  };
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
