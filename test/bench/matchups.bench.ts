import { bench, describe } from 'vitest';
import { runToEnd } from '../../core/analysis/chunked';
import { cellInChunks, cellRequestsOf, tableOf, type MatchupCell, type MatchupSide } from '../../core/matchups';
import { registry } from '../../core/systems';
import { validProfiles } from '../core/store/fixtures';

/**
 * The matchup table (issue 37), `npm run bench`: a 10 × 10 table of The Old World units of
 * club-game sizes, each cell the whole combat's odds within its work cap (core/matchups/cell.ts).
 * Targets: the first row (10 cells) ≤ 1 s, the whole table ≤ 10 s. Printed: both times, and how
 * many cells were exact and how many estimated.
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

function fillTable(): { firstRowMs: number; totalMs: number; cells: MatchupCell[] } {
  const started = performance.now();
  let firstRowMs = 0;
  const cells: MatchupCell[] = [];
  for (const request of cellRequestsOf(mine, theirs, undefined)) {
    cells.push(runToEnd(cellInChunks(definition, request)));
    if (cells.length === theirs.units.length) firstRowMs = performance.now() - started;
  }
  return { firstRowMs, totalMs: performance.now() - started, cells };
}

describe('matchup table', () => {
  let printed = false;
  bench(
    '10 × 10 Old World units, whole-combat odds per cell',
    () => {
      const { firstRowMs, totalMs, cells } = fillTable();
      if (printed) return;
      printed = true;
      const table = tableOf(definition.id, undefined, mine, theirs, cells);
      const exact = cells.filter((c) => c.odds?.exact).length;
      console.log(
        `matchups 10 × 10: first row ${firstRowMs.toFixed(0)} ms (target ≤ 1,000), whole table ${totalMs.toFixed(0)} ms (target ≤ 10,000); ${exact} exact, ${table.estimates} estimated, ${cells.length - exact - table.estimates} without odds`,
      );
    },
    { iterations: 1, warmupIterations: 0 },
  );
});
