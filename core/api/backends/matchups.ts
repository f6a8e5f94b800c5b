import type { Chunked } from '../../analysis/chunked';
import {
  cellRequestsOf,
  hasModes,
  matchupSetup,
  pairInChunks,
  pairingPlanInChunks,
  tableOf,
  type CellRequest,
  type MatchupCell,
  type MatchupMode,
  type MatchupSide,
  type PreparedPair,
} from '../../matchups';
import type { Roster, Unit } from '../../roster/documents';
import type { RosterRepository } from '../../store/repo';
import type { SystemDefinition } from '../../systems/definition';
import type { Registry } from '../../systems/registry';
import { MAX_MATCHUP_UNITS } from '../channels/matchups';
import type { ParsedRequestOf, ResponseOf } from '../contract';
import { ApiFailure } from '../reply';

/** Cells worked out per call at most (each both ways in a fight): some 200 ms of work, then the screen asks again (and sees progress). */
export const CELLS_PER_CALL = 4;
/** Cells remembered at most (a few 12 × 12 tables); past it the memory starts afresh. */
const MAX_REMEMBERED = 5_000;
/** Tables whose plan (the pairings still to work out, cheapest first) is kept between calls. */
const MAX_PLANS = 4;

export interface MatchupDeps {
  repo: RosterRepository;
  registry: Registry;
  /** The host's pause between chunks (BackendDeps.pause): whatever else came in is answered first. */
  pause?: () => Promise<void>;
}

interface Loaded {
  definition: SystemDefinition;
  mine: { roster: Roster; units: Unit[] };
  theirs: { roster: Roster; units: Unit[] };
  mode: MatchupMode | undefined;
}

/** Both rosters, of one game, within the table's size; refusals name the field. */
async function loadBoth(
  { repo, registry }: MatchupDeps,
  request: { mine: string; theirs: string; mode?: MatchupMode | undefined },
): Promise<Loaded> {
  const [mine, theirs] = await Promise.all([repo.getRoster(request.mine), repo.getRoster(request.theirs)]);
  if (!mine) throw new ApiFailure('not_found', `There is no roster with id "${request.mine}".`, 'mine');
  if (!theirs) throw new ApiFailure('not_found', `There is no roster with id "${request.theirs}".`, 'theirs');
  if (mine.roster.system !== theirs.roster.system)
    throw new ApiFailure(
      'invalid_input',
      `"${mine.roster.name}" and "${theirs.roster.name}" are rosters of different games: compare with a roster of the same game.`,
      'theirs',
    );
  for (const [field, found] of [
    ['mine', mine],
    ['theirs', theirs],
  ] as const)
    if (found.units.length > MAX_MATCHUP_UNITS)
      throw new ApiFailure(
        'invalid_input',
        `"${found.roster.name}" has ${found.units.length} units: the table compares at most ${MAX_MATCHUP_UNITS} a side.`,
        field,
      );
  const definition = registry.definitionOf(mine.roster.system);
  if (!definition) throw new ApiFailure('unsupported', `There are no odds for ${mine.roster.system}.`, 'mine');
  const mode = hasModes(definition) ? (request.mode ?? 'fighting') : undefined;
  return { definition, mine, theirs, mode };
}

const sideOf = ({ roster, units }: { roster: Roster; units: Unit[] }): MatchupSide => ({
  name: roster.name,
  units: [...units]
    .sort((a, b) => a.position - b.position)
    .map((u) => ({ id: u.id, name: u.name, profile: u.profile })),
});

/** A cell's key in the memory: the game, the mode, each side's name and each unit at its version. */
function cellKey(system: string, request: CellRequest, versions: Map<string, string>): string {
  const unit = (u: CellRequest['mine']) => `${u.id}@${versions.get(u.id) ?? ''}`;
  return JSON.stringify([
    system,
    request.mode ?? '',
    request.mine.rosterName,
    unit(request.mine),
    request.theirs.rosterName,
    unit(request.theirs),
  ]);
}

/** Works something out chunk by chunk, pausing between; null once `stopped` (the table was cancelled). */
async function workedOut<T>(work: Chunked<T>, pause: (() => Promise<void>) | undefined, stopped: () => boolean) {
  for (;;) {
    const r = work.next();
    if (r.done) return r.value;
    if (pause) await pause();
    if (stopped()) {
      work.return(undefined as never);
      return null;
    }
  }
}

/** A table's identity for its plan: the game, the mode, each roster's name and units at their versions, in order. */
function tableKey(system: string, mode: MatchupMode | undefined, sides: MatchupSide[], versions: Map<string, string>) {
  return JSON.stringify([
    system,
    mode ?? '',
    ...sides.map((s) => [s.name, s.units.map((u) => `${u.id}@${versions.get(u.id) ?? ''}`)]),
  ]);
}

