/**
 * How hard the agreement tests push: `npm test` runs their everyday sizes (a few thousand seeded
 * games a check: four standard errors still catch any rule that moves a probability by a few
 * percent), `CC_EXHAUSTIVE=1` (`npm run test:exhaustive`) the full sizes they were first written
 * with (20,000 games), for a change to a system's rules or its exact odds.
 */
export const exhaustive = process.env['CC_EXHAUSTIVE'] === '1';

/** The everyday size, or the full one under CC_EXHAUSTIVE=1. */
export const sized = (everyday: number, full: number) => (exhaustive ? full : everyday);
