export * from './contract';
export * from './reply';
export * from './bounds';
export * from './backend';
export * from './dispatch';
export * from './client';
export { formatPath, fieldProblems, type FieldProblem } from '../validation/issues';
export * from './identity';
/** The app's rule systems: each host builds its backend from a registry (a test build may give its own). */
export { registry, makeRegistry, type Registry } from '../systems';
/** The odds on a worker of their own: its two ends, and the service it runs. */
export { serveOdds, oddsOnWorker, type OddsPort } from './backends/odds/worker';
export { oddsServiceOf } from './backends/rules';
/** What the screen draws and the helpers it shares with the host (the renderer reaches core only through core/api). */
export * from './view';
export * from './viewForms';
