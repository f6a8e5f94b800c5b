export * from './steps';
export * from './system';
export * from './engine';
export * from './view';
export * from './setupForm';
export * from './rollGroups';
export * from './stepEngine';
export * from './setupLayout';
