export { analyze10e, analyzeSetup10e, type Analysis10e } from './analyze';
export { wh40k10eAnalysis } from './forSystem';
