export * from './profiles';
export * from './documents';
export * from './exchange';
