export * from './prng';
export * from './expression';
export * from './source';
