import { situationOf, type State } from '../../systems/wh40k-10e';
import type { SystemAnalysis } from '../system';
import { analyze10e } from './analyze';

/** The 10th edition analysis as the host uses it: from an engine state, via its Situation. */
export const wh40k10eAnalysis: SystemAnalysis = {
  systemId: 'wh40k-10e',
  distributions(state) {
    const result = analyze10e(situationOf(state as State));
    return { measure: 'models destroyed', main: result.modelsDestroyed, secondary: { measure: 'wounds lost', dist: result.woundsLost } };
  },
  report(state) {
    const result = analyze10e(situationOf(state as State));
    return {
      system: 'wh40k-10e',
      modelsDestroyed: result.modelsDestroyed,
      woundsLost: result.woundsLost,
      meanModelsDestroyed: result.meanModelsDestroyed,
      meanWoundsLost: result.meanWoundsLost,
    };
  },
};
