import { bench, describe } from 'vitest';
import { analyzeRound, epicDistributions } from '../../core/systems/epic-armageddon/analysis';
import { roundDriver, rngFor } from '../support/roundDriver';
import { epicArmageddonSystem } from '../../core/systems/epic-armageddon/definition';
import type { EpicCombat } from '../core/systems/epic-armageddon/helpers';
import type { Setup, State } from '../../core/systems/epic-armageddon';
import { benchmarkAssault, marinesVsOrks } from '../core/systems/epic-armageddon/analysis/setups';

const { apply, begin, inputFor } = roundDriver<Setup, State>(epicArmageddonSystem);

/**
 * Exact Epic Armageddon assault analysis benchmarks (`npm run bench`). Target (issue 11, median on
 * a 2-core machine): 10 units with 3 supporting units against 12 units with a DC 3 war engine,
 * from the start of the assault (First Strike, the main wave, supporting fire, A6) < 20 ms.
 */
const start = begin(benchmarkAssault());

/** Part-way: the main wave's first roll, First Strike over. */
function mainWave(c0: EpicCombat): EpicCombat {
  let c = { ...c0, rng: rngFor(7) };
  while (!(c.state.phase.at === 'wave' && c.state.phase.wave.kind === 'main')) c = apply(c, inputFor(c));
  return c;
}
const mid = mainWave(start);
const small = begin(marinesVsOrks());
/** Enough samples for a steady median on a shared machine (warm the JIT first). */
const options = { time: 3000, warmupIterations: 20 };

describe('Epic Armageddon exact analysis', () => {
  bench(
    'assault: 10 units + 3 supporting v 12 units with a DC 3 war engine, from the start',
    () => {
      analyzeRound(start.state);
    },
    options,
  );
  bench(
    'host distributions (now + round-start baseline) for the same assault',
    () => {
      epicDistributions(start.state);
    },
    options,
  );
  bench(
    'part-way: the same assault as its main wave begins',
    () => {
      analyzeRound(mid.state);
    },
    options,
  );
  bench(
    '5 v 6 units with a war engine and supporting fire',
    () => {
      analyzeRound(small.state);
    },
    options,
  );
});
