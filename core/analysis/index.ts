/** The odds helpers every system's exact analysis is built on; each system's own analysis lives in its folder (core/systems/<id>/analysis/), the registry of them in core/systems/index.ts. */
export * from './system';
export * from './budget';
export * from './guarded';
export * from './headline';
export * from './atLeast';
