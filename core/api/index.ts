export * from './contract';
export * from './reply';
export * from './bounds';
export * from './backend';
export * from './dispatch';
export * from './client';
export { formatPath, fieldProblems, type FieldProblem } from '../validation/issues';
export * from './identity';
