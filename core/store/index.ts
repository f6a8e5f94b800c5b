export * from './db';
export * from './rows';
export * from './repo';
