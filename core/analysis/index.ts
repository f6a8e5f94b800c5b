import type { SystemAnalysis } from './system';
import { epicArmageddonAnalysis } from './epic-armageddon';
import { oldWorldAnalysis } from './old-world';
import { wh40k10eAnalysis } from './wh40k-10e';

/** Exact outcome distributions for a combat or a step, per system (ARCHITECTURE.md). */
export * from './system';
export * from './wh40k-10e';
export * from './old-world';
export { epicArmageddonAnalysis, epicDistributions, epicReport } from './epic-armageddon';

/** Every system's exact analysis, by system id (a system without one is simply absent). */
export const analyses: Readonly<Record<string, SystemAnalysis>> = {
  [wh40k10eAnalysis.systemId]: wh40k10eAnalysis,
  [oldWorldAnalysis.systemId]: oldWorldAnalysis,
  [epicArmageddonAnalysis.systemId]: epicArmageddonAnalysis,
};
