import type { SystemAnalysis } from './system';
import { ninthAgeAnalysis } from './ninth-age';
import { epicArmageddonAnalysis } from './epic-armageddon';
import { oldWorldAnalysis } from './old-world';
import { wh40k10eAnalysis } from './wh40k-10e';
import { wh40k7eAnalysis } from './wh40k-7e';

/** Exact outcome distributions for a combat or a step, per system (ARCHITECTURE.md). */
export * from './system';
export * from './budget';
export * from './guarded';
export * from './headline';
export * from './wh40k-10e';
export * from './old-world';
export { wh40k7eAnalysis, wh40k7eReport, wh40k7eDistributions } from './wh40k-7e';
export { ninthAgeAnalysis } from './ninth-age';
export { epicArmageddonAnalysis, epicDistributions, epicReport } from './epic-armageddon';

/** Every system's exact analysis, by system id (a system without one is simply absent). */
export const analyses: Readonly<Record<string, SystemAnalysis>> = {
  [wh40k10eAnalysis.systemId]: wh40k10eAnalysis,
  [oldWorldAnalysis.systemId]: oldWorldAnalysis,
  [wh40k7eAnalysis.systemId]: wh40k7eAnalysis,
  [ninthAgeAnalysis.systemId]: ninthAgeAnalysis,
  [epicArmageddonAnalysis.systemId]: epicArmageddonAnalysis,
};
