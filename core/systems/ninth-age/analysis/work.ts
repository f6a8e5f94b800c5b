import type { State } from '../state';
import { indexPools } from './pools';

/**
 * The analysis's work on a state, by the cost model of pools.ts (an upper bound worked out before
 * any work). On a two-core laptop 5·10⁶ units take about half a second, about 2 s when the
 * machine is shared by several busy processes (the bench case is about 6·10⁴;
 * test/bench/ninthAge.bench.ts measures it, and test/core/systems/ninth-age/analysis/properties.test.ts
 * checks the largest setups are refused).
 */
export const WORK_LIMIT = 5e6;

export const workOf = (state: State): number => indexPools(state).work;
