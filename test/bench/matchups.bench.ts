import { bench, describe } from 'vitest';
import { runToEnd } from '../../core/analysis/chunked';
import {
  cellRequestsOf,
  pairInChunks,
  pairingPlanInChunks,
  tableOf,
  type MatchupCell,
  type MatchupSide,
} from '../../core/matchups';
import { registry } from '../../core/systems';
import { validProfiles } from '../core/store/fixtures';

/**
 * The matchup table (issue 37), `npm run bench`: a 10 × 10 table of The Old World units of
 * club-game sizes worked out as the host works it — every pairing prepared once and put cheapest
 * first, then each cell both ways (my charge, and theirs), each way within its work cap
 * (core/matchups/cell.ts). Targets: the first row's worth of cells (10) ≤ 1 s, the whole table
 * ≤ 10 s. Printed for each run: those times, when the first whole row and half the cells were
 * there (cheapest first, half the cells come in about a third of the time), and how many of the
 * 200 fights were exact and how many estimated.
 */

const definition = registry.definitionOf('old-world')!;

function side(name: string, seed: number): MatchupSide {
  const base = validProfiles['old-world'];
  return {
    name,
    units: Array.from({ length: 10 }, (_, i) => ({
      id: `${name}-${i}`,
      name: `${name} ${i + 1}`,
      profile: {
        ...base,
        models: 10 + ((i * 7 + seed) % 16),
        weaponSkill: 2 + ((i + seed) % 4),
        strength: 3 + ((i * 3 + seed) % 3),
        toughness: 3 + ((i + 2 * seed) % 2),
        armour: 4 + ((i * 5 + seed) % 3),
      },
    })),
  };
}

const [mine, theirs] = [side('Empire', 0), side('Orcs', 3)];

interface Filled {
  planMs: number;
  firstTenMs: number;
  firstWholeRowMs: number;
  halfMs: number;
  totalMs: number;
  cells: MatchupCell[];
}

function fillTable(): Filled {
  const started = performance.now();
  const plan = runToEnd(pairingPlanInChunks(definition, cellRequestsOf(mine, theirs, undefined)));
  const planMs = performance.now() - started;
  const width = theirs.units.length;
  const perRow = new Map<string, number>();
  let [firstTenMs, firstWholeRowMs, halfMs] = [0, 0, 0];
  const cells: MatchupCell[] = [];
  for (const pair of plan) {
    const cell = runToEnd(pairInChunks(definition, pair));
    cells.push(cell);
    const now = performance.now() - started;
    if (cells.length === width) firstTenMs = now;
    if (cells.length === plan.length / 2) halfMs = now;
    perRow.set(cell.mine, (perRow.get(cell.mine) ?? 0) + 1);
    if (!firstWholeRowMs && perRow.get(cell.mine) === width) firstWholeRowMs = now;
  }
  return { planMs, firstTenMs, firstWholeRowMs, halfMs, totalMs: performance.now() - started, cells };
}

describe('matchup table', () => {
  let run = 0;
  bench(
    '10 × 10 Old World units, whole-combat odds per cell both ways, cheapest first',
    () => {
      const { planMs, firstTenMs, firstWholeRowMs, halfMs, totalMs, cells } = fillTable();
      // Every run printed: the first pays for compiling the code, a later one is what an open app sees.
      run++;
      const table = tableOf(definition.id, undefined, mine, theirs, cells);
      const ways = cells.flatMap((c) => [c.odds, c.defending ?? null]);
      const exact = ways.filter((o) => o?.exact).length;
      const estimated = ways.filter((o) => o && !o.exact).length;
      console.log(
        `matchups 10 × 10 both ways (run ${run}${run === 1 ? ', cold' : ''}): first 10 cells ${firstTenMs.toFixed(0)} ms (target ≤ 1,000; plan ${planMs.toFixed(0)} ms of it), first whole row ${firstWholeRowMs.toFixed(0)} ms, half the cells ${halfMs.toFixed(0)} ms, whole table ${totalMs.toFixed(0)} ms (target ≤ 10,000); of 200 fights ${exact} exact, ${estimated} estimated, ${ways.length - exact - estimated} without odds; ${table.estimates} cells shown as estimates`,
      );
    },
    { iterations: 1, warmupIterations: 0 },
  );
});
