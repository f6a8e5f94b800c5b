export * from './steps';
export * from './system';
export * from './engine';
