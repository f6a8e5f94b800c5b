import type { Chunked } from '../../analysis/chunked';
import {
  cellInChunks,
  cellRequestsOf,
  hasModes,
  matchupSetup,
  tableOf,
  type CellRequest,
  type MatchupCell,
  type MatchupMode,
  type MatchupSide,
} from '../../matchups';
import type { Roster, Unit } from '../../roster/documents';
import type { RosterRepository } from '../../store/repo';
import type { SystemDefinition } from '../../systems/definition';
import type { Registry } from '../../systems/registry';
import { MAX_MATCHUP_UNITS } from '../channels/matchups';
import type { ParsedRequestOf, ResponseOf } from '../contract';
import { ApiFailure } from '../reply';

/** Cells worked out per call at most: some 200 ms of work, then the screen asks again (and sees progress). */
export const CELLS_PER_CALL = 4;
/** Cells remembered at most (a few 12 × 12 tables); past it the memory starts afresh. */
const MAX_REMEMBERED = 5_000;

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

/** Works a cell out chunk by chunk, pausing between; null once `stopped` (the table was cancelled). */
async function workedOut(work: Chunked<MatchupCell>, pause: (() => Promise<void>) | undefined, stopped: () => boolean) {
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

/**
 * `roster.matchups` and `roster.matchupSetup` (issue 37): the matchup table, a few cells a call,
 * each cell remembered by the versions of its two units, in chunks with the host's pause between.
 */
export function createMatchupBackend(deps: MatchupDeps) {
  const remembered = new Map<string, MatchupCell>();
  let generation = 0;
  return {
    'roster.matchups': async (request: ParsedRequestOf<'roster.matchups'>): Promise<ResponseOf<'roster.matchups'>> => {
      if (request.stop) generation++;
      const loaded = await loadBoth(deps, request);
      const [mine, theirs] = [sideOf(loaded.mine), sideOf(loaded.theirs)];
      const versions = new Map([...loaded.mine.units, ...loaded.theirs.units].map((u) => [u.id, u.updatedAt]));
      const requests = cellRequestsOf(mine, theirs, loaded.mode);
      const mine0 = generation;
      let worked = 0;
      const cells: MatchupCell[] = [];
      for (const cell of requests) {
        const key = cellKey(loaded.definition.id, cell, versions);
        let known = remembered.get(key);
        if (!known && !request.stop && worked < CELLS_PER_CALL) {
          worked++;
          const answer = await workedOut(cellInChunks(loaded.definition, cell), deps.pause, () => generation !== mine0);
          if (answer) {
            if (remembered.size >= MAX_REMEMBERED) remembered.clear();
            remembered.set(key, (known = answer));
          }
        }
        if (known) cells.push(known);
      }
      return {
        table: tableOf(loaded.definition.id, loaded.mode, mine, theirs, cells),
        modes: loaded.mode !== undefined,
        done: cells.length,
        total: requests.length,
        finished: cells.length === requests.length,
      };
    },
    'roster.matchupSetup': async (
      request: ParsedRequestOf<'roster.matchupSetup'>,
    ): Promise<ResponseOf<'roster.matchupSetup'>> => {
      const loaded = await loadBoth(deps, request);
      const unitOf = (side: Loaded['mine'], id: string, field: 'mineUnit' | 'theirsUnit') => {
        const unit = side.units.find((u) => u.id === id);
        if (!unit)
          throw new ApiFailure('not_found', `Roster "${side.roster.name}" has no unit with id "${id}".`, field);
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
    },
  };
}
