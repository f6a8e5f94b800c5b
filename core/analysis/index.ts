/** Exact outcome distributions for a combat or a step, per system (ARCHITECTURE.md). */
export * from './wh40k-10e';
