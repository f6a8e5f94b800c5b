import { situationOf, type State } from '..';
import { AnalysisTooLargeError } from '../../../analysis/budget';
import type { SystemAnalysis } from '../../../analysis/system';
import { analyze10e, type Analysis10e } from './analyze';
import { size10e, sizeMessage, tooLarge10e } from './size';

/** The analysis of a state; stopped by the host's work meter (budget.ts), the refusal names the size in words. */
function analyzeState(state: State): Analysis10e {
  const situation = situationOf(state);
  try {
    return analyze10e(situation);
  } catch (error) {
    if (error instanceof AnalysisTooLargeError) throw new AnalysisTooLargeError(sizeMessage(size10e(situation)));
    throw error;
  }
}

/** The 10th edition analysis as the host uses it: from an engine state, via its Situation. */
export const wh40k10eAnalysis: SystemAnalysis = {
  systemId: 'wh40k-10e',
  tooLarge: (state) => tooLarge10e(situationOf(state as State)),
  distributions(state) {
    const result = analyzeState(state as State);
    return {
      measure: 'models destroyed',
      main: result.modelsDestroyed,
      secondary: { measure: 'wounds lost', dist: result.woundsLost },
    };
  },
  report(state) {
    const result = analyzeState(state as State);
    return {
      system: 'wh40k-10e',
      modelsDestroyed: result.modelsDestroyed,
      woundsLost: result.woundsLost,
      meanModelsDestroyed: result.meanModelsDestroyed,
      meanWoundsLost: result.meanWoundsLost,
    };
  },
};