/**
 * `roster.matchups` and `roster.matchupSetup` (issue 37): the matchup table, a few cells a call,
 * cheapest pairing first (core/matchups/order.ts), each cell remembered by the versions of its two
 * units, in chunks with the host's pause between. A table's pairings are prepared once — their
 * combats started and sized, then ordered — and that plan kept between calls, so no call builds a
 * setup twice.
 */
export function createMatchupBackend(deps: MatchupDeps) {
  const remembered = new Map<string, MatchupCell>();
  // A plan being made is kept as its promise: a second call for the same table waits for it, never makes another.
  const plans = new Map<string, Promise<PreparedPair[] | null>>();
  let generation = 0;

  /** The pairings of `missing` still to work out, cheapest first: the table's plan, made once (in chunks). */
  function planOf(key: string, definition: SystemDefinition, missing: CellRequest[], stopped: () => boolean) {
    const known = plans.get(key);
    if (known) return known;
    if (plans.size >= MAX_PLANS) plans.delete(plans.keys().next().value!);
    const made = workedOut(pairingPlanInChunks(definition, missing), deps.pause, stopped);
    plans.set(key, made);
    // Cancelled half-way (or failed): no plan is kept, the next call makes it afresh.
    const forget = () => {
      if (plans.get(key) === made) plans.delete(key);
    };
    made.then((plan) => plan ?? forget(), forget);
    return made;
  }

  return {
    'roster.matchups': async (request: ParsedRequestOf<'roster.matchups'>): Promise<ResponseOf<'roster.matchups'>> => {
      if (request.stop) generation++;
      const loaded = await loadBoth(deps, request);
      const { definition, mode } = loaded;
      const [mine, theirs] = [sideOf(loaded.mine), sideOf(loaded.theirs)];
      const versions = new Map([...loaded.mine.units, ...loaded.theirs.units].map((u) => [u.id, u.updatedAt]));
      const requests = cellRequestsOf(mine, theirs, mode);
      const keyOf = (cell: CellRequest) => cellKey(definition.id, cell, versions);
      const missing = requests.filter((cell) => !remembered.has(keyOf(cell)));
      const table = tableKey(definition.id, mode, [mine, theirs], versions);
      const mine0 = generation;
      const stopped = () => generation !== mine0;
      const plan = missing.length > 0 && !request.stop ? await planOf(table, definition, missing, stopped) : null;
      let worked = 0;
      while (plan && plan.length > 0 && worked < CELLS_PER_CALL && !stopped()) {
        // Taken off the plan before it is worked out: a call for the same table meanwhile takes the next one.
        const pair = plan.shift()!;
        const key = keyOf(pair.request);
        if (remembered.has(key)) continue;
        worked++;
        const answer = await workedOut(pairInChunks(definition, pair), deps.pause, stopped);
        if (!answer) {
          plan.unshift(pair);
          break;
        }
        if (remembered.size >= MAX_REMEMBERED) remembered.clear();
        remembered.set(key, answer);
      }
      if (plan?.length === 0) plans.delete(table);
      const cells = requests.flatMap((cell) => remembered.get(keyOf(cell)) ?? []);
      return {
        table: tableOf(definition.id, mode, mine, theirs, cells),
        modes: mode !== undefined,
        done: cells.length,
        total: requests.length,
        finished: cells.length === requests.length,
      };
    },
    'roster.matchupSetup': (request: ParsedRequestOf<'roster.matchupSetup'>) => matchupSetupOf(deps, request),
  };
}

/** `roster.matchupSetup`: one pairing's setup, filled from the two stored units as the setup screen fills it. */
async function matchupSetupOf(
  deps: MatchupDeps,
  request: ParsedRequestOf<'roster.matchupSetup'>,
): Promise<ResponseOf<'roster.matchupSetup'>> {
  const loaded = await loadBoth(deps, request);
  const unitOf = (side: Loaded['mine'], id: string, field: 'mineUnit' | 'theirsUnit') => {
    const unit = side.units.find((u) => u.id === id);
    if (!unit) throw new ApiFailure('not_found', `Roster "${side.roster.name}" has no unit with id "${id}".`, field);
    return { rosterName: side.roster.name, unitName: unit.name, profile: unit.profile };
  };
  const filled = matchupSetup(
    loaded.definition,
    unitOf(loaded.mine, request.mineUnit, 'mineUnit'),
    unitOf(loaded.theirs, request.theirsUnit, 'theirsUnit'),
    loaded.mode,
  );
  if (!filled.ok) throw new ApiFailure(filled.code, filled.message, 'mineUnit');
  return { system: loaded.definition.id, setup: filled.value, rosterIds: [request.mine, request.theirs] };
}
